import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reconcileTaints } from './taints.ts';
import { makeNode } from './fake-context.test-support.ts';

const NOW = Date.parse('2026-01-01T00:01:00Z');
const ids = (taints: { key: string; effect: string }[] | undefined) => taints?.map((t) => `${t.key}:${t.effect}`);

test('Ready Unknown: unreachable NoSchedule then NoExecute, with timeAdded; other taints kept', () => {
  const node = makeNode('n', { ready: 'Unknown', taints: [{ key: 'equipe', value: 'rouge', effect: 'NoSchedule' }] });
  const taints = reconcileTaints(node, NOW)!;
  assert.deepEqual(ids(taints), ['equipe:NoSchedule', 'node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
  assert.equal(taints[1].timeAdded, '2026-01-01T00:01:00Z');
  assert.equal(taints[2].timeAdded, '2026-01-01T00:01:00Z');
  assert.equal(reconcileTaints({ ...node, spec: { taints } }, NOW + 5000), undefined, 'in line: nothing to write');
});

test('Unknown becoming False swaps unreachable for not-ready; True removes them', () => {
  const lost = makeNode('n', { ready: 'Unknown' });
  const taints = reconcileTaints(lost, NOW)!;
  const notReady = reconcileTaints(makeNode('n', { ready: 'False', taints }), NOW + 1000)!;
  assert.deepEqual(ids(notReady), ['node.kubernetes.io/not-ready:NoSchedule', 'node.kubernetes.io/not-ready:NoExecute']);
  assert.deepEqual(reconcileTaints(makeNode('n', { taints: notReady }), NOW + 2000), []);
});

test('pressure conditions and a cordon bring their NoSchedule taints', () => {
  const node = makeNode('n', { unschedulable: true });
  node.status!.conditions!.push({ type: 'DiskPressure', status: 'True' }, { type: 'MemoryPressure', status: 'False' });
  assert.deepEqual(ids(reconcileTaints(node, NOW)), ['node.kubernetes.io/disk-pressure:NoSchedule', 'node.kubernetes.io/unschedulable:NoSchedule']);
});
