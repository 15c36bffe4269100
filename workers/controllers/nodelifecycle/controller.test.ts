import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newNodeLifecycleController } from './controller.ts';
import { fakeContext, makeNode, makePod } from './fake-context.test-support.ts';
import type { Node } from '../../../lib/api/core/node.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const lease = (renewTime: number) => ({
  apiVersion: 'coordination.k8s.io/v1',
  kind: 'Lease',
  metadata: { name: 'n1', namespace: 'kube-node-lease' },
  spec: { holderIdentity: 'n1', leaseDurationSeconds: 40, renewTime: new Date(renewTime).toISOString().replace('Z', '000Z') },
});
const readyOf = (n: Node | undefined) => n?.status?.conditions?.find((c) => c.type === 'Ready');

function cluster() {
  const ctx = fakeContext(); // default settings: 50 s grace
  ctx.put('nodes', makeNode('n1'));
  ctx.put('leases', lease(T0));
  const running = makePod('web', { node: 'n1' });
  running.status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }] };
  ctx.put('pods', running);
  return ctx;
}

test('node and kube-node-lease lease changes map to the node', async () => {
  const c = newNodeLifecycleController();
  const ctx = fakeContext();
  const change = (group: string, resource: string, namespace?: string) => ({ cluster: 'default', rev: 1, group, resource, namespace, name: 'n1', type: 'MODIFIED' as const });
  assert.deepEqual(await c.keysFor(change('', 'nodes'), ctx), ['n1']);
  assert.deepEqual(await c.keysFor(change('coordination.k8s.io', 'leases', 'kube-node-lease'), ctx), ['n1']);
  assert.deepEqual(await c.keysFor(change('coordination.k8s.io', 'leases', 'kube-system'), ctx), []);
  assert.deepEqual(await c.keysFor(change('', 'pods', 'default'), ctx), []);
});

test("a healthy node's lease renewals are not looked at until its pending re-check; a lost node's are", async () => {
  const c = newNodeLifecycleController();
  const ctx = cluster();
  const renewal = { cluster: 'default', rev: 2, group: 'coordination.k8s.io', resource: 'leases', namespace: 'kube-node-lease', name: 'n1', type: 'MODIFIED' as const };
  ctx.clock.now = T0 + 1000;
  assert.deepEqual(await c.keysFor(renewal, ctx), ['n1'], 'nothing known yet');
  await c.reconcile('n1', ctx);
  for (const at of [10_000, 20_000, 30_000, 40_000]) {
    ctx.clock.now = T0 + at;
    ctx.put('leases', lease(T0 + at));
    assert.deepEqual(await c.keysFor(renewal, ctx), [], `renewal at ${at / 1000} s: the re-check at 50.2 s will read it`);
  }
  assert.deepEqual(await c.keysFor({ ...renewal, type: 'ADDED' }, ctx), ['n1'], 'a new lease is looked at');
  assert.deepEqual(await c.keysFor({ ...renewal, resource: 'nodes', group: '', namespace: undefined }, ctx), ['n1'], 'so is a change of the node');
  // the re-check comes, reads the renewal of 40 s, and plans the next one
  ctx.clock.now = T0 + 50_200;
  await c.reconcile('n1', ctx);
  assert.deepEqual(ctx.writes, [], 'never lost');
  assert.deepEqual(ctx.requeued.at(-1), { key: 'n1', seconds: 40 }, 'looked at again at 90.2 s');
  // lost (no renewal since 40 s): from then on, every renewal is looked at
  ctx.clock.now = T0 + 90_200;
  await c.reconcile('n1', ctx);
  assert.equal(readyOf(ctx.obj<Node>('nodes', 'n1'))?.status, 'Unknown');
  assert.deepEqual(await c.keysFor(renewal, ctx), ['n1']);
});

test('with the defaults, a node is still Ready 49 s after its last renewal, and lost at 51 s', async () => {
  const c = newNodeLifecycleController();
  const ctx = cluster();
  ctx.clock.now = T0 + 1000;
  await c.reconcile('n1', ctx);
  assert.deepEqual(ctx.writes, []);
  assert.deepEqual(ctx.requeued, [{ key: 'n1', seconds: 49.2 }], 'looked at again when the grace period runs out');

  ctx.clock.now = T0 + 49_000;
  await c.reconcile('n1', ctx);
  assert.deepEqual(ctx.writes, []);
  assert.equal(ctx.requeued.length, 1, 'the re-check is still pending');

  ctx.clock.now = T0 + 51_000;
  await c.reconcile('n1', ctx);
  assert.deepEqual(ctx.writes, ['update nodes/status n1', 'update nodes n1', 'patch pods/status default/web']);
  const node = ctx.obj<Node>('nodes', 'n1');
  assert.deepEqual([readyOf(node)?.status, readyOf(node)?.reason, readyOf(node)?.message], ['Unknown', 'NodeStatusUnknown', 'Kubelet stopped posting node status.']);
  assert.deepEqual(node?.spec?.taints, [
    { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule', timeAdded: '2026-01-01T00:00:51Z' },
    { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2026-01-01T00:00:51Z' },
  ]);
  const podReady = ctx.obj<Pod>('pods', 'default/web')?.status?.conditions?.find((c) => c.type === 'Ready');
  assert.deepEqual([podReady?.status, podReady?.lastTransitionTime], ['False', '2026-01-01T00:00:51Z']);
  assert.deepEqual(ctx.recorded, [
    { type: 'Normal', reason: 'NodeNotReady', message: 'Node n1 status is now: NodeNotReady', object: 'n1' },
    { type: 'Warning', reason: 'NodeNotReady', message: 'Node is not ready', object: 'default/web' },
  ]);

  // converged: looking again writes nothing
  ctx.clock.now = T0 + 60_000;
  await c.reconcile('n1', ctx);
  assert.equal(ctx.writes.length, 3);
  assert.equal(ctx.recorded.length, 2);
});

test('a lease renewed again brings Ready back and takes the taints away', async () => {
  const c = newNodeLifecycleController();
  const ctx = cluster();
  ctx.clock.now = T0 + 55_000;
  await c.reconcile('n1', ctx);
  assert.equal(readyOf(ctx.obj<Node>('nodes', 'n1'))?.status, 'Unknown');

  ctx.put('leases', lease(T0 + 56_000));
  ctx.clock.now = T0 + 56_500;
  await c.reconcile('n1', ctx);
  const node = ctx.obj<Node>('nodes', 'n1');
  assert.deepEqual([readyOf(node)?.status, readyOf(node)?.reason], ['True', 'KubeletReady']);
  assert.deepEqual(node?.spec?.taints, []);
  assert.deepEqual(ctx.requeued.at(-1), { key: 'n1', seconds: 49.7 });
});

test('a shorter grace period from the settings', async () => {
  const c = newNodeLifecycleController();
  const ctx = fakeContext({ nodeMonitorGraceSeconds: 4 });
  ctx.put('nodes', makeNode('n1'));
  ctx.put('leases', lease(T0));
  ctx.clock.now = T0 + 3900;
  await c.reconcile('n1', ctx);
  assert.equal(readyOf(ctx.obj<Node>('nodes', 'n1'))?.status, 'True');
  ctx.clock.now = T0 + 4100;
  await c.reconcile('n1', ctx);
  assert.equal(readyOf(ctx.obj<Node>('nodes', 'n1'))?.status, 'Unknown');
});

test('a deleted node is forgotten', async () => {
  const c = newNodeLifecycleController();
  const ctx = fakeContext();
  await c.reconcile('gone', ctx);
  assert.deepEqual(ctx.writes, []);
  assert.deepEqual(ctx.requeued, []);
});
