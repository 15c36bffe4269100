import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpuQuantity, goDuration, memoryQuantity } from './format.ts';

test('usage and windows are written as metrics-server writes them', () => {
  assert.equal(cpuQuantity(250e6), '250m');
  assert.equal(cpuQuantity(123456789), '123456789n');
  assert.equal(cpuQuantity(0), '0');
  assert.equal(memoryQuantity(64 * 2 ** 20), '64Mi');
  assert.equal(memoryQuantity(1000), '1k');
  assert.equal(goDuration(15), '15s');
  assert.equal(goDuration(14.862), '14.862s');
  assert.equal(goDuration(60.5), '1m0.5s');
});
