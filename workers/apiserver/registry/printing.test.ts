import { test } from 'node:test';
import assert from 'node:assert/strict';
import { age, defaultTable, formatLabels, formatSelector, humanDuration, joinMax3, nameColumn, ageColumn, selectorString } from './printing.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const Y = 365 * D;

test('humanDuration follows HumanDuration row by row', () => {
  const rows: [number, string][] = [
    [-2 * S, '<invalid>'],
    [-1500, '0s'], // truncated toward zero: -1 → "0s"
    [-1 * S, '0s'],
    [0, '0s'],
    [5 * S, '5s'],
    [119 * S + 999, '119s'],
    [120 * S, '2m'],
    [3 * M + 2 * S, '3m2s'],
    [9 * M + 59 * S, '9m59s'],
    [10 * M + 30 * S, '10m'],
    [45 * M, '45m'],
    [179 * M + 59 * S, '179m'],
    [3 * H, '3h'],
    [4 * H + 5 * M, '4h5m'],
    [7 * H + 59 * M, '7h59m'],
    [8 * H + 30 * M, '8h'],
    [47 * H, '47h'],
    [48 * H, '2d'],
    [2 * D + 3 * H, '2d3h'],
    [7 * D + 23 * H, '7d23h'],
    [8 * D + 5 * H, '8d'],
    [729 * D, '729d'],
    [2 * Y, '2y'],
    [2 * Y + 10 * D, '2y10d'],
    [7 * Y + 364 * D, '7y364d'],
    [8 * Y + 100 * D, '8y'],
    [20 * Y, '20y'],
  ];
  for (const [ms, want] of rows) assert.equal(humanDuration(ms), want, `${ms}ms`);
});

test('age of a timestamp', () => {
  const now = Date.parse('2025-01-01T12:00:00Z');
  assert.equal(age('2025-01-01T11:59:55Z', now), '5s');
  assert.equal(age('2025-01-01T11:00:00Z', now), '60m');
  assert.equal(age(undefined, now), '<unknown>');
  assert.equal(age(null, now), '<unknown>');
  assert.equal(age('2025-01-01T12:00:05Z', now), '<invalid>');
});

test('formatLabels sorts and joins; empty is <none>', () => {
  assert.equal(formatLabels({ b: '2', a: '1' }), 'a=1,b=2');
  assert.equal(formatLabels({}), '<none>');
  assert.equal(formatLabels(undefined), '<none>');
});

test('formatSelector renders requirements sorted by key', () => {
  assert.equal(
    formatSelector({
      matchLabels: { tier: 'web', app: 'x' },
      matchExpressions: [
        { key: 'env', operator: 'In', values: ['prod', 'dev'] },
        { key: 'zone', operator: 'NotIn', values: ['b', 'a'] },
        { key: 'gpu', operator: 'Exists' },
        { key: 'legacy', operator: 'DoesNotExist' },
      ],
    }),
    'app=x,env in (dev,prod),gpu,!legacy,tier=web,zone notin (a,b)',
  );
  assert.equal(formatSelector({}), '<none>');
  assert.equal(formatSelector(undefined), '<none>');
  assert.equal(formatSelector({ matchExpressions: [{ key: 'a', operator: 'Bogus' }] }), '<error>');
  assert.equal(formatSelector({ matchExpressions: [{ key: 'a', operator: 'In', values: [] }] }), '<error>');
  assert.equal(formatSelector({ matchLabels: { 'bad key': 'x' } }), '<error>');
  assert.equal(selectorString({}), '');
});

test('joinMax3', () => {
  assert.equal(joinMax3([]), '');
  assert.equal(joinMax3(['a', 'b', 'c']), 'a,b,c');
  assert.equal(joinMax3(['a', 'b', 'c', 'd', 'e']), 'a,b,c + 2 more...');
});

test('shared columns carry Kubernetes descriptions and always a format', () => {
  assert.equal(nameColumn.format, 'name');
  assert.match(nameColumn.description, /^Name must be unique within a namespace/);
  assert.equal(ageColumn.format, '');
  assert.match(ageColumn.description, /^CreationTimestamp is a timestamp/);
  assert.deepEqual(
    defaultTable.columns.map((c) => [c.name, c.type]),
    [
      ['Name', 'string'],
      ['Created At', 'date'],
    ],
  );
  assert.deepEqual(defaultTable.cells({ metadata: { name: 'r', creationTimestamp: '2024-05-01T10:00:00Z' } }), ['r', '2024-05-01T10:00:00Z']);
});
