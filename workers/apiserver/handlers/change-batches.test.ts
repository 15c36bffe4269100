import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LOST_MS, MAX_PER_MESSAGE, sendChange } from './change-batches.ts';

/** A queue whose sends complete when `release()` is called, recording each message's body (an array of changes). */
function fakeQueue() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const queue = {
    send(body: number[]) {
      batches.push(body);
      return new Promise<void>((ok) => releases.push(ok));
    },
  };
  const releaseAll = () => releases.splice(0).forEach((r) => r());
  return { queue, batches, releaseAll };
}

const tick = () => new Promise((ok) => setImmediate(ok));

test('messages of the same turn go as one batch; those sent meanwhile go together in the next, after it', async () => {
  const { queue, batches, releaseAll } = fakeQueue();
  const first = [sendChange(queue, 1), sendChange(queue, 2)];
  assert.notEqual(first[0], first[1], "the message that joins gets no other request's promise");
  assert.equal(await Promise.race([first[1].then(() => 'settled'), tick().then(() => 'pending')]), 'settled', 'what joins a batch has nothing to wait for');
  assert.equal(await Promise.race([first[0].then(() => 'settled'), tick().then(() => 'pending')]), 'pending', 'the request that started the batch waits for its send');
  assert.deepEqual(batches, [[1, 2]], 'one queue message, an array, for the commits of one turn');
  const second = [sendChange(queue, 3)];
  await tick();
  second.push(sendChange(queue, 4));
  await tick();
  assert.deepEqual(batches, [[1, 2]], 'nothing more is sent while a batch is in flight');
  let firstDone = false;
  void Promise.all(first).then(() => (firstDone = true));
  releaseAll();
  await new Promise((ok) => setTimeout(ok, 20)); // the next batch looks every millisecond
  assert.ok(firstDone, "the first batch's senders learn it was sent");
  assert.deepEqual(batches, [[1, 2], [3, 4]], 'what arrived meanwhile goes as the next batch');
  releaseAll();
  await Promise.all(second);
});

test('a batch larger than a queue message should carry is split into messages, every change sent once', async () => {
  const { queue, batches, releaseAll } = fakeQueue();
  const sent = Array.from({ length: 2 * MAX_PER_MESSAGE + 5 }, (_, i) => sendChange(queue, i));
  await tick();
  assert.deepEqual(batches.map((b) => b.length), [MAX_PER_MESSAGE, MAX_PER_MESSAGE, 5]);
  assert.deepEqual(batches.flat(), Array.from({ length: 2 * MAX_PER_MESSAGE + 5 }, (_, i) => i));
  releaseAll();
  await Promise.all(sent);
});

test('a failed send rejects its senders only, and the next batch is still sent', async () => {
  let fail = true;
  const batches: number[][] = [];
  const queue = {
    async send(body: number[]) {
      batches.push(body);
      if (fail) throw new Error('queue down');
    },
  };
  const lost = sendChange(queue, 1);
  await assert.rejects(lost, /queue down/);
  fail = false;
  await sendChange(queue, 2);
  assert.deepEqual(batches, [[1], [2]]);
});

test('a message of the largest possible changes stays well under the 128 KB a queue message may hold', () => {
  const long = 'a'.repeat(253); // the longest name, namespace, group and cluster name allowed
  const change = { cluster: long, rev: Number.MAX_SAFE_INTEGER, group: long, resource: long.slice(0, 63), namespace: long.slice(0, 63), name: long, type: 'MODIFIED', ownersChanged: true, deleting: true };
  const bytes = new TextEncoder().encode(JSON.stringify(Array.from({ length: MAX_PER_MESSAGE }, () => change))).length;
  assert.ok(bytes < 96 * 1024, `${bytes} bytes`);
});

test('a send whose request workerd ended (never answered) holds the next batches back LOST_MS at most', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 });
  const sent: number[][] = [];
  const queue = {
    send(body: number[]) {
      sent.push(body);
      return sent.length === 1 ? new Promise<void>(() => undefined) : Promise.resolve();
    },
  };
  void sendChange(queue, 1); // its send is never answered
  for (let i = 0; i < 5; i++) await Promise.resolve();
  const next = sendChange(queue, 2);
  for (let i = 0; i < 5; i++) await Promise.resolve();
  t.mock.timers.tick(LOST_MS / 2);
  for (let i = 0; i < 5; i++) await Promise.resolve();
  assert.deepEqual(sent, [[1]], 'a batch in flight is waited for');
  t.mock.timers.tick(LOST_MS);
  await next;
  assert.deepEqual(sent, [[1], [2]]);
});
