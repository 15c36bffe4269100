import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LogFeed } from './log-feed.ts';

const text = (s: string) => new TextEncoder().encode(s);

test('the response starts with the first bytes and ends with the node', async () => {
  const feed = new LogFeed();
  setTimeout(() => feed.push(text('a\n')), 20);
  const res = await feed.response(5000, () => assert.fail('not cancelled'));
  assert.equal(res.status, 200);
  setTimeout(() => {
    feed.push(text('b\n'));
    feed.end();
  }, 20);
  assert.equal(await res.text(), 'a\nb\n');
});

test('an error before any byte is the answer; an empty log is an empty 200 after the wait', async () => {
  const failed = new LogFeed();
  failed.end({ code: 400, message: 'previous terminated container "c" in pod "p" not found' });
  const res = await failed.response(5000, () => undefined);
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), { error: { code: 400, message: 'previous terminated container "c" in pod "p" not found' } });

  const quiet = new LogFeed();
  const started = Date.now();
  const empty = await quiet.response(50, () => undefined);
  assert.ok(Date.now() - started >= 45);
  quiet.end();
  assert.equal(await empty.text(), '');
});

test('a reader that goes away cancels the request', async () => {
  const feed = new LogFeed();
  feed.push(text('x'));
  let cancelled = 0;
  const res = await feed.response(1000, () => cancelled++);
  await res.body!.cancel();
  await new Promise((r) => setTimeout(r, 20));
  assert.ok(cancelled >= 1);
  assert.equal(feed.push(text('more')) > 0, true); // pushing after is harmless
});
