import { test } from 'node:test';
import assert from 'node:assert/strict';
import type * as v from 'valibot';
import { shape } from '../../schema/walk.ts';
import { labelSelector, objectMeta } from '../meta.ts';
import { podSchema } from './pod.ts';
import { deploymentSchema } from '../apps/deployment.ts';
import { replicaSetSchema } from '../apps/replicaset.ts';

type Entries = Record<string, v.GenericSchema>;
const entriesOf = (schema: v.GenericSchema) => (shape(schema) as { entries: Entries }).entries;
/** meta/v1 messages are not described here (meta.ts owns them) */
const metaMessages = () => new Set<object>([entriesOf(labelSelector), entriesOf(objectMeta)]);

/** Every field of every message: a protobuf number unique in its message, and a description. */
function audit(schema: v.GenericSchema, path: string, problems: string[], seen = metaMessages()) {
  const s = shape(schema);
  if (s.kind === 'array') return audit(s.item, `${path}[]`, problems, seen);
  if (s.kind === 'record') return audit(s.value, `${path}{}`, problems, seen);
  if (s.kind !== 'object' || seen.has(s.entries)) return;
  seen.add(s.entries);
  const numbers = new Map<string, string>();
  for (const [name, field] of Object.entries(s.entries)) {
    const f = shape(field);
    const at = `${path}.${name}`;
    if (name === 'apiVersion' || name === 'kind') continue;
    if (f.meta.pb === undefined) problems.push(`${at}: no protobuf number`);
    const key = `${f.meta.via ?? ''}/${f.meta.pb}`;
    if (numbers.has(key)) problems.push(`${at}: protobuf number ${key} also used by ${numbers.get(key)}`);
    numbers.set(key, name);
    if (!f.doc) problems.push(`${at}: no description`);
    audit(field, at, problems, seen);
  }
}

for (const [name, schema] of [
  ['Pod', podSchema],
  ['Deployment', deploymentSchema],
  ['ReplicaSet', replicaSetSchema],
] as const) {
  test(`${name}: every field has a unique protobuf number and a description`, () => {
    const problems: string[] = [];
    audit(schema, name, problems);
    assert.deepEqual(problems, []);
  });
}

test('strategic merge and apply markers of the pod spec lists (merge-apply-protobuf.md §1.2)', () => {
  const entries = entriesOf(entriesOf(podSchema).spec);
  const meta = (k: string) => shape(entries[k]).meta;
  assert.deepEqual(
    { ...meta('volumes'), pb: undefined },
    { pb: undefined, patchStrategy: 'merge,retainKeys', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'] },
  );
  assert.equal(meta('tolerations').listType, 'atomic');
  assert.equal(meta('tolerations').patchStrategy, undefined);
  assert.deepEqual(meta('topologySpreadConstraints').listMapKeys, ['topologyKey', 'whenUnsatisfiable']);
  assert.equal(meta('topologySpreadConstraints').patchMergeKey, 'topologyKey');
  assert.equal(meta('nodeSelector').mapType, 'atomic');
  assert.equal(meta('containers').keep, true);
});
