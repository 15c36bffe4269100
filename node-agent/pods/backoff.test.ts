import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Backoff } from './backoff.ts';

test('the first crash restarts at once, later ones wait 10 s, 20 s, 40 s ... from the exit', () => {
  const b = new Backoff();
  let now = 1_000_000;
  const waits: number[] = [];
  for (let i = 0; i < 8; i++) {
    const finishedAt = now;
    const wait = b.remaining('c', finishedAt, now);
    waits.push(wait / 1000);
    now += wait;
    b.next('c', now);
    now += 1000; // runs one second, crashes again
  }
  assert.deepEqual(waits, [0, 10, 20, 40, 80, 160, 300, 300]);
});

test('the wait counts from when the container finished', () => {
  const b = new Backoff();
  b.next('c', 0);
  assert.equal(b.remaining('c', 5_000, 12_000), 3_000);
  assert.equal(b.remaining('c', 5_000, 20_000), 0);
});

test('ten minutes without a restart start the sequence over', () => {
  const b = new Backoff();
  b.next('c', 0);
  b.next('c', 1_000);
  assert.equal(b.delay('c', 2_000), 20_000);
  const later = 1_000 + 600_001;
  assert.equal(b.remaining('c', later, later), 0);
  b.next('c', later);
  assert.equal(b.delay('c', later), 10_000);
});

test('keys are independent and reset forgets one', () => {
  const b = new Backoff();
  b.next('a', 0);
  b.next('a', 0);
  b.next('b', 0);
  assert.equal(b.delay('a', 0), 20_000);
  assert.equal(b.delay('b', 0), 10_000);
  b.reset('a');
  assert.equal(b.delay('a', 0), 0);
});
