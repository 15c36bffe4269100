import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import { isConflict } from '../../../lib/client/client.ts';
import { deploymentController as c } from './controller.ts';
import { templateHash } from './hash.ts';
import { NS, simulation, template } from './simulation.test-support.ts';
import { SharedReads, type Reads } from '../framework/shared-reads.ts';

const rev = (rs: ReplicaSet | undefined) => rs?.metadata.annotations?.['deployment.kubernetes.io/revision'];
const conditions = (s: ReturnType<typeof simulation>) => s.deployment().status?.conditions?.map((c) => `${c.type} ${c.status} ${c.reason}: ${c.message}`);

test('a new Deployment: one ReplicaSet named after its template, full size at once, then the status of a finished rollout', async () => {
  const s = simulation();
  s.deploy();
  const name = `web-${templateHash(template('nginx:1.30-alpine'))}`;

  await c.reconcile(`${NS}/web`, s.dctx);
  const [rs] = s.replicaSets();
  assert.equal(rs.metadata.name, name);
  assert.equal(rs.spec?.replicas, 3);
  assert.deepEqual(rs.spec?.selector, { matchLabels: { app: 'web', 'pod-template-hash': name.slice(4) } });
  assert.deepEqual(rs.spec?.template?.metadata?.labels, { app: 'web', 'pod-template-hash': name.slice(4) });
  assert.deepEqual(rs.metadata.labels, rs.spec?.template?.metadata?.labels);
  assert.deepEqual(rs.metadata.ownerReferences, [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: s.deployment().metadata.uid, controller: true, blockOwnerDeletion: true }]);
  assert.deepEqual(rs.metadata.annotations, { 'deployment.kubernetes.io/revision': '1', 'deployment.kubernetes.io/desired-replicas': '3', 'deployment.kubernetes.io/max-replicas': '4' });
  assert.equal(s.deployment().metadata.annotations?.['deployment.kubernetes.io/revision'], '1');
  assert.deepEqual(s.scalings(), [`Scaled up replica set ${name} from 0 to 3`]);
  assert.deepEqual(conditions(s), [`Progressing True NewReplicaSetCreated: Created new replica set "${name}"`, 'Available False MinimumReplicasUnavailable: Deployment does not have minimum availability.']);
  assert.deepEqual(s.api.writes, [`create replicasets/${name}`, 'status deployments/web'], 'the revision, the new condition and the rollout status in one write');

  await s.settle();
  const d = s.deployment();
  assert.deepEqual(d.status && { ...d.status, conditions: undefined }, { observedGeneration: d.metadata.generation, replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3, unavailableReplicas: 0, conditions: undefined });
  // each change moves a condition to the end: Available last changed before Progressing did
  assert.deepEqual(conditions(s), ['Available True MinimumReplicasAvailable: Deployment has minimum availability.', `Progressing True NewReplicaSetAvailable: ReplicaSet "${name}" has successfully progressed.`]);
  const writes = s.api.writes.length;
  await c.reconcile(`${NS}/web`, s.dctx);
  assert.equal(s.api.writes.length, writes, 'a finished Deployment writes nothing');
});

test('RollingUpdate with the default 25 % of 3: one pod more, one pod less, in turn', async () => {
  const s = simulation();
  s.deploy();
  await s.settle();
  const [first] = s.replicaSets();
  s.edit((spec) => (spec.template = template('nginx:1.31-alpine')));
  await s.settle();
  const second = s.replicaSets().find((rs) => rs.metadata.uid !== first.metadata.uid)!;
  const [a, b] = [first.metadata.name, second.metadata.name];
  assert.deepEqual(s.scalings().slice(1), [
    `Scaled up replica set ${b} from 0 to 1`,
    `Scaled down replica set ${a} from 3 to 2`,
    `Scaled up replica set ${b} from 1 to 2`,
    `Scaled down replica set ${a} from 2 to 1`,
    `Scaled up replica set ${b} from 2 to 3`,
    `Scaled down replica set ${a} from 1 to 0`,
  ]);
  assert.deepEqual(s.replicaSets().map((rs) => [rs.spec?.replicas, rev(rs)]), [[0, '1'], [3, '2']]);
  assert.equal(s.deployment().metadata.annotations?.['deployment.kubernetes.io/revision'], '2');
  assert.equal(s.pods().length, 3);
});

test('maxSurge 0, maxUnavailable 1: one pod less first, never more than 3', async () => {
  const s = simulation();
  s.deploy({ strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 1 } } });
  await s.settle();
  s.edit((spec) => (spec.template = template('nginx:1.31-alpine')));
  await s.settle();
  const [a, b] = s.replicaSets().map((rs) => rs.metadata.name);
  assert.deepEqual(s.scalings().slice(1), [
    `Scaled down replica set ${a} from 3 to 2`,
    `Scaled up replica set ${b} from 0 to 1`,
    `Scaled down replica set ${a} from 2 to 1`,
    `Scaled up replica set ${b} from 1 to 2`,
    `Scaled down replica set ${a} from 1 to 0`,
    `Scaled up replica set ${b} from 2 to 3`,
  ]);
});

test('Recreate: the old ReplicaSet goes to zero, and the new one comes only once the old pods are gone', async () => {
  const s = simulation();
  s.deploy({ replicas: 2, strategy: { type: 'Recreate' } });
  await s.settle();
  s.api.gracefulPods = true;
  s.podsTerminate = false;
  s.edit((spec) => (spec.template = template('nginx:1.31-alpine')));
  await s.settle();
  assert.equal(s.replicaSets().length, 1, 'no new ReplicaSet while old pods terminate');
  assert.equal(s.replicaSets()[0].spec?.replicas, 0);
  assert.equal(s.pods().filter((p) => p.metadata.deletionTimestamp).length, 2);
  s.podsTerminate = true;
  await s.settle();
  const [a, b] = s.replicaSets().map((rs) => rs.metadata.name);
  assert.deepEqual(s.scalings(), [`Scaled up replica set ${a} from 0 to 2`, `Scaled down replica set ${a} from 2 to 0`, `Scaled up replica set ${b} from 0 to 2`]);
  assert.ok(s.pods().every((p) => p.metadata.name!.startsWith(`${b}-`)));
});

test('a deleted ReplicaSet comes back under the same name', async () => {
  const s = simulation();
  s.deploy();
  await s.settle();
  const [rs] = s.replicaSets();
  await s.api.delete({ group: 'apps', version: 'v1', resource: 'replicasets', namespaced: true }, NS, rs.metadata.name!);
  for (const p of s.pods()) await s.api.delete({ group: '', version: 'v1', resource: 'pods', namespaced: true }, NS, p.metadata.name!);
  await s.settle();
  const [back] = s.replicaSets();
  assert.equal(back.metadata.name, rs.metadata.name);
  assert.notEqual(back.metadata.uid, rs.metadata.uid);
  assert.equal(rev(back), '1');
  assert.equal(s.pods().length, 3);
});

test('scaling in the middle of a rollout shares the new size between the ReplicaSets by their sizes', async () => {
  const s = simulation();
  s.deploy();
  await s.settle();
  s.podsBecomeReady = false; // the new version never gets ready: the rollout stays at 3 old + 1 new
  s.edit((spec) => (spec.template = template('nginx:1.31-alpine')));
  await s.settle();
  const [a, b] = s.replicaSets().map((rs) => rs.metadata.name);
  assert.deepEqual(s.replicaSets().map((rs) => rs.spec?.replicas), [3, 1]);
  const before = s.scalings().length;
  s.edit((spec) => (spec.replicas = 6)); // 6 + 2 surge = 8 for what was sized for 4: twice each
  await c.reconcile(`${NS}/web`, s.dctx);
  assert.deepEqual(s.scalings().slice(before), [`Scaled up replica set ${a} from 3 to 6`, `Scaled up replica set ${b} from 1 to 2`]);
  assert.deepEqual(
    s.replicaSets().map((rs) => [rs.metadata.annotations?.['deployment.kubernetes.io/desired-replicas'], rs.metadata.annotations?.['deployment.kubernetes.io/max-replicas']]),
    [['6', '8'], ['6', '8']],
  );
});

test('revisionHistoryLimit: the oldest empty ReplicaSets beyond the limit are deleted', async () => {
  const s = simulation();
  s.deploy({ revisionHistoryLimit: 1 });
  await s.settle();
  for (const image of ['nginx:1.31-alpine', 'nginx:1.32-alpine']) {
    s.edit((spec) => (spec.template = template(image)));
    await s.settle();
  }
  assert.deepEqual(s.replicaSets().map((rs) => [rev(rs), rs.spec?.replicas, rs.spec?.template?.spec?.containers?.[0].image]), [['2', 0, 'nginx:1.31-alpine'], ['3', 3, 'nginx:1.32-alpine']]);
});

test('a rollback (the template of revision 1 put back): its ReplicaSet gets revision 3 and remembers 1', async () => {
  const s = simulation();
  s.deploy();
  await s.settle();
  s.edit((spec) => (spec.template = template('nginx:1.31-alpine')));
  await s.settle();
  s.edit((spec) => (spec.template = template('nginx:1.30-alpine')));
  await s.settle();
  const [first, second] = s.replicaSets();
  assert.deepEqual([first.spec?.replicas, rev(first), first.metadata.annotations?.['deployment.kubernetes.io/revision-history']], [3, '3', '1']);
  assert.deepEqual([second.spec?.replicas, rev(second)], [0, '2']);
  assert.equal(s.deployment().metadata.annotations?.['deployment.kubernetes.io/revision'], '3');
});

test('paused: the Progressing condition says so, template changes wait, scaling does not', async () => {
  const s = simulation();
  s.deploy();
  await s.settle();
  s.edit((spec) => {
    spec.paused = true;
    spec.template = template('nginx:1.31-alpine');
  });
  await s.settle();
  assert.equal(s.replicaSets().length, 1);
  assert.ok(conditions(s)!.includes('Progressing Unknown DeploymentPaused: Deployment is paused'), conditions(s)!.join('\n'));
  s.edit((spec) => (spec.replicas = 4));
  await s.settle();
  assert.equal(s.replicaSets()[0].spec?.replicas, 4);
  s.edit((spec) => (spec.paused = false));
  await s.settle();
  assert.equal(s.replicaSets().length, 2);
  assert.deepEqual(s.replicaSets().map((rs) => rs.spec?.replicas), [0, 4]);
  assert.equal(s.deployment().status?.conditions?.find((c) => c.type === 'Progressing')?.reason, 'NewReplicaSetAvailable');
});

test('no progress for progressDeadlineSeconds: ProgressDeadlineExceeded, looked at again when the deadline passes', async () => {
  const s = simulation();
  s.deploy({ progressDeadlineSeconds: 30 });
  await s.settle();
  s.podsBecomeReady = false;
  s.edit((spec) => (spec.template = template('nginx:1.31-alpine')));
  await s.settle();
  const newRS = s.replicaSets()[1].metadata.name;
  assert.equal(s.deployment().status?.conditions?.find((c) => c.type === 'Progressing')?.reason, 'ReplicaSetUpdated');
  const [key, seconds] = s.dctx.requeued.at(-1)!;
  assert.equal(key, `${NS}/web`);
  assert.ok(seconds > 30 && seconds <= 32, `requeued in ${seconds} s`);
  s.api.clock = new Date(s.api.clock.getTime() + 31_000);
  await c.reconcile(`${NS}/web`, s.dctx);
  assert.ok(conditions(s)!.includes(`Progressing False ProgressDeadlineExceeded: ReplicaSet "${newRS}" has timed out progressing.`), conditions(s)!.join('\n'));
});

test('a name held by a ReplicaSet of another template: collisionCount goes up and the next sync picks another name', async () => {
  const s = simulation();
  const d = s.deploy();
  const hash = templateHash(d.spec!.template);
  s.api.put('replicasets', { metadata: { name: `web-${hash}`, namespace: NS, labels: { app: 'other' } }, spec: { replicas: 0, selector: { matchLabels: { app: 'other' } }, template: template('busybox') } });
  await assert.rejects(c.reconcile(`${NS}/web`, s.dctx), (e) => isConflict(e));
  assert.equal(s.deployment().status?.collisionCount, 1);
  await s.settle();
  const mine = s.replicaSets().find((rs) => rs.metadata.ownerReferences?.length)!;
  assert.equal(mine.metadata.name, `web-${templateHash(d.spec!.template, 1)}`);
  assert.equal(mine.spec?.replicas, 3);
});

test('an orphan ReplicaSet matching the selector is adopted and becomes the new one', async () => {
  const s = simulation();
  const orphan = s.api.put<ReplicaSet>('replicasets', {
    metadata: { name: 'hand-made', namespace: NS, labels: { app: 'web' } },
    spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: template('nginx:1.30-alpine') },
  });
  s.deploy();
  await s.settle();
  const [rs] = s.replicaSets();
  assert.equal(s.replicaSets().length, 1);
  assert.equal(rs.metadata.uid, orphan.metadata.uid);
  assert.equal(rs.metadata.ownerReferences?.[0].name, 'web');
  assert.equal(rs.spec?.replicas, 3);
  assert.equal(rev(rs), '1');
  assert.ok(s.deployment().status?.conditions?.some((c) => c.reason === 'NewReplicaSetAvailable'));
});

test('keysFor: a ReplicaSet change goes to its Deployment, a deleted one to the namespace, a deleted pod to Recreate ones', async () => {
  const s = simulation();
  s.deploy();
  s.deploy({ strategy: { type: 'Recreate' } }, 'batch');
  await s.settle();
  const [rs] = s.replicaSets();
  const change = (group: string, resource: string, name: string, type: 'ADDED' | 'MODIFIED' | 'DELETED' = 'MODIFIED') => ({ cluster: 'default', rev: 1, group, resource, namespace: NS, name, type });
  assert.deepEqual(await c.keysFor(change('apps', 'deployments', 'web'), s.dctx), [`${NS}/web`]);
  assert.deepEqual(await c.keysFor(change('apps', 'replicasets', rs.metadata.name!), s.dctx), [`${NS}/web`]);
  assert.deepEqual((await c.keysFor(change('apps', 'replicasets', 'gone', 'DELETED'), s.dctx)).sort(), [`${NS}/batch`, `${NS}/web`]);
  assert.deepEqual(await c.keysFor(change('', 'pods', 'p', 'DELETED'), s.dctx), [`${NS}/batch`]);
  assert.deepEqual(await c.keysFor(change('', 'pods', 'p'), s.dctx), []);
});

test('the Deployments of one namespace reconciled in one batch read its ReplicaSets once, with the batch', async () => {
  const s = simulation();
  for (const name of ['a', 'b', 'c']) s.deploy({ selector: { matchLabels: { app: name } }, template: { ...template('nginx:1.30-alpine'), metadata: { labels: { app: name } } } }, name);
  const lists: string[] = [];
  const counting = {
    get: s.api.get.bind(s.api),
    list: (res: Parameters<typeof s.api.list>[0], opts?: Parameters<typeof s.api.list>[1]) => (lists.push(res.resource), s.api.list(res, opts)),
  } as unknown as Reads;
  const ctx = { ...s.dctx, shared: new SharedReads().through(counting) };
  await Promise.all(['a', 'b', 'c'].map((name) => c.reconcile(`${NS}/${name}`, ctx)));
  assert.deepEqual(lists, ['replicasets'], 'one list of the namespace\'s ReplicaSets, for the three');
  assert.deepEqual(s.replicaSets().map((rs) => rs.metadata.ownerReferences?.[0].name).sort(), ['a', 'b', 'c'], 'and each Deployment made its own');
});
