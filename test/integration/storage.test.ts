/**
 * Storage with the real kubectl and a simulated node: the default StorageClass `standard`; a claim
 * without class gets it and waits for its first consumer; once a pod using it is scheduled, the
 * node's local-path provisioner makes a directory and a volume pinned to the node, the binder
 * binds them, and the pod runs; a claim in use is protected from deletion until its pod goes; a static volume is bound by a claim that selects it; deleting
 * claims releases their volumes: Retain keeps the volume Released, Delete removes it and the
 * node removes its directory.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { KubeObject } from '../../lib/api/meta.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../lib/api/core/persistentvolume.ts';
import { useCluster } from '../support/cluster.ts';
import { createJoinToken } from '../../node-agent/tunnel/token-create.ts';
import { runNode, type RunningNode } from '../../node-agent/cli.ts';
import { sweepVolumes } from '../../node-agent/storage/sweep.ts';
import { until } from '../support/until.ts';

const cluster = useCluster();
let node: RunningNode | undefined;
after(async () => node?.stop());

const NODE = 'sim-store';
const ok = async (args: string[], input?: string) => {
  const r = await cluster.kubectl(args, { input });
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};
const claim = async (name: string) => (await cluster.api('GET', `/api/v1/namespaces/default/persistentvolumeclaims/${name}`)).json as PersistentVolumeClaim;
const volume = async (name: string) => {
  const r = await cluster.api('GET', `/api/v1/persistentvolumes/${name}`);
  return r.status === 404 ? undefined : (r.json as PersistentVolume);
};
const eventsOf = async (name: string) =>
  ((await cluster.api('GET', '/api/v1/namespaces/default/events')).json as { items: (KubeObject & { reason: string; message: string; involvedObject: { name: string } })[] }).items.filter((e) => e.involvedObject.name === name);
const exists = (path: string) => stat(path).then(() => true, () => false);

test('the default class: a claim waits for its first consumer, then is provisioned on the pod\'s node and bound', { timeout: 120_000 }, async () => {
  const sc = await ok(['get', 'sc']);
  assert.match(sc, /^NAME\s+PROVISIONER\s+RECLAIMPOLICY\s+VOLUMEBINDINGMODE\s+ALLOWVOLUMEEXPANSION\s+AGE\n/);
  assert.match(sc, /\nstandard \(default\)\s+timonier\.dev\/local-path\s+Delete\s+WaitForFirstConsumer\s+false\s+\d+s\n/);

  await ok(['apply', '-f', '-'], 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: data}\nspec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n');
  assert.equal((await claim('data')).spec?.storageClassName, 'standard', 'DefaultStorageClass admission');
  await until('WaitForFirstConsumer', async () => (await eventsOf('data')).some((e) => e.reason === 'WaitForFirstConsumer' && e.message === 'waiting for first consumer to be created before binding'));
  assert.match(await ok(['get', 'pvc', 'data', '--no-headers']), /^data\s+Pending\s+standard\s+<unset>\s+\d+s\n$/);

  const { cp } = cluster;
  const token = await createJoinToken({ server: cp.url, token: cp.token, caPem: cp.caPem, insecure: false }, { ttlSeconds: 600 });
  const stateDir = join(cluster.dir, NODE);
  node = await runNode({ server: cp.url, token, nodeName: NODE, runtime: 'simulated', subnet: 11, stateDir, caPem: cp.caPem, log: () => {} });
  await node.tunnel.ready;
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'writer' }, spec: { containers: [{ name: 'c', image: 'busybox', volumeMounts: [{ name: 'd', mountPath: '/data' }] }], volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'data' } }] } };
  await ok(['apply', '-f', '-'], JSON.stringify(pod));

  const bound = await until('the claim bound', async () => ((await claim('data')).status?.phase === 'Bound' ? claim('data') : undefined), 60_000);
  const pvName = `pvc-${bound.metadata.uid}`;
  assert.equal(bound.spec?.volumeName, pvName);
  assert.equal(bound.metadata.annotations?.['volume.kubernetes.io/selected-node'], NODE);
  assert.equal(bound.metadata.annotations?.['pv.kubernetes.io/bind-completed'], 'yes');
  const pv = (await volume(pvName))!;
  assert.equal(pv.status?.phase, 'Bound');
  assert.equal(pv.spec?.local?.path, join(stateDir, 'volumes', 'pv', pvName));
  assert.deepEqual(pv.spec?.nodeAffinity?.required?.nodeSelectorTerms, [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [NODE] }] }]);
  assert.equal(pv.spec?.persistentVolumeReclaimPolicy, 'Delete');
  assert.ok(await exists(pv.spec!.local!.path), 'the directory on the node');
  await until('the pod running', async () => (await ok(['get', 'pod', 'writer', '-o', 'jsonpath={.status.phase}'])) === 'Running', 60_000);

  const table = await ok(['get', 'pv,pvc,sc']);
  assert.match(table, new RegExp(`persistentvolume/${pvName}\\s+1Gi\\s+RWO\\s+Delete\\s+Bound\\s+default/data\\s+standard\\s+<unset>\\s+\\d+s`));
  assert.match(table, new RegExp(`persistentvolumeclaim/data\\s+Bound\\s+${pvName}\\s+1Gi\\s+RWO\\s+standard\\s+<unset>\\s+\\d+s`));
  assert.match(table, /storageclass\.storage\.k8s\.io\/standard \(default\)\s+timonier\.dev\/local-path/);

  // a claim in use is only marked for deletion (kubernetes.io/pvc-protection) until its pod is gone
  await ok(['delete', 'pvc', 'data', '--wait=false']);
  assert.match(await ok(['get', 'pvc', 'data', '--no-headers']), /^data\s+Terminating\s+/);
  assert.deepEqual((await claim('data')).metadata.finalizers, ['kubernetes.io/pvc-protection']);
  assert.equal((await volume(pvName))?.status?.phase, 'Bound');
  // reclaim Delete: the claim's deletion releases the volume, the binder deletes it, the node its directory
  await ok(['delete', 'pod', 'writer', '--grace-period=0', '--force']);
  await until('the claim gone', async () => (await cluster.api('GET', '/api/v1/namespaces/default/persistentvolumeclaims/data')).status === 404, 60_000);
  await until('the volume deleted', async () => !(await volume(pvName)), 60_000);
  assert.deepEqual(await sweepVolumes({ api: node.agent.api, nodeName: NODE, stateDir, log: () => {} }, 0), [pvName]);
  assert.equal(await exists(pv.spec!.local!.path), false);
});

test('a static volume is bound by the claim that selects it; Retain keeps it Released after the claim goes', { timeout: 90_000 }, async () => {
  const manifests = `apiVersion: v1
kind: PersistentVolume
metadata: {name: small, labels: {tier: gold}}
spec: {capacity: {storage: 1Gi}, accessModes: [ReadWriteOnce], storageClassName: manual, hostPath: {path: /tmp/timonier-small}}
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: big, labels: {tier: gold}}
spec: {capacity: {storage: 5Gi}, accessModes: [ReadWriteOnce, ReadOnlyMany], storageClassName: manual, hostPath: {path: /tmp/timonier-big}}
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: silver, labels: {tier: silver}}
spec: {capacity: {storage: 1Gi}, accessModes: [ReadWriteOnce], storageClassName: manual, hostPath: {path: /tmp/timonier-silver}}
`;
  await ok(['apply', '-f', '-'], manifests);
  await until('volumes Available', async () => (await volume('small'))?.status?.phase === 'Available' && (await volume('big'))?.status?.phase === 'Available');
  assert.equal((await volume('small'))?.spec?.persistentVolumeReclaimPolicy, 'Retain', 'a static volume defaults to Retain');
  await ok(['apply', '-f', '-'], 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: gold}\nspec: {storageClassName: manual, accessModes: [ReadWriteOnce], resources: {requests: {storage: 512Mi}}, selector: {matchLabels: {tier: gold}}}\n');
  // the smallest volume that fits, among those the selector matches
  await until('gold bound to small', async () => (await claim('gold')).status?.phase === 'Bound' && (await volume('small'))?.status?.phase === 'Bound');
  const c = await claim('gold');
  assert.equal(c.spec?.volumeName, 'small');
  assert.deepEqual(c.status?.capacity, { storage: '1Gi' });
  const pv = (await volume('small'))!;
  assert.equal(pv.spec?.claimRef?.uid, c.metadata.uid);
  assert.equal(pv.metadata.annotations?.['pv.kubernetes.io/bound-by-controller'], 'yes');
  assert.match(await ok(['get', 'pv', 'small', '--no-headers']), /^small\s+1Gi\s+RWO\s+Retain\s+Bound\s+default\/gold\s+manual\s+<unset>\s+\d+s\n$/);
  assert.match(await ok(['get', 'pv', 'big', '--no-headers']), /^big\s+5Gi\s+RWO,ROX\s+Retain\s+Available\s+manual\s+<unset>\s+\d+s\n$/);

  // the claim's spec is immutable but for a bound claim's storage request
  const r = await cluster.kubectl(['patch', 'pvc', 'gold', '-p', '{"spec":{"accessModes":["ReadWriteMany"]}}']);
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /spec: Forbidden: spec is immutable after creation except resources\.requests and volumeAttributesClassName for bound claims/);

  await ok(['delete', 'pvc', 'gold']);
  await until('small Released', async () => (await volume('small'))?.status?.phase === 'Released');
  assert.match(await ok(['get', 'pv', 'small', '--no-headers']), /^small\s+1Gi\s+RWO\s+Retain\s+Released\s+default\/gold\s+manual/);
  // a Released volume is not bound again by a new claim
  await ok(['apply', '-f', '-'], 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: gold2}\nspec: {storageClassName: manual, accessModes: [ReadWriteOnce], resources: {requests: {storage: 2Gi}}, selector: {matchLabels: {tier: gold}}}\n');
  await until('gold2 bound to big', async () => (await claim('gold2')).spec?.volumeName === 'big' && (await claim('gold2')).status?.phase === 'Bound');
  assert.equal((await volume('small'))?.status?.phase, 'Released');
});

test('validation of volumes and claims, with Kubernetes\' messages', async () => {
  const r = await cluster.kubectl(['apply', '-f', '-'], { input: 'apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: nothing}\nspec: {capacity: {storage: 1Gi}}\n' });
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /spec\.accessModes: Required value: must specify at least 1 access mode/);
  assert.match(r.stderr, /spec: Required value: must specify a volume type/);
  const c = await cluster.kubectl(['apply', '-f', '-'], { input: 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: empty}\nspec: {resources: {}}\n' });
  assert.match(c.stderr, /spec\.accessModes: Required value: at least 1 access mode is required/);
  assert.match(c.stderr, /spec\.resources\[storage\]: Required value/);
});
