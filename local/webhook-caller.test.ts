/** The local webhook caller: its own checks before any connection is made, and its server. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WorkerOptions } from 'miniflare';
import { ERROR_HEADER, TIMEOUT_HEADER, URL_HEADER } from '../workers/apiserver/admission/webhooks/caller-protocol.ts';
import { callWebhook, startWebhookCaller } from './webhook-caller.ts';

test('a url that is not https is refused in Go\'s words', async () => {
  assert.deepEqual(await callWebhook({ url: 'http://127.0.0.1:1/x?timeout=10s', timeoutMs: 1000, body: '{}' }), { error: 'unsupported protocol scheme "http"' });
});

test('an unreachable webhook is a transport error, not an answer', async () => {
  assert.deepEqual(await callWebhook({ url: 'https://127.0.0.1:1/x?timeout=10s', timeoutMs: 1000, body: '{}' }), { error: 'dial tcp 127.0.0.1:1: connect: connection refused' });
});

test('the caller answers workerd on a Unix socket of its own, bound as an external service, and closes it', async () => {
  const caller = await startWebhookCaller();
  const bound = caller.bind({ name: 'api' } as WorkerOptions).serviceBindings as Record<string, { external?: { address: string } }>;
  const address = bound.WEBHOOK_CALLER.external?.address ?? '';
  assert.match(address, /^unix:\//, 'workerd reaches it directly: no JS worker in between');
  const socketPath = address.slice('unix:'.length);
  const answer = await new Promise<{ status?: number; error?: string; body: string }>((resolve, reject) => {
    const req = request({ socketPath, path: '/x', method: 'POST', headers: { [URL_HEADER]: 'https://127.0.0.1:1/x?timeout=1s', [TIMEOUT_HEADER]: '1000' } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d)).on('end', () => resolve({ status: res.statusCode, error: res.headers[ERROR_HEADER.toLowerCase()] as string, body }));
    });
    req.on('error', reject);
    req.end('{}');
  });
  assert.deepEqual(answer, { status: 502, error: '1', body: 'dial tcp 127.0.0.1:1: connect: connection refused' });
  await caller.close();
  assert.equal(existsSync(socketPath), false);
});

test("a start removes the socket directories of killed runtimes, not a live one's", async () => {
  const deadPid = spawnSync(process.execPath, ['-e', '']).pid!; // exited: its pid names no process now
  const orphan = await mkdtemp(join(tmpdir(), `timonier-webhooks-${deadPid}-`));
  const live = await mkdtemp(join(tmpdir(), `timonier-webhooks-${process.pid}-`));
  const caller = await startWebhookCaller();
  try {
    assert.equal(existsSync(orphan), false, "a killed runtime's directory is gone");
    assert.equal(existsSync(live), true, "a running runtime's stays");
  } finally {
    await caller.close();
    await rm(live, { recursive: true, force: true });
  }
});
