import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KubeObject } from '../../lib/api/meta.ts';
import type { PersistentVolumeClaim } from '../../lib/api/core/persistentvolume.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import type { Resource } from '../../lib/client/resources.ts';
import { claimPath } from './claims.ts';
import { volumePath, volumesRoot } from './paths.ts';
import { provisionedVolume, shouldProvision } from './provision.ts';
import { sweepVolumes } from './sweep.ts';

const claim = (annotations: Record<string, string> = {}, spec: PersistentVolumeClaim['spec'] = {}): PersistentVolumeClaim => ({
  metadata: { name: 'data', namespace: 'ns', uid: 'u1', resourceVersion: '5', annotations },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '2Gi' } }, storageClassName: 'standard', ...spec },
});
const FOR_N1 = { 'volume.kubernetes.io/selected-node': 'n1', 'volume.kubernetes.io/storage-provisioner': 'timonier.dev/local-path' };

test('paths: one directory per volume under the state directory; names that could leave it are refused', () => {
  assert.equal(volumePath('/state', 'pvc-1234'), '/state/volumes/pv/pvc-1234');
  assert.equal(volumePath('/state', '../etc'), undefined);
  assert.equal(volumePath('/state', 'a/b'), undefined);
  assert.equal(volumesRoot('/state'), '/state/volumes/pv');
});

test('the provisioner acts on unbound claims selecting this node and naming it as provisioner', () => {
  assert.equal(shouldProvision(claim(FOR_N1), 'n1'), true);
  assert.equal(shouldProvision(claim(FOR_N1), 'n2'), false);
  assert.equal(shouldProvision(claim({ ...FOR_N1, 'volume.kubernetes.io/storage-provisioner': 'ebs.csi.aws.com' }), 'n1'), false);
  assert.equal(shouldProvision(claim(FOR_N1, { volumeName: 'v' }), 'n1'), false);
  const pv = provisionedVolume(claim(FOR_N1), { metadata: { name: 'standard' }, provisioner: 'timonier.dev/local-path', reclaimPolicy: 'Retain' }, 'n1', '/state/volumes/pv/pvc-u1');
  assert.equal(pv.metadata.name, 'pvc-u1');
  assert.deepEqual(pv.spec, {
    capacity: { storage: '2Gi' },
    accessModes: ['ReadWriteOnce'],
    persistentVolumeReclaimPolicy: 'Retain',
    storageClassName: 'standard',
    volumeMode: 'Filesystem',
    local: { path: '/state/volumes/pv/pvc-u1' },
    nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['n1'] }] }] } },
    claimRef: { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: 'ns', name: 'data', uid: 'u1', resourceVersion: '5' },
  });
  assert.equal(provisionedVolume(claim(FOR_N1), undefined, 'n1', '/p').spec?.persistentVolumeReclaimPolicy, 'Delete');
});

/** An API holding a few objects; records creates. */
function fakeApi(objects: Record<string, KubeObject>) {
  const created: KubeObject[] = [];
  const api = {
    async get(res: Resource, ns: string | undefined, name: string) {
      return objects[`${res.resource}/${ns ?? ''}/${name}`];
    },
    async create(res: Resource, _ns: string | undefined, obj: KubeObject) {
      created.push(obj);
      objects[`${res.resource}//${obj.metadata.name}`] = obj;
      return obj;
    },
  } as unknown as ApiClient;
  return { api, created };
}

test('a claim volume: provisioned then waiting for the binder, then its directory; the kubelet texts meanwhile', async () => {
  const stateDir = await mkdtemp(join(tmpdir(), 'storage-test-'));
  try {
    const objects: Record<string, KubeObject> = { 'persistentvolumeclaims/ns/data': claim(FOR_N1) };
    const { api, created } = fakeApi(objects);
    const ctx = { api, nodeName: 'n1', stateDir, log: () => {} };
    await assert.rejects(claimPath(ctx, 'ns', 'data'), { message: 'error processing PVC ns/data: PVC is not bound' });
    assert.deepEqual(created.map((o) => o.metadata.name), ['pvc-u1']);
    const dir = join(stateDir, 'volumes', 'pv', 'pvc-u1');
    assert.ok((await stat(dir)).isDirectory());
    await assert.rejects(claimPath(ctx, 'ns', 'missing'), { message: 'error processing PVC ns/missing: failed to fetch PVC from API server: persistentvolumeclaims "missing" not found' });
    objects['persistentvolumeclaims/ns/data'] = { ...claim(FOR_N1, { volumeName: 'pvc-u1' }), status: { phase: 'Bound' } } as KubeObject;
    assert.equal(await claimPath(ctx, 'ns', 'data'), dir);

    // the sweep: a deleted volume's directory goes, once past the grace period
    delete objects['persistentvolumes//pvc-u1'];
    await mkdir(join(stateDir, 'volumes', 'pv', 'kept'));
    objects['persistentvolumes//kept'] = { metadata: { name: 'kept' } };
    assert.deepEqual(await sweepVolumes(ctx), [], 'too young');
    const old = new Date(Date.now() - 120_000);
    await utimes(dir, old, old);
    assert.deepEqual(await sweepVolumes(ctx), ['pvc-u1']);
    await assert.rejects(stat(dir));
    assert.ok((await stat(join(stateDir, 'volumes', 'pv', 'kept'))).isDirectory());
  } finally {
    await rm(stateDir, { recursive: true, force: true });
  }
});
