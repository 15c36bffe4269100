import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PendingRequeues } from './requeues.ts';

test('a key waiting for a time is not requeued again for that time or a later one; an earlier time is sent', () => {
  const q = new PendingRequeues();
  assert.equal(q.ask('c|ctl|ns/a', 10_000, 0), true);
  assert.equal(q.ask('c|ctl|ns/a', 10_000, 1), false, 'the same time again');
  assert.equal(q.ask('c|ctl|ns/a', 20_000, 2), false, 'a later time');
  assert.equal(q.ask('c|ctl|ns/a', 5_000, 3), true, 'an earlier time wins');
  assert.equal(q.ask('c|ctl|ns/a', 8_000, 4), false, 'later than the earliest pending');
  assert.equal(q.ask('c|other|ns/a', 10_000, 5), true, 'another controller has keys of its own');
  assert.equal(q.ask('other|ctl|ns/a', 10_000, 5), true, 'and so has another cluster');
});

test('once its message came, a key is requeued again', () => {
  const q = new PendingRequeues();
  assert.equal(q.ask('k', 5_000, 0), true);
  q.delivered('k');
  assert.equal(q.ask('k', 10_000, 5_000), true);
  assert.equal(q.size, 1);
});

test('a message long overdue is taken as lost, and one that could not be sent holds nothing', () => {
  const q = new PendingRequeues();
  assert.equal(q.ask('k', 5_000, 0), true);
  assert.equal(q.ask('k', 70_000, 64_999), false);
  assert.equal(q.ask('k', 70_000, 65_000), true, 'a minute past due');
  q.forget('k', 70_000);
  assert.equal(q.ask('k', 80_000, 65_001), true);
});

test('a later time asked while an earlier one is pending is not lost: it is sent when the earlier comes', () => {
  const q = new PendingRequeues();
  assert.equal(q.ask('k', 5_000, 0), true);
  assert.equal(q.ask('k', 9_000, 1), false);
  assert.equal(q.ask('k', 7_000, 2), false, 'the earliest of the later times is kept');
  assert.equal(q.delivered('k'), 7_000);
  assert.equal(q.delivered('k'), undefined, 'nothing pending any more');
  assert.equal(q.ask('k', 5_000, 0), true);
  assert.equal(q.ask('k', 3_000, 1), true, 'an earlier time is sent; the pending one becomes the later');
  assert.equal(q.delivered('k'), 5_000);
});
