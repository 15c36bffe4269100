import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CounterRates } from './rates.ts';

test('a rate needs two samples a window apart', () => {
  const r = new CounterRates(1000);
  assert.equal(r.observe('c', { at: 0, value: 0 }), undefined);
  // too soon: no window yet
  assert.equal(r.observe('c', { at: 500, value: 1e8 }), undefined);
  const rate = r.observe('c', { at: 2000, value: 5e8 });
  assert.deepEqual(rate, { at: 2000, windowMs: 2000, perSecond: 2.5e8 });
  // a sample soon after answers the last rate again
  assert.deepEqual(r.observe('c', { at: 2100, value: 6e8 }), rate);
});

test('a counter that goes backwards starts over, and gone counters are forgotten', () => {
  const r = new CounterRates(1000);
  r.observe('c', { at: 0, value: 1e9 });
  assert.equal(r.observe('c', { at: 2000, value: 10 }), undefined);
  assert.equal(r.observe('c', { at: 4000, value: 2e9 + 10 })?.perSecond, 1e9);
  r.retain(new Set());
  assert.equal(r.observe('c', { at: 6000, value: 3e9 }), undefined);
});

test('a reading older than the last one answers the last rate and does not start over', () => {
  const r = new CounterRates(1000);
  r.observe('c', { at: 0, value: 0 });
  const rate = r.observe('c', { at: 2000, value: 1e9 });
  assert.deepEqual(r.observe('c', { at: 1900, value: 9e8 }), rate);
  assert.deepEqual(r.observe('c', { at: 4000, value: 3e9 }), { at: 4000, windowMs: 2000, perSecond: 1e9 });
});
