/** The local webhook caller's own checks, before any connection is made. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callWebhook } from './webhook-caller.ts';

test('a url that is not https is refused in Go\'s words', async () => {
  assert.deepEqual(await callWebhook({ url: 'http://127.0.0.1:1/x?timeout=10s', timeoutMs: 1000, body: '{}' }), { error: 'unsupported protocol scheme "http"' });
});

test('an unreachable webhook is a transport error, not an answer', async () => {
  assert.deepEqual(await callWebhook({ url: 'https://127.0.0.1:1/x?timeout=10s', timeoutMs: 1000, body: '{}' }), { error: 'dial tcp 127.0.0.1:1: connect: connection refused' });
});
