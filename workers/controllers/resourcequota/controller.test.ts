import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChangeMessage } from '../../apiserver/env.ts';
import type { ControllerContext } from '../framework/controller.ts';
import { resourceQuotaController as rq } from './controller.ts';

/** A context whose only read is the namespace's quotas: one that counts pods and configmaps. */
function context() {
  let lists = 0;
  const quota = { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q', namespace: 'ns' }, spec: { hard: { pods: '10', 'count/configmaps': '5', 'count/leases.coordination.k8s.io': '5' } } };
  const shared = { list: async () => (lists++, { items: [quota] }) };
  return { ctx: { shared } as unknown as ControllerContext, lists: () => lists };
}
const change = (group: string, resource: string, type: ChangeMessage['type']): ChangeMessage => ({ cluster: 'default', rev: 1, group, resource, namespace: 'ns', name: 'x', type });

test("an update that cannot change usage (a lease renewed, a configmap edited) costs the quota controller no read", async () => {
  const { ctx, lists } = context();
  assert.deepEqual(await rq.keysFor(change('coordination.k8s.io', 'leases', 'MODIFIED'), ctx), []);
  assert.deepEqual(await rq.keysFor(change('', 'configmaps', 'MODIFIED'), ctx), []);
  assert.equal(lists(), 0);
  // deletions and pod updates (a pod that finished frees its slot) are looked at
  assert.deepEqual(await rq.keysFor(change('', 'configmaps', 'DELETED'), ctx), ['ns/q']);
  assert.deepEqual(await rq.keysFor(change('', 'pods', 'MODIFIED'), ctx), ['ns/q'], 'an update the apiserver said nothing about');
  assert.deepEqual(await rq.keysFor({ ...change('', 'pods', 'MODIFIED'), chargeMayChange: true }, ctx), ['ns/q']);
  assert.equal(lists(), 3);
});

test("a creation (charged by admission) and a pod's update that leaves its charge alone cost the quota controller no read", async () => {
  const { ctx, lists } = context();
  assert.deepEqual(await rq.keysFor(change('', 'pods', 'ADDED'), ctx), []);
  assert.deepEqual(await rq.keysFor(change('coordination.k8s.io', 'leases', 'ADDED'), ctx), []);
  assert.deepEqual(await rq.keysFor({ ...change('', 'pods', 'MODIFIED'), chargeMayChange: false }, ctx), [], 'a pod bound, or its status written');
  assert.equal(lists(), 0);
  assert.deepEqual(await rq.keysFor(change('', 'resourcequotas', 'ADDED'), ctx), ['ns/x'], 'a new quota is computed');
});
