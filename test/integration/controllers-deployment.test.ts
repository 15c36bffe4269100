/**
 * The Deployment → ReplicaSet → Pod chain of chapter 000 ("Pourquoi un orchestrateur"), driven
 * with the real kubectl against the whole control plane, nodes played by the test (fake-nodes:
 * bound pods become Running and Ready, deleted pods go away).
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';
import { fakeNodes, type FakeNodes } from '../support/fake-nodes.ts';

const cluster = useCluster();
let nodes: FakeNodes;
const NS = 'ch15';

// Node 20 runs root-level before hooks concurrently: this one could start before the cluster's
let ready: Promise<void> | undefined;
const setup = () =>
  (ready ??= (async () => {
    nodes = fakeNodes(cluster);
    await nodes.add('minikube');
    await ok(['create', 'namespace', NS]);
    await ok(['config', 'set-context', '--current', `--namespace=${NS}`]);
  })());
after(() => nodes?.close());

async function ok(args: string[], timeoutMs?: number) {
  const r = await cluster.kubectl(args, { timeoutMs });
  assert.equal(r.code, 0, `kubectl ${args.join(' ')} failed:\n${r.stderr}\n${r.stdout}`);
  return r.stdout;
}

async function json<T = any>(args: string[]): Promise<T> {
  return JSON.parse(await ok([...args, '-o', 'json'])) as T;
}

/** Polls `check` until it returns a value (not undefined), or fails with the last one seen. */
async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Pod {
  metadata: { name: string; labels?: Record<string, string>; ownerReferences?: { kind: string; name: string; uid: string; controller?: boolean; blockOwnerDeletion?: boolean }[]; deletionTimestamp?: string };
  spec: { nodeName?: string; containers: { image: string }[] };
  status?: { phase?: string };
}

const livePods = async (selector = 'app=vitrine'): Promise<Pod[]> => (await json<{ items: Pod[] }>(['get', 'pods', '-l', selector])).items.filter((p) => !p.metadata.deletionTimestamp);

/** `n` pods matching, all Running: their names. */
const runningPods = (n: number, selector = 'app=vitrine') =>
  eventually(`${n} running pods`, async () => {
    const pods = await livePods(selector);
    return pods.length === n && pods.every((p) => p.status?.phase === 'Running') ? pods.map((p) => p.metadata.name).sort() : undefined;
  });

let rsName = '';
let hash = '';

test('kubectl create deployment, rollout status, get deployments,replicasets,pods as the chapter shows', async () => {
  await setup();
  assert.equal((await ok(['create', 'deployment', 'vitrine', '--image=nginx:1.30-alpine', '--replicas=3'])).trim(), 'deployment.apps/vitrine created');
  const status = await ok(['rollout', 'status', 'deployment/vitrine', '--timeout=60s'], 70_000);
  assert.match(status, /deployment "vitrine" successfully rolled out/);

  const out = await ok(['get', 'deployments,replicasets,pods', '-o', 'wide']);
  const m = /^replicaset\.apps\/(vitrine-([bcdfghjklmnpqrstvwxz2456789]{1,10}))\s+3\s+3\s+3\s+\S+\s+nginx\s+nginx:1\.30-alpine\s+app=vitrine,pod-template-hash=\2$/m.exec(out);
  assert.ok(m, `replicaset line:\n${out}`);
  [, rsName, hash] = m;
  assert.match(out, /^deployment\.apps\/vitrine\s+3\/3\s+3\s+3\s+\S+\s+nginx\s+nginx:1\.30-alpine\s+app=vitrine$/m);
  const podLines = out.split('\n').filter((l) => l.startsWith('pod/'));
  assert.equal(podLines.length, 3, out);
  for (const l of podLines) assert.match(l, new RegExp(`^pod/${rsName}-[bcdfghjklmnpqrstvwxz2456789]{5}\\s+1/1\\s+Running\\s+0\\s+\\S+\\s+10\\.244\\.\\d+\\.\\d+\\s+minikube\\s+<none>\\s+<none>$`));
});

interface Event {
  metadata: { resourceVersion: string };
  involvedObject: { kind: string; name: string };
  reason: string;
  message: string;
  type: string;
  source?: { component?: string };
  reportingComponent?: string;
}

/** The events about objects whose name starts with `prefix`, in the order they were written (the chapter's jq). */
async function eventsOf(prefix: string): Promise<Event[]> {
  const { items } = await json<{ items: Event[] }>(['get', 'events']);
  return items.filter((e) => e.involvedObject.name.startsWith(prefix)).sort((a, b) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion));
}
const line = (e: Event) => `${e.involvedObject.kind} ${e.reason} ${e.reportingComponent || e.source?.component} ${e.message}`;

const replicaSets = async () => (await json<{ items: any[] }>(['get', 'rs'])).items;
const revision = (rs: any) => rs.metadata.annotations?.['deployment.kubernetes.io/revision'];

test('the events of a new Deployment, in the order they were written, with their components', async () => {
  await setup();
  await ok(['create', 'deployment', 'sonde', '--image=nginx:1.30-alpine']);
  await ok(['rollout', 'status', 'deployment/sonde', '--timeout=60s'], 70_000);
  const rs = (await replicaSets()).find((r) => r.metadata.name.startsWith('sonde-'));
  const [pod] = await runningPods(1, 'app=sonde');
  const events = await eventually('Scheduled event', async () => {
    const ev = await eventsOf('sonde');
    return ev.some((e) => e.reason === 'Scheduled') ? ev : undefined;
  });
  assert.deepEqual(events.slice(0, 3).map(line), [
    `Deployment ScalingReplicaSet deployment-controller Scaled up replica set ${rs.metadata.name} from 0 to 1`,
    `ReplicaSet SuccessfulCreate replicaset-controller Created pod: ${pod}`,
    `Pod Scheduled default-scheduler Successfully assigned ${NS}/${pod} to minikube`,
  ]);
  assert.ok(events.every((e) => e.type === 'Normal' && e.source?.component === (e.reportingComponent || e.source?.component)));
  await ok(['delete', 'deployment', 'sonde']);
});

test('a deleted pod is replaced while it terminates', async () => {
  await setup();
  const before = await runningPods(3);
  assert.match(await ok(['delete', 'pod', before[0], '--wait=false']), new RegExp(`pod "${before[0]}" deleted`));
  const after = await eventually('a replacement', async () => {
    const pods = await runningPods(3);
    return pods.includes(before[0]) ? undefined : pods;
  });
  assert.equal(after.filter((p) => !before.includes(p)).length, 1, `before ${before}, after ${after}`);
  assert.ok(after.every((p) => p.startsWith(`${rsName}-`)));
  const created = (await eventsOf(rsName)).filter((e) => e.reason === 'SuccessfulCreate').map((e) => e.message);
  assert.ok(created.includes(`Created pod: ${after.find((p) => !before.includes(p))}`), created.join('\n'));
});

test('scale to 5, then to 2', async () => {
  await setup();
  assert.equal((await ok(['scale', 'deployment', 'vitrine', '--replicas=5'])).trim(), 'deployment.apps/vitrine scaled');
  await ok(['rollout', 'status', 'deployment/vitrine', '--timeout=60s'], 70_000);
  const five = await runningPods(5);
  assert.ok(five.every((p) => p.startsWith(`${rsName}-`)));
  await ok(['scale', 'deployment', 'vitrine', '--replicas=2']);
  const two = await runningPods(2);
  assert.ok(two.every((p) => five.includes(p)), `${two} are not among ${five}`);
  const d = await json(['get', 'deployment', 'vitrine']);
  await eventually('status 2/2', async () => {
    const s = (await json(['get', 'deployment', 'vitrine'])).status;
    return s.replicas === 2 && s.readyReplicas === 2 && s.availableReplicas === 2 ? s : undefined;
  });
  assert.equal(d.spec.replicas, 2);
  const ev = (await eventsOf('vitrine')).map((e) => `${e.reason} ${e.message}`);
  assert.ok(ev.includes(`ScalingReplicaSet Scaled up replica set ${rsName} from 3 to 5`), ev.join('\n'));
  assert.ok(ev.includes(`ScalingReplicaSet Scaled down replica set ${rsName} from 5 to 2`), ev.join('\n'));
  assert.equal(ev.filter((e) => e.startsWith('SuccessfulDelete Deleted pod: ')).length, 3, ev.join('\n'));
  await ok(['scale', 'deployment', 'vitrine', '--replicas=3']);
  await runningPods(3);
});

test('a deleted ReplicaSet comes back under the same name, with new pods', async () => {
  await setup();
  const before = await runningPods(3);
  const old = (await replicaSets()).find((r) => r.metadata.name === rsName);
  assert.match(await ok(['delete', 'replicaset', rsName]), new RegExp(`replicaset.apps "${rsName}" deleted`));
  const back = await eventually('the ReplicaSet back', async () => {
    const rs = (await replicaSets()).find((r) => r.metadata.name === rsName);
    return rs && rs.metadata.uid !== old.metadata.uid && rs.status?.readyReplicas === 3 ? rs : undefined;
  });
  assert.equal(back.metadata.labels['pod-template-hash'], hash);
  const pods = await eventually('3 new pods', async () => {
    const mine = (await livePods()).filter((p) => p.metadata.ownerReferences?.some((r) => r.uid === back.metadata.uid));
    return mine.length === 3 && mine.every((p) => p.status?.phase === 'Running') ? mine.map((p) => p.metadata.name) : undefined;
  });
  assert.ok(pods.every((p) => !before.includes(p) && p.startsWith(`${rsName}-`)), `${pods} vs ${before}`);
  // the old pods went with their ReplicaSet (the garbage collector's cascade)
  assert.deepEqual(await runningPods(3), [...pods].sort());
});

test('a relabelled pod is orphaned and replaced; the ReplicaSet counts labels, not content', async () => {
  await setup();
  const [victim, ...rest] = await eventually('3 pods of the ReplicaSet', async () => {
    const pods = (await livePods()).filter((p) => p.metadata.ownerReferences?.length);
    return pods.length === 3 ? pods.map((p) => p.metadata.name) : undefined;
  });
  await ok(['set', 'image', `pod/${rest[0]}`, 'nginx=nginx:1.29-alpine']);
  await ok(['label', 'pod', victim, 'app=orphelin', '--overwrite']);
  const orphan = await eventually('the orphan', async () => {
    const p = await json<Pod>(['get', 'pod', victim]);
    return p.metadata.ownerReferences?.length ? undefined : p;
  });
  assert.equal(orphan.metadata.labels?.app, 'orphelin');
  const now = await runningPods(3);
  assert.ok(!now.includes(victim) && rest.every((p) => now.includes(p)), `${now}`);
  const repainted = await json<Pod>(['get', 'pod', rest[0]]);
  assert.equal(repainted.spec.containers[0].image, 'nginx:1.29-alpine');
  assert.equal(repainted.metadata.ownerReferences?.[0].name, rsName);
  assert.equal((await livePods('app in (vitrine,orphelin)')).length, 4);
  assert.match(await ok(['delete', 'pod', '-l', 'app=orphelin']), new RegExp(`pod "${victim}" deleted`));
});

test('set image rolls out a new ReplicaSet; rollout history and undo', async () => {
  await setup();
  await ok(['set', 'image', 'deployment/vitrine', 'nginx=nginx:1.31-alpine']);
  await ok(['rollout', 'status', 'deployment/vitrine', '--timeout=60s'], 70_000);
  const rss = await replicaSets();
  const first = rss.find((r) => r.metadata.name === rsName);
  const second = rss.find((r) => r.metadata.name !== rsName && r.metadata.name.startsWith('vitrine-'));
  assert.ok(second, JSON.stringify(rss.map((r) => r.metadata.name)));
  assert.equal(first.spec.replicas, 0);
  assert.equal(second.spec.replicas, 3);
  assert.equal(second.spec.template.spec.containers[0].image, 'nginx:1.31-alpine');
  assert.deepEqual([revision(first), revision(second)], ['1', '2']);
  assert.equal((await json(['get', 'deployment', 'vitrine'])).metadata.annotations['deployment.kubernetes.io/revision'], '2');
  const pods = await runningPods(3);
  assert.ok(pods.every((p) => p.startsWith(`${second.metadata.name}-`)), `${pods}`);

  const history = await ok(['rollout', 'history', 'deployment/vitrine']);
  assert.match(history, /^REVISION\s+CHANGE-CAUSE\n1\s+<none>\n2\s+<none>\n/m);

  assert.match(await ok(['rollout', 'undo', 'deployment/vitrine']), /deployment.apps\/vitrine rolled back/);
  await ok(['rollout', 'status', 'deployment/vitrine', '--timeout=60s'], 70_000);
  const after = await replicaSets();
  const firstAgain = after.find((r) => r.metadata.name === rsName);
  const secondAfter = after.find((r) => r.metadata.name === second.metadata.name);
  assert.equal(firstAgain.spec.replicas, 3);
  assert.equal(secondAfter.spec.replicas, 0);
  assert.equal(revision(firstAgain), '3');
  assert.equal(firstAgain.metadata.annotations['deployment.kubernetes.io/revision-history'], '1');
  const d = await json(['get', 'deployment', 'vitrine']);
  assert.equal(d.metadata.annotations['deployment.kubernetes.io/revision'], '3');
  assert.equal(d.spec.template.spec.containers[0].image, 'nginx:1.30-alpine');
  assert.match(await ok(['rollout', 'history', 'deployment/vitrine']), /^REVISION\s+CHANGE-CAUSE\n2\s+<none>\n3\s+<none>\n/m);
  const back = await runningPods(3);
  assert.ok(back.every((p) => p.startsWith(`${rsName}-`)), `${back}`);

  // the rollout, as the events tell it: new up by one (maxSurge 1), old down by one (maxUnavailable 0)
  const scaling = (await eventsOf('vitrine')).filter((e) => e.reason === 'ScalingReplicaSet').map((e) => e.message);
  const rollout = scaling.slice(scaling.indexOf(`Scaled up replica set ${second.metadata.name} from 0 to 1`));
  const expected = [
    `Scaled up replica set ${second.metadata.name} from 0 to 1`,
    `Scaled down replica set ${rsName} from 3 to 2`,
    `Scaled up replica set ${second.metadata.name} from 1 to 2`,
    `Scaled down replica set ${rsName} from 2 to 1`,
    `Scaled up replica set ${second.metadata.name} from 2 to 3`,
    `Scaled down replica set ${rsName} from 1 to 0`,
  ];
  // past 10 distinct messages in 10 minutes (this file scales vitrine a lot), client-go's
  // correlator folds the next ones into one "(combined from similar events)" Event
  const separate = rollout.filter((m) => !m.startsWith('(combined from similar events): '));
  assert.deepEqual(separate.slice(0, 6), expected.slice(0, Math.min(6, separate.length)));
  assert.ok(separate.length >= 4, `the rollout's steps: ${JSON.stringify(rollout)}`);
  if (separate.length < 6) assert.ok(scaling.some((m) => m.startsWith('(combined from similar events): Scaled')), JSON.stringify(scaling));
});

test('kubectl describe deployment shows the conditions, the ReplicaSets and the events', async () => {
  await setup();
  const out = await ok(['describe', 'deployment', 'vitrine']);
  assert.match(out, /^Replicas:\s+3 desired \| 3 updated \| 3 total \| 3 available \| 0 unavailable$/m);
  assert.match(out, /^RollingUpdateStrategy:\s+25% max unavailable, 25% max surge$/m);
  assert.match(out, /^\s+Available\s+True\s+MinimumReplicasAvailable$/m);
  assert.match(out, /^\s+Progressing\s+True\s+NewReplicaSetAvailable$/m);
  assert.match(out, new RegExp(`^NewReplicaSet:\\s+${rsName} \\(3/3 replicas created\\)$`, 'm'));
  assert.match(out, /^OldReplicaSets:\s+vitrine-\w+ \(0\/0 replicas created\)$/m);
  // created, then created again after the ReplicaSet was deleted: one event, counted twice
  assert.match(out, new RegExp(`^\\s+Normal\\s+ScalingReplicaSet\\s+\\S+ \\(x2 over \\S+\\)\\s+deployment-controller\\s+Scaled up replica set ${rsName} from 0 to 3$`, 'm'));
});

test('Recreate: the old pods go before the new ones come', async () => {
  await setup();
  await ok(['create', 'deployment', 'atelier', '--image=nginx:1.30-alpine', '--replicas=2']);
  await ok(['patch', 'deployment', 'atelier', '--type=merge', '-p', '{"spec":{"strategy":{"type":"Recreate","rollingUpdate":null}}}']);
  await ok(['rollout', 'status', 'deployment/atelier', '--timeout=60s'], 70_000);
  const [oldRS] = (await replicaSets()).filter((r) => r.metadata.name.startsWith('atelier-'));
  await ok(['set', 'image', 'deployment/atelier', 'nginx=nginx:1.31-alpine']);
  await ok(['rollout', 'status', 'deployment/atelier', '--timeout=60s'], 70_000);
  const newRS = (await replicaSets()).find((r) => r.metadata.name.startsWith('atelier-') && r.metadata.name !== oldRS.metadata.name);
  const scaling = (await eventsOf('atelier')).filter((e) => e.reason === 'ScalingReplicaSet').map((e) => e.message);
  assert.deepEqual(scaling, [
    `Scaled up replica set ${oldRS.metadata.name} from 0 to 2`,
    `Scaled down replica set ${oldRS.metadata.name} from 2 to 0`,
    `Scaled up replica set ${newRS.metadata.name} from 0 to 2`,
  ]);
  const pods = await runningPods(2, 'app=atelier');
  assert.ok(pods.every((p) => p.startsWith(`${newRS.metadata.name}-`)));
  await ok(['delete', 'deployment', 'atelier']);
});
