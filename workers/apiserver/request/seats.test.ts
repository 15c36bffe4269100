import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Seats, type SeatOptions } from './seats.ts';

/** Seats on a clock the test moves: each sleep advances it, then lets the other waiters run. */
function seats(o: Partial<SeatOptions> & { limit: number }) {
  const clock = { now: 0 };
  const s = new Seats({
    queueLength: 10,
    maxWaitMs: 1_000,
    pollMs: 10,
    now: () => clock.now,
    sleep: async (ms) => {
      await new Promise((ok) => setImmediate(ok));
      clock.now += ms;
    },
    ...o,
  });
  return { s, clock };
}

test('past the limit a request waits for a seat rather than being refused, and gets the seat that frees', async () => {
  const { s } = seats({ limit: 2 });
  const a = (await s.take())!;
  const b = await s.take();
  assert.ok(a && b);
  let third: unknown;
  const waiting = s.take().then((seat) => (third = seat));
  await new Promise((ok) => setImmediate(ok));
  assert.equal(third, undefined, 'no seat while two are taken');
  assert.equal(s.waiting, 1);
  s.release(a);
  assert.ok(await waiting, 'the freed seat went to the waiter');
  assert.equal(s.inFlight, 2);
  assert.equal(s.waiting, 0);
});

test('waiters go in first come, first served; a newcomer queues behind them', async () => {
  const { s } = seats({ limit: 1 });
  const held = (await s.take())!;
  const order: string[] = [];
  const first = s.take().then((seat) => (order.push('first'), seat!));
  await new Promise((ok) => setImmediate(ok));
  const second = s.take().then((seat) => (order.push('second'), seat!));
  s.release(held);
  s.release(await first);
  await second;
  assert.deepEqual(order, ['first', 'second']);
});

test('refused when the queue is full, or when the turn does not come within maxWaitMs', async () => {
  const { s } = seats({ limit: 1, queueLength: 1, maxWaitMs: 100 });
  await s.take();
  const waiting = s.take();
  assert.equal(await s.take(), undefined, 'the queue is full');
  assert.equal(await waiting, undefined, 'the wait passed maxWaitMs');
  assert.equal(s.waiting, 0);
});

test("a seat held past seatTimeoutMs (its request cancelled, its `finally` never run) is freed for a waiter", async () => {
  const { s } = seats({ limit: 1, seatTimeoutMs: 500, maxWaitMs: 10_000 });
  assert.ok(await s.take()); // never released
  const seat = await s.take();
  assert.ok(seat, 'the waiter got the lost seat back once it timed out');
  assert.equal(s.inFlight, 1);
});

test('a waiter whose request is gone (it stopped looking for its turn) no longer holds the queue', async () => {
  const clock = { now: 0 };
  const sleeps: (() => void)[] = [];
  const s = new Seats({ limit: 1, queueLength: 10, maxWaitMs: 60_000, pollMs: 10, now: () => clock.now, sleep: () => new Promise((ok) => sleeps.push(ok)) });
  const held = (await s.take())!;
  void s.take(); // its request is cancelled: its sleeps are never resumed
  const live = s.take();
  await new Promise((ok) => setImmediate(ok));
  assert.equal(s.waiting, 2);
  s.release(held);
  clock.now = 5_000;
  sleeps.pop()!(); // only the live waiter's timer fires
  assert.ok(await live, 'the live waiter went in, past the gone one');
  assert.equal(s.waiting, 0);
});
