import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newTaintEvictionController } from './eviction.ts';
import { fakeContext, makeNode, makePod } from './fake-context.test-support.ts';
import { addDefaultTolerations } from '../../apiserver/registry/kinds/pod/admission.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';

const T0 = Date.parse('2026-01-01T00:01:00Z');
const unreachable = [
  { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' as const, timeAdded: '2026-01-01T00:01:00Z' },
  { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' as const, timeAdded: '2026-01-01T00:01:00Z' },
];

function cluster() {
  const ctx = fakeContext({}, T0);
  ctx.put('nodes', makeNode('n1', { ready: 'Unknown', taints: unreachable }));
  const defaults = makePod('defaults', { node: 'n1' });
  addDefaultTolerations(defaults);
  ctx.put('pods', defaults);
  ctx.put('pods', makePod('fragile', { node: 'n1', spec: { tolerations: [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2 }] } }));
  ctx.put('pods', makePod('forever', { node: 'n1', spec: { tolerations: [{ operator: 'Exists' }] } }));
  ctx.put('pods', makePod('elsewhere', { node: 'n2' }));
  return ctx;
}

test('pods go when their toleration runs out: 2 s for one, the default 300 s for another, never for the last', async () => {
  const c = newTaintEvictionController();
  const ctx = cluster();
  await c.reconcile('n1', ctx);
  assert.deepEqual(ctx.writes, []);
  assert.deepEqual(ctx.requeued, [{ key: 'n1', seconds: 2.2 }]);

  ctx.clock.now = T0 + 2200;
  await c.reconcile('n1', ctx);
  assert.deepEqual(ctx.writes, ['patch pods/status default/fragile', 'delete pods default/fragile']);
  assert.deepEqual(ctx.recorded, [{ type: 'Normal', reason: 'TaintManagerEviction', message: 'Marking for deletion Pod default/fragile', object: 'default/fragile' }]);
  const disruption = ctx.obj<Pod>('pods', 'default/fragile')?.status?.conditions?.find((x) => x.type === 'DisruptionTarget');
  assert.deepEqual([disruption?.status, disruption?.reason, disruption?.message], ['True', 'DeletionByTaintManager', 'Taint manager: deleting due to NoExecute taint']);
  assert.deepEqual(ctx.requeued.at(-1), { key: 'n1', seconds: 298 });

  ctx.clock.now = T0 + 299_000;
  await c.reconcile('n1', ctx);
  assert.equal(ctx.writes.length, 2, 'the default toleration has not run out at 299 s');

  ctx.clock.now = T0 + 300_200;
  await c.reconcile('n1', ctx);
  assert.deepEqual(ctx.writes.slice(2), ['patch pods/status default/defaults', 'delete pods default/defaults']);
  assert.ok(ctx.obj<Pod>('pods', 'default/forever')?.metadata.deletionTimestamp === undefined);
  assert.ok(ctx.obj<Pod>('pods', 'default/elsewhere')?.metadata.deletionTimestamp === undefined);
});

test('taints gone before the deadline: the pending eviction is cancelled', async () => {
  const c = newTaintEvictionController();
  const ctx = cluster();
  await c.reconcile('n1', ctx);
  ctx.put('nodes', makeNode('n1'));
  ctx.clock.now = T0 + 1000;
  await c.reconcile('n1', ctx);
  assert.deepEqual(ctx.writes, []);
  assert.deepEqual(
    ctx.recorded.map((r) => r.message).sort(),
    ['Cancelling deletion of Pod default/defaults', 'Cancelling deletion of Pod default/fragile'],
  );
});

test('only nodes are keys; the resync lists the NoExecute-tainted ones', async () => {
  const c = newTaintEvictionController();
  const ctx = cluster();
  ctx.put('nodes', makeNode('n2'));
  assert.deepEqual(await c.resync!(ctx), ['n1']);
  assert.deepEqual(await c.keysFor({ cluster: 'default', rev: 1, group: '', resource: 'nodes', name: 'n2', type: 'MODIFIED' }, ctx), ['n2']);
  assert.deepEqual(await c.keysFor({ cluster: 'default', rev: 1, group: '', resource: 'pods', namespace: 'default', name: 'p', type: 'MODIFIED' }, ctx), []);
});
