import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WatchSender } from './watch-sender.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** A writer whose writes complete only when the test says so, recording each chunk. */
function heldWriter() {
  const chunks: string[] = [];
  const pending: (() => void)[] = [];
  let closed = false;
  let aborted = false;
  const writer = {
    write: (c: Uint8Array) => new Promise<void>((ok) => (chunks.push(text(c)), pending.push(ok))),
    close: async () => void (closed = true),
    abort: async () => void (aborted = true),
  } as unknown as WritableStreamDefaultWriter<Uint8Array>;
  const release = async () => {
    pending.shift()?.();
    await new Promise((ok) => setImmediate(ok));
  };
  return { writer, chunks, release, closed: () => closed, aborted: () => aborted };
}

test('send does not wait for the client; what comes meanwhile goes out as one chunk, in order', async () => {
  const w = heldWriter();
  const sender = new WatchSender(w.writer, () => assert.fail('not lost'));
  sender.send(bytes('a\n')); // returns at once, though the client has not taken it
  sender.send(bytes('b\n'));
  sender.send(bytes('c\n'));
  assert.deepEqual(w.chunks, ['a\n']);
  assert.equal(sender.busy, true);
  await w.release();
  assert.deepEqual(w.chunks, ['a\n', 'b\nc\n']);
  await w.release();
  assert.equal(sender.busy, false);
  sender.send(bytes('d\n'));
  assert.deepEqual(w.chunks, ['a\n', 'b\nc\n', 'd\n']);
});

test('end closes the stream after everything sent before it, and drops what is sent after', async () => {
  const w = heldWriter();
  const sender = new WatchSender(w.writer, () => assert.fail('not lost'));
  sender.send(bytes('a\n'));
  sender.send(bytes('ERROR\n'));
  sender.end();
  sender.send(bytes('late\n'));
  assert.equal(w.closed(), false);
  await w.release();
  await w.release();
  assert.deepEqual(w.chunks, ['a\n', 'ERROR\n']);
  assert.equal(w.closed(), true);
});

test('a client that leaves too much unread is cut off', async () => {
  const w = heldWriter();
  let lost = 0;
  const sender = new WatchSender(w.writer, () => lost++, 10);
  sender.send(bytes('first\n'));
  sender.send(bytes('12345\n'));
  assert.equal(lost, 0);
  sender.send(bytes('678901\n')); // 13 bytes waiting > 10
  assert.equal(lost, 1);
  assert.equal(w.aborted(), true);
  assert.equal(sender.open, false);
  sender.send(bytes('more\n'));
  await w.release();
  assert.deepEqual(w.chunks, ['first\n']);
  assert.equal(lost, 1);
});

test('a failed write (the client went away) loses the stream once', async () => {
  let lost = 0;
  const writer = { write: async () => Promise.reject(new Error('gone')), close: async () => undefined, abort: async () => undefined } as unknown as WritableStreamDefaultWriter<Uint8Array>;
  const sender = new WatchSender(writer, () => lost++);
  sender.send(bytes('a\n'));
  sender.send(bytes('b\n'));
  await new Promise((ok) => setImmediate(ok));
  assert.equal(lost, 1);
  assert.equal(sender.open, false);
});
