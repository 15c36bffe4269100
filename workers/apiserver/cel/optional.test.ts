import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BOOL, compile, DYN, evaluate, fromCel, PER_CALL_LIMIT, toCelInput } from './index.ts';
import { markOptionals } from './optional.ts';

const object = toCelInput({ metadata: { name: 'web', labels: { team: 'blue' } }, spec: { ports: [80, 443], empty: '' } });

async function run(expr: string): Promise<unknown> {
  const c = compile(expr, { object: DYN });
  if (!c.ok) throw new Error(c.error);
  const r = await evaluate(c.program, { object }, { limit: PER_CALL_LIMIT });
  if (!r.ok) throw new Error(r.error);
  return fromCel(r.value);
}

test('optional selection and indexing: the value when present, none when absent, along the whole chain', async () => {
  const cases: [string, unknown][] = [
    ["object.metadata.?labels.team.orValue('none')", 'blue'],
    ["object.metadata.?annotations.owner.orValue('none')", 'none'],
    ["object.?status.phase.orValue('Pending')", 'Pending'],
    ['object.metadata.?labels.hasValue()', true],
    ["object.metadata.labels[?'team'].value()", 'blue'],
    ["object.metadata.labels[?'app'].hasValue()", false],
    ['object.spec.ports[?1].orValue(0)', 443],
    ['object.spec.ports[?5].orValue(0)', 0],
    ["object.?spec.ports[?0].orValue(0) == 80 && object.?nope[?0].orValue(1) == 1", true],
    ['optional.of(2).value() + optional.none().orValue(3)', 5],
    ['optional.ofNonZeroValue(object.spec.empty).hasValue() || !optional.ofNonZeroValue(object.spec.ports).hasValue()', false],
    ['object.?status.or(optional.of(7)).value()', 7],
    // markers inside strings and comments are text
    ["'a.?b' + \"[?c]\" + r'.?'", 'a.?b[?c].?'],
  ];
  for (const [expr, want] of cases) assert.deepEqual(await run(expr), want, expr);
  await assert.rejects(run('object.?status.value()'), /^Error: optional.none\(\) dereference$/);
});

test('optional markers keep offsets: errors point into the expression as written', () => {
  const m = markOptionals("a.?b[?'k'] + [?x] // .?");
  assert.equal(m.source, "a. b[ 'k'] + [ x] // .?");
  assert.deepEqual([...m.selects], [1]);
  assert.deepEqual([...m.indexes], [4]);
  assert.deepEqual([...m.entries], [[13, [0]]]);
  assert.equal(compile('object.?spec.replicas.orValue(0) > 1', { object: DYN }, { returns: [BOOL] }).ok, true);
  const notBool = compile('object.?spec.replicas', { object: DYN }, { returns: [BOOL] });
  assert.deepEqual(notBool, { ok: false, error: 'must evaluate to bool but got dyn' });
  const bad = compile('object.?spec.(', { object: DYN });
  assert.equal(bad.ok, false);
  assert.match(!bad.ok ? bad.error : '', /\n \| object\.\?spec\.\(\n/);
});

test('optional entries of list and map literals: left out when none, unwrapped when present', async () => {
  const cases: [string, unknown][] = [
    ["[1, ?object.metadata.?labels.team, ?object.?nope, 4]", [1, 'blue', 4]],
    ["{'a': 1, ?'b': object.?spec.missing, ?'c': optional.of(3)}", { a: 1, c: 3 }],
    ['[?optional.none()].size() == 0', true],
    // nested literals count their own entries; a ternary's `?` is no entry mark
    ["[[?optional.of(1), 2], ?optional.none(), true ? 'x' : 'y', {'k': [?optional.of('v')]}]", [[1, 2], 'x', { k: ['v'] }]],
  ];
  for (const [expr, want] of cases) assert.deepEqual(await run(expr), want, expr);
  await assert.rejects(run('[1, ?2]'), /no such overload: optional entry of type int/);
  assert.deepEqual([...markOptionals("f(a)[?0] + Msg{?f: x} + [a, (b), ?c]").entries], [[24, [2]]], 'an index and a message are not literals to mark');
});
