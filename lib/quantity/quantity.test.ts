import { test } from 'node:test';
import assert from 'node:assert/strict';
import { add, canonical, compareQuantities, formatQuantity, milliValue, nanoUnits, parseQuantity, value } from './quantity.ts';

test('canonical strings, as Quantity.String() prints them', () => {
  const cases: [string | number, string][] = [
    ['0', '0'],
    ['0.5', '500m'],
    ['1000m', '1'],
    ['1500m', '1500m'],
    ['2000', '2k'],
    ['1500', '1500'],
    ['1.5Gi', '1536Mi'],
    ['2048Mi', '2Gi'],
    ['0.5Ki', '512'],
    ['1000Ki', '1000Ki'],
    ['1e3', '1e3'],
    ['1.5e3', '1500'],
    ['100Mi', '100Mi'],
    ['1n', '1n'],
    ['0.1n', '1n'],
    ['-500m', '-500m'],
    [2, '2'],
    [0.25, '250m'],
  ];
  for (const [text, want] of cases) assert.equal(canonical(text), want, `${text}`);
});

test('nano units, values rounded away from zero, comparison', () => {
  assert.equal(nanoUnits('1Ki'), 1024n * 1_000_000_000n);
  assert.equal(nanoUnits('bogus'), undefined);
  assert.equal(value(parseQuantity('1500m')!), 2n);
  assert.equal(milliValue(parseQuantity('1n')!), 1n);
  assert.equal(milliValue(parseQuantity('-1n')!), -1n);
  assert.equal(compareQuantities('1Gi', '1024Mi'), 0);
  assert.equal(compareQuantities('1G', '1Gi'), -1);
});

test('a sum keeps the format of its left side unless that side is zero', () => {
  const mi = parseQuantity('128Mi')!;
  assert.equal(formatQuantity(add({ nano: 0n, format: 'DecimalSI' }, mi)), '128Mi');
  assert.equal(formatQuantity(add(parseQuantity('1')!, parseQuantity('500m')!)), '1500m');
  assert.equal(formatQuantity(add(parseQuantity('1000')!, mi)), '134218728');
});
