import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstUntolerated, schedulingTaints, tolerates } from './taints.ts';
import { makeNode } from '../nodelifecycle/fake-context.test-support.ts';

const taint = { key: 'equipe', value: 'rouge', effect: 'NoSchedule' as const };

test('a toleration matches by key, value and effect as core/v1 says', () => {
  assert.equal(tolerates({ key: 'equipe', operator: 'Equal', value: 'rouge', effect: 'NoSchedule' }, taint), true);
  assert.equal(tolerates({ key: 'equipe', value: 'rouge' }, taint), true, 'empty operator is Equal, empty effect matches all');
  assert.equal(tolerates({ key: 'equipe', operator: 'Equal', value: 'bleu' }, taint), false);
  assert.equal(tolerates({ key: 'equipe', operator: 'Exists' }, taint), true);
  assert.equal(tolerates({ operator: 'Exists' }, taint), true, 'empty key with Exists tolerates everything');
  assert.equal(tolerates({ key: 'equipe', operator: 'Exists', effect: 'NoExecute' }, taint), false);
  assert.equal(tolerates({ key: 'autre', operator: 'Exists' }, taint), false);
  assert.equal(tolerates({ key: 'equipe', operator: 'Gt', value: 'rouge' }, taint), false);
});

test('firstUntolerated only looks at the given effects', () => {
  const taints = [{ key: 'a', effect: 'PreferNoSchedule' as const }, { key: 'b', effect: 'NoExecute' as const }, { key: 'c', effect: 'NoSchedule' as const }];
  assert.equal(firstUntolerated(taints, [], ['NoSchedule', 'NoExecute'])?.key, 'b');
  assert.equal(firstUntolerated(taints, [{ key: 'b', operator: 'Exists' }], ['NoSchedule', 'NoExecute'])?.key, 'c');
  assert.equal(firstUntolerated(taints, [{ key: 'b', operator: 'Exists' }, { key: 'c', operator: 'Exists' }], ['NoSchedule', 'NoExecute']), undefined);
});

test('a node that is not Ready counts as tainted not-ready (or unreachable) NoSchedule', () => {
  assert.deepEqual(schedulingTaints(makeNode('n')), []);
  assert.deepEqual(schedulingTaints(makeNode('n', { ready: 'False' })), [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]);
  assert.deepEqual(schedulingTaints(makeNode('n', { ready: null })), [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]);
  assert.deepEqual(schedulingTaints(makeNode('n', { ready: 'Unknown' })), [{ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' }]);
  const already = [{ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' as const, timeAdded: '2026-01-01T00:00:00Z' }];
  assert.deepEqual(schedulingTaints(makeNode('n', { ready: 'Unknown', taints: already })), already);
});
