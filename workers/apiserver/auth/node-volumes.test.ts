import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { forbidden } from '../../../lib/errors.ts';
import { requestInfo, type ResourceRequestInfo } from '../request/info.ts';
import type { Storage } from '../storage/types.ts';
import type { AuthzContext } from './authz.ts';
import { nodeVolumeAccess, nodeVolumeRestriction } from './node-volumes.ts';

const pinned = (node: string) => ({ required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [node] }] }] } });
const PROVISIONED = { 'pv.kubernetes.io/provisioned-by': 'timonier.dev/local-path' };
const objects: Record<string, KubeObject> = {
  '/registry/pods/ns/p': { metadata: { name: 'p', namespace: 'ns' }, spec: { nodeName: 'n1', volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'data' } }] } },
  '/registry/persistentvolumeclaims/ns/data': { metadata: { name: 'data', namespace: 'ns', uid: 'u1', annotations: { 'volume.kubernetes.io/selected-node': 'n1' } }, spec: {} },
  '/registry/persistentvolumeclaims/ns/bound': { metadata: { name: 'bound', namespace: 'ns', uid: 'u2' }, spec: { volumeName: 'other' } },
  '/registry/persistentvolumes/mine': { metadata: { name: 'mine', annotations: PROVISIONED }, spec: { nodeAffinity: pinned('n1') } },
  '/registry/persistentvolumes/theirs': { metadata: { name: 'theirs', annotations: PROVISIONED }, spec: { nodeAffinity: pinned('n2') } },
};
const storage = {
  async get(key: string) {
    return objects[key];
  },
  async list(prefix: string, opts?: { filter?: (o: KubeObject) => boolean }) {
    return { items: Object.entries(objects).filter(([k]) => k.startsWith(prefix)).map(([, o]) => o).filter(opts?.filter ?? (() => true)), rev: 1 };
  },
  // nothing changes: the lists the authorizer reads through its copy stay as loaded
  changesAfter: async () => ({ events: [], current: 1 }),
} as unknown as Storage;
const ctx: AuthzContext = { storage, query: new URLSearchParams(), cluster: 'default' };
const allowed = async (method: string, path: string, node = 'n1') => (await nodeVolumeAccess(node, requestInfo(method, new URL(path, 'https://x')) as ResourceRequestInfo, ctx)).allowed;

test('a node reads the claims its pods use, the volumes it provisioned, missing volumes and classes', async () => {
  assert.equal(await allowed('GET', '/api/v1/namespaces/ns/persistentvolumeclaims/data'), true);
  assert.equal(await allowed('GET', '/api/v1/namespaces/ns/persistentvolumeclaims/data', 'n2'), false);
  assert.equal(await allowed('GET', '/api/v1/namespaces/ns/persistentvolumeclaims'), false);
  assert.equal(await allowed('GET', '/api/v1/persistentvolumes/mine'), true);
  assert.equal(await allowed('GET', '/api/v1/persistentvolumes/theirs'), false);
  assert.equal(await allowed('GET', '/api/v1/persistentvolumes/gone'), true);
  assert.equal(await allowed('DELETE', '/api/v1/persistentvolumes/mine'), false);
  assert.equal(await allowed('PUT', '/api/v1/namespaces/ns/persistentvolumeclaims/data'), false);
  assert.equal(await allowed('GET', '/apis/storage.k8s.io/v1/storageclasses/standard'), true);
  assert.equal(await allowed('GET', '/apis/storage.k8s.io/v1/storageclasses'), false);
});

test('NodeRestriction: a node creates only a local-path volume pinned to itself for a claim selecting it', async () => {
  const refuse = (m: string) => forbidden({ group: '', resource: 'persistentvolumes' }, 'v', m);
  const pv = (node: string, claim = { namespace: 'ns', name: 'data', uid: 'u1' }, annotations: Record<string, string> = PROVISIONED): KubeObject => ({ metadata: { name: 'v', annotations }, spec: { nodeAffinity: pinned(node), claimRef: claim } });
  await nodeVolumeRestriction('n1', 'CREATE', pv('n1'), storage, refuse);
  const denied = async (p: Promise<void>, msg: RegExp) => assert.rejects(p, (e: Error) => msg.test(e.message));
  await denied(nodeVolumeRestriction('n1', 'CREATE', pv('n2'), storage, refuse), /pinned to itself/);
  await denied(nodeVolumeRestriction('n1', 'CREATE', pv('n1', undefined, {}), storage, refuse), /provisioned by timonier.dev\/local-path/);
  await denied(nodeVolumeRestriction('n1', 'CREATE', pv('n1', { namespace: 'ns', name: 'bound', uid: 'u2' }), storage, refuse), /whose selected node it is/);
  await denied(nodeVolumeRestriction('n1', 'CREATE', pv('n1', { namespace: 'ns', name: 'data', uid: 'other' }), storage, refuse), /whose selected node it is/);
  await denied(nodeVolumeRestriction('n1', 'UPDATE', undefined, storage, refuse), /may only create/);
});
