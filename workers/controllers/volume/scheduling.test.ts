import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node } from '../../../lib/api/core/node.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Resource } from '../../../lib/client/resources.ts';
import type { ControllerContext } from '../framework/controller.ts';
import { nodeInfo, podInfo } from '../scheduler/snapshot.ts';
import { noteVolumeConstraints, volumeBindingFilter } from './scheduling.ts';

const objects: Record<string, KubeObject> = {
  'persistentvolumeclaims/ns/local': { metadata: { name: 'local' }, spec: { volumeName: 'pv-a' } },
  'persistentvolumeclaims/ns/waiting': { metadata: { name: 'waiting' }, spec: { storageClassName: 'standard' } },
  'persistentvolumeclaims/ns/immediate': { metadata: { name: 'immediate' }, spec: { storageClassName: 'fast' } },
  'persistentvolumes//pv-a': { metadata: { name: 'pv-a' }, spec: { nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['a'] }] }] } } } },
  'storageclasses//standard': { metadata: { name: 'standard' }, volumeBindingMode: 'WaitForFirstConsumer' } as KubeObject,
  'storageclasses//fast': { metadata: { name: 'fast' }, volumeBindingMode: 'Immediate' } as KubeObject,
};
const get = async <T extends KubeObject>(res: Resource, ns: string | undefined, name: string) => objects[`${res.resource}/${ns ?? ''}/${name}`] as T | undefined;
const ctx = { shared: { get, list: async () => ({ items: [], resourceVersion: '1' }) } } as unknown as ControllerContext;
const node = (name: string) => nodeInfo({ metadata: { name, labels: { 'kubernetes.io/hostname': name } }, status: { allocatable: { pods: '110' } } } as Node);
const pod = (claim: string): Pod => ({ metadata: { name: `p-${claim}`, namespace: 'ns' }, spec: { containers: [{ name: 'c' }], volumes: [{ name: 'v', persistentVolumeClaim: { claimName: claim } }] } });

test("a claim bound to a node-local volume admits that node only; an unbound WaitForFirstConsumer claim any; others none", async () => {
  const pods = { local: pod('local'), waiting: pod('waiting'), immediate: pod('immediate'), missing: pod('missing'), none: { metadata: { name: 'plain', namespace: 'ns' }, spec: { containers: [{ name: 'c' }] } } as Pod };
  await noteVolumeConstraints(ctx, Object.values(pods));
  const reasons = (p: Pod, n: string) => volumeBindingFilter(podInfo(p), node(n))?.reasons;
  assert.equal(reasons(pods.local, 'a'), undefined);
  assert.deepEqual(reasons(pods.local, 'b'), ['node(s) had volume node affinity conflict']);
  assert.equal(reasons(pods.waiting, 'b'), undefined);
  assert.deepEqual(reasons(pods.immediate, 'a'), ['pod has unbound immediate PersistentVolumeClaims']);
  assert.deepEqual(reasons(pods.missing, 'a'), ['persistentvolumeclaim "missing" not found']);
  assert.equal(reasons(pods.none, 'a'), undefined);
});
