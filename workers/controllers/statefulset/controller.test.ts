import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ControllerRevision } from '../../../lib/api/apps/controllerrevision.ts';
import type { StatefulSet } from '../../../lib/api/apps/statefulset.ts';
import type { PersistentVolumeClaim } from '../../../lib/api/core/persistentvolume.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { FakeApi, fakeContext } from '../framework/fake-api.test-support.ts';
import { statefulSetController as c } from './controller.ts';

const NS = 'ch17';

function world(spec: Partial<NonNullable<StatefulSet['spec']>> = {}) {
  const api = new FakeApi();
  const ctx = fakeContext(api);
  api.put<StatefulSet>('statefulsets', {
    metadata: { name: 'web', namespace: NS },
    spec: {
      replicas: 3,
      serviceName: 'web',
      selector: { matchLabels: { app: 'web' } },
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
      revisionHistoryLimit: 10,
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1' }] } },
      ...spec,
    },
    status: { replicas: 0 },
  });
  const sync = () => c.reconcile(`${NS}/web`, ctx);
  const set = () => api.one<StatefulSet>('statefulsets', NS, 'web')!;
  const podNames = () => api.all<Pod>('pods').map((p) => p.metadata.name).sort();
  const ready = (name: string) => api.setPodPhase(NS, name, 'Running');
  const edit = (f: (s: StatefulSet) => void) => {
    const s = set();
    f(s);
    return api.update({ group: 'apps', version: 'v1', resource: 'statefulsets', namespaced: true }, s);
  };
  const revisions = () => api.all<ControllerRevision>('controllerrevisions').sort((a, b) => (a.revision ?? 0) - (b.revision ?? 0));
  return { api, ctx, sync, set, podNames, ready, edit, revisions };
}

test('OrderedReady: each pod waits for the previous one to be Running and Ready, with its identity', async () => {
  const { api, ctx, sync, podNames, ready, set } = world();
  await sync();
  assert.deepEqual(podNames(), ['web-0']);
  await sync();
  assert.deepEqual(podNames(), ['web-0'], 'web-1 waits while web-0 is Pending');
  ready('web-0');
  await sync();
  assert.deepEqual(podNames(), ['web-0', 'web-1']);
  ready('web-1');
  await sync();
  ready('web-2');
  await sync();
  assert.deepEqual(podNames(), ['web-0', 'web-1', 'web-2']);

  const p = api.one<Pod>('pods', NS, 'web-1')!;
  const rev = set().status?.updateRevision;
  assert.match(rev!, /^web-[bcdfghjklmnpqrstvwxz2456789]+$/);
  assert.deepEqual(p.metadata.labels, { app: 'web', 'statefulset.kubernetes.io/pod-name': 'web-1', 'apps.kubernetes.io/pod-index': '1', 'controller-revision-hash': rev });
  assert.equal(p.spec?.hostname, 'web-1');
  assert.equal(p.spec?.subdomain, 'web');
  assert.deepEqual(p.metadata.ownerReferences, [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: set().metadata.uid, controller: true, blockOwnerDeletion: true }]);
  assert.deepEqual(
    ctx.recorded.filter((e) => e.includes('SuccessfulCreate')),
    [0, 1, 2].map((i) => `Normal SuccessfulCreate StatefulSet/web: create Pod web-${i} in StatefulSet web successful`),
  );
  await sync();
  const s = set().status!;
  assert.equal(s.replicas, 3);
  assert.equal(s.readyReplicas, 3);
  assert.equal(s.availableReplicas, 3);
  assert.equal(s.currentRevision, rev);
  assert.equal(s.updatedReplicas, 3);
  assert.equal(s.observedGeneration, 1);
});

test('Parallel creates every pod at once', async () => {
  const { sync, podNames } = world({ podManagementPolicy: 'Parallel' });
  await sync();
  assert.deepEqual(podNames(), ['web-0', 'web-1', 'web-2']);
});

test('scaling down deletes from the highest ordinal, one at a time, each gone before the next', async () => {
  const { api, sync, podNames, ready, edit } = world();
  for (const n of ['web-0', 'web-1', 'web-2']) {
    await sync();
    ready(n);
  }
  await sync();
  api.gracefulPods = true;
  await edit((s) => void (s.spec!.replicas = 1));
  await sync();
  assert.deepEqual(api.writes.filter((w) => w.startsWith('delete')), ['delete pods/web-2']);
  await sync();
  assert.deepEqual(api.writes.filter((w) => w.startsWith('delete')), ['delete pods/web-2'], 'web-1 waits while web-2 terminates');
  api.finishDeletions();
  await sync();
  assert.deepEqual(api.writes.filter((w) => w.startsWith('delete')), ['delete pods/web-2', 'delete pods/web-1']);
  api.finishDeletions();
  await sync();
  assert.deepEqual(podNames(), ['web-0']);
});

test('volumeClaimTemplates: the claim is made before its pod, named <template>-<set>-<ordinal>, and mounted', async () => {
  const { api, ctx, sync } = world({
    volumeClaimTemplates: [{ metadata: { name: 'www', labels: { tier: 'data' } }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
  });
  await sync();
  assert.deepEqual(api.writes.filter((w) => w.startsWith('create') && !w.includes('controllerrevisions')), ['create persistentvolumeclaims/www-web-0', 'create pods/web-0']);
  const claim = api.one<PersistentVolumeClaim>('persistentvolumeclaims', NS, 'www-web-0')!;
  assert.deepEqual(claim.metadata.labels, { tier: 'data', app: 'web' });
  assert.equal(claim.metadata.ownerReferences, undefined, 'Retain/Retain: owned by no one');
  assert.deepEqual(claim.spec?.resources?.requests, { storage: '1Gi' });
  const pod = api.one<Pod>('pods', NS, 'web-0')!;
  assert.deepEqual(pod.spec?.volumes, [{ name: 'www', persistentVolumeClaim: { claimName: 'www-web-0' } }]);
  assert.ok(ctx.recorded.includes('Normal SuccessfulCreate StatefulSet/web: create Claim www-web-0 Pod web-0 in StatefulSet web success'));
});

test('retention whenDeleted=Delete: the set controls its claims; whenScaled=Delete: a scaled-away pod does', async () => {
  const { api, sync, ready, edit, set } = world({
    replicas: 2,
    persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete', whenScaled: 'Delete' },
    volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'] } }],
  });
  for (const n of ['web-0', 'web-1']) {
    await sync();
    ready(n);
  }
  await sync();
  const owners = (n: string) => api.one<PersistentVolumeClaim>('persistentvolumeclaims', NS, n)!.metadata.ownerReferences;
  assert.deepEqual(owners('data-web-1'), [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: set().metadata.uid, controller: true, blockOwnerDeletion: true }]);
  const web1 = api.one<Pod>('pods', NS, 'web-1')!;
  await edit((s) => void (s.spec!.replicas = 1));
  await sync();
  assert.equal(api.one('pods', NS, 'web-1'), undefined);
  // the scaled-away pod controls the claim: the garbage collector deletes the claim with it
  assert.deepEqual(owners('data-web-1'), [{ apiVersion: 'v1', kind: 'Pod', name: 'web-1', uid: web1.metadata.uid, controller: true, blockOwnerDeletion: true }]);
  assert.equal(owners('data-web-0')?.[0].kind, 'StatefulSet', 'a claim in range stays the set\'s');
});

test('rolling update: from the highest ordinal down to the partition, each waiting for the previous to be healthy', async () => {
  const { api, sync, ready, edit, set, revisions } = world();
  for (const n of ['web-0', 'web-1', 'web-2']) {
    await sync();
    ready(n);
  }
  await sync();
  const first = set().status!.currentRevision!;
  await edit((s) => {
    s.spec!.template!.spec!.containers![0].image = 'nginx:2';
    s.spec!.updateStrategy = { type: 'RollingUpdate', rollingUpdate: { partition: 1 } };
  });
  await sync();
  const second = set().status!.updateRevision!;
  assert.notEqual(second, first);
  assert.deepEqual(revisions().map((r) => [r.metadata.name, r.revision]), [[first, 1], [second, 2]]);
  assert.deepEqual(api.writes.filter((w) => w.startsWith('delete')), ['delete pods/web-2']);
  await sync(); // web-2 is made again at the new revision
  const web2 = api.one<Pod>('pods', NS, 'web-2')!;
  assert.equal(web2.spec?.containers?.[0].image, 'nginx:2');
  assert.equal(web2.metadata.labels?.['controller-revision-hash'], second);
  await sync();
  assert.deepEqual(api.writes.filter((w) => w.startsWith('delete')), ['delete pods/web-2'], 'web-1 waits for web-2 to be Ready');
  ready('web-2');
  await sync();
  await sync();
  ready('web-1');
  await sync();
  await sync();
  assert.deepEqual(api.writes.filter((w) => w.startsWith('delete')), ['delete pods/web-2', 'delete pods/web-1'], 'web-0 is below the partition');
  assert.equal(api.one<Pod>('pods', NS, 'web-0')!.spec?.containers?.[0].image, 'nginx:1');
  const s = set().status!;
  assert.equal(s.updatedReplicas, 2);
  assert.equal(s.currentRevision, first, 'not complete while web-0 is at the old revision');
});

test('going back to an older template renumbers its revision instead of making a new one; history is truncated', async () => {
  const { sync, edit, set, revisions } = world({ replicas: 0, revisionHistoryLimit: 1 });
  await sync();
  const first = set().status!.updateRevision!;
  await edit((s) => void (s.spec!.template!.spec!.containers![0].image = 'nginx:2'));
  await sync();
  const second = set().status!.updateRevision!;
  await edit((s) => void (s.spec!.template!.spec!.containers![0].image = 'nginx:1'));
  await sync();
  assert.equal(set().status!.updateRevision, first);
  assert.deepEqual(revisions().map((r) => [r.metadata.name, r.revision]), [[second, 2], [first, 3]]);
  // the revision data is the patch kubectl rollout undo sends
  const data = revisions()[1].data as { spec: { template: Record<string, unknown> } };
  assert.equal(data.spec.template.$patch, 'replace');
  await edit((s) => void (s.spec!.template!.spec!.containers![0].image = 'nginx:3'));
  await sync();
  await sync();
  assert.equal(revisions().length, 2, 'revisionHistoryLimit 1: one old revision besides the live ones');
  assert.deepEqual(revisions().map((r) => r.revision), [3, 4]);
});

test('a finished pod is deleted and made again', async () => {
  const { api, sync, ready } = world({ replicas: 1 });
  await sync();
  ready('web-0');
  await sync();
  api.setPodPhase(NS, 'web-0', 'Failed');
  await sync();
  assert.equal(api.one('pods', NS, 'web-0'), undefined);
  await sync();
  assert.equal(api.one<Pod>('pods', NS, 'web-0')?.status?.phase, 'Pending');
});

test('keysFor: a pod maps to the set its name says, even once deleted', async () => {
  const api = new FakeApi();
  const ctx = fakeContext(api);
  const keys = (name: string, type = 'DELETED') => c.keysFor({ cluster: '', rev: 1, group: '', resource: 'pods', namespace: NS, name, type } as never, ctx);
  assert.deepEqual(await keys('web-12'), [`${NS}/web`]);
  assert.deepEqual(await keys('web-abc12'), []);
});
