import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CronError, nextAfter, parseSchedule, rfc3339In, validTimeZone } from './schedule.ts';

const at = (iso: string) => Date.parse(iso);
const next = (spec: string, from: string, tz?: string) => new Date(nextAfter(parseSchedule(spec), at(from), tz)!).toISOString();

test('every minute, steps, ranges and names', () => {
  assert.equal(next('* * * * *', '2025-03-01T10:00:30Z'), '2025-03-01T10:01:00.000Z');
  assert.equal(next('*/15 * * * *', '2025-03-01T10:16:00Z'), '2025-03-01T10:30:00.000Z');
  assert.equal(next('0 9-17/4 * * MON-FRI', '2025-03-01T10:00:00Z'), '2025-03-03T09:00:00.000Z'); // Saturday → Monday
  assert.equal(next('30 2 1 jan *', '2025-03-01T00:00:00Z'), '2026-01-01T02:30:00.000Z');
});

test('descriptors', () => {
  assert.equal(next('@hourly', '2025-03-01T10:00:00Z'), '2025-03-01T11:00:00.000Z');
  assert.equal(next('@daily', '2025-03-01T10:00:00Z'), '2025-03-02T00:00:00.000Z');
  assert.equal(next('@weekly', '2025-03-01T10:00:00Z'), '2025-03-02T00:00:00.000Z'); // a Sunday
  assert.equal(next('@monthly', '2025-03-01T10:00:00Z'), '2025-04-01T00:00:00.000Z');
  assert.equal(next('@yearly', '2025-03-01T10:00:00Z'), '2026-01-01T00:00:00.000Z');
  assert.equal(next('@every 90s', '2025-03-01T10:00:00Z'), '2025-03-01T10:01:30.000Z');
});

test('day of month and day of week: either when both are restricted, both when one is *', () => {
  assert.equal(next('0 0 13 * 5', '2025-03-01T00:00:00Z'), '2025-03-07T00:00:00.000Z'); // a Friday before the 13th
  assert.equal(next('0 0 13 * *', '2025-03-01T00:00:00Z'), '2025-03-13T00:00:00.000Z');
});

test('time zones: the wall clock of the zone, across a DST change', () => {
  assert.equal(next('0 9 * * *', '2025-03-01T00:00:00Z', 'Europe/Paris'), '2025-03-01T08:00:00.000Z');
  assert.equal(next('0 9 * * *', '2025-04-01T00:00:00Z', 'Europe/Paris'), '2025-04-01T07:00:00.000Z');
  assert.equal(next('0 9 * * *', '2025-03-01T00:00:00Z', 'America/New_York'), '2025-03-01T14:00:00.000Z');
  assert.equal(rfc3339In(at('2025-04-01T07:00:00Z'), 'Europe/Paris'), '2025-04-01T09:00:00+02:00');
  assert.equal(rfc3339In(at('2025-04-01T07:00:00Z'), undefined), '2025-04-01T07:00:00Z');
  assert.ok(validTimeZone('Europe/Paris'));
  assert.ok(!validTimeZone('Mars/Olympus'));
});

test("robfig's error texts", () => {
  const err = (s: string) => {
    try {
      parseSchedule(s);
    } catch (e) {
      assert.ok(e instanceof CronError);
      return e.message;
    }
    return 'no error';
  };
  assert.equal(err(''), 'empty spec string');
  assert.equal(err('foo'), 'expected exactly 5 fields, found 1: [foo]');
  assert.equal(err('60 * * * *'), 'end of range (60) above maximum (59): 60');
  assert.equal(err('x * * * *'), 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax');
  assert.equal(err('@fortnightly'), 'unrecognized descriptor: @fortnightly');
  assert.equal(err('5-2 * * * *'), 'beginning of range (5) beyond end of range (2): 5-2');
  assert.equal(err('*/0 * * * *'), 'step of range should be a positive number: */0');
  assert.equal(err('* * * * 7'), 'end of range (7) above maximum (6): 7');
});
