/**
 * The scheduler and the node lifecycle controllers against the running control plane, with nodes
 * played by the test (test/support/fake-nodes.ts) and a shortened grace period: pods spread over
 * two nodes, FailedScheduling with Kubernetes' message until a big enough node comes, taints and
 * nodeSelector, and a node whose lease stops going NotReady, tainted, its pods evicted once their
 * (short) toleration runs out.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';
import { fakeNodes, type FakeNodes } from '../support/fake-nodes.ts';
import { until } from '../support/until.ts';

const GRACE_SECONDS = 5;
const cluster = useCluster({ controllerSettings: { NODE_MONITOR_GRACE_SECONDS: String(GRACE_SECONDS) } });
const NS = 'sched';
let nodes: FakeNodes;


async function kubectl(...args: string[]) {
  const r = await cluster.kubectl(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

const get = async (path: string) => {
  const r = await cluster.api('GET', path);
  assert.equal(r.status, 200, `${path}: ${r.text}`);
  return r.json;
};
const pod = (name: string) => get(`/api/v1/namespaces/${NS}/pods/${name}`);
const eventsFor = async (name: string) => (await get(`/api/v1/namespaces/${NS}/events?fieldSelector=involvedObject.name=${name}`)).items as any[];

async function createPod(name: string, spec: Record<string, unknown> = {}, labels: Record<string, string> = {}) {
  const r = await cluster.api('POST', `/api/v1/namespaces/${NS}/pods`, {
    body: { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels }, spec: { containers: [{ name: 'c', image: 'nginx:1.30-alpine' }], ...spec } },
  });
  assert.equal(r.status, 201, r.text);
}

const boundTo = (name: string) => until(`${name} bound`, async () => (await pod(name)).spec.nodeName as string | undefined);

/** Node 20 runs root-level before hooks concurrently: the first test sets up, once the cluster is up. */
let setup: Promise<void> | undefined;
const ready = () =>
  (setup ??= (async () => {
    nodes = fakeNodes(cluster);
    await nodes.add('noeud-1');
    await nodes.add('noeud-2');
    await kubectl('create', 'namespace', NS);
  })());
after(() => nodes?.close());

const podsOf = async (app: string) => (await get(`/api/v1/namespaces/${NS}/pods?labelSelector=app=${app}`)).items as any[];

test("a Deployment's pods are spread across two nodes, each with a Scheduled event", async () => {
  await ready();
  await kubectl('create', 'deployment', 'vitrine', '--image=nginx:1.30-alpine', '--replicas=4', '-n', NS);
  await kubectl('rollout', 'status', 'deployment/vitrine', '-n', NS, '--timeout=60s');
  const pods = await podsOf('vitrine');
  assert.equal(pods.length, 4);
  const placed = pods.map((p) => p.spec.nodeName);
  assert.equal(placed.filter((n) => n === 'noeud-1').length, 2, `placement: ${placed}`);
  assert.equal(placed.filter((n) => n === 'noeud-2').length, 2, `placement: ${placed}`);
  const wide = await kubectl('get', 'pods', '-o', 'wide', '-n', NS);
  for (const p of pods) assert.match(wide, new RegExp(`${p.metadata.name}\\s+1/1\\s+Running\\s+.*${p.spec.nodeName}`));

  const name = pods[0].metadata.name;
  const events = await until('Scheduled event', async () => (await eventsFor(name)).filter((e) => e.reason === 'Scheduled'));
  assert.equal(events.length, 1);
  assert.equal(events[0].type, 'Normal');
  assert.equal(events[0].source.component, 'default-scheduler');
  assert.equal(events[0].reportingComponent, 'default-scheduler');
  assert.equal(events[0].message, `Successfully assigned ${NS}/${name} to ${pods[0].spec.nodeName}`);
  const scheduled = pods[0].status.conditions.find((c: any) => c.type === 'PodScheduled');
  assert.equal(scheduled.status, 'True');
});

test('a pod asking for more cpu than any node has fails with FailedScheduling, then lands on a big node', async () => {
  await createPod('gourmand', { containers: [{ name: 'c', image: 'nginx:1.30-alpine', resources: { requests: { cpu: '8' } } }] });
  const message = '0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod..';
  const failed = await until('FailedScheduling', async () => (await eventsFor('gourmand')).find((e) => e.reason === 'FailedScheduling'));
  assert.equal(failed.type, 'Warning');
  assert.equal(failed.source.component, 'default-scheduler');
  assert.equal(failed.message, message);
  const condition = await until('PodScheduled=False', async () => (await pod('gourmand')).status.conditions?.find((c: any) => c.type === 'PodScheduled'));
  assert.deepEqual({ status: condition.status, reason: condition.reason, message: condition.message }, { status: 'False', reason: 'Unschedulable', message });
  const manager = (await pod('gourmand')).metadata.managedFields.find((m: any) => m.subresource === 'status');
  assert.equal(manager?.manager, 'default-scheduler');
  const described = await kubectl('describe', 'pod', 'gourmand', '-n', NS);
  assert.match(described, /Warning\s+FailedScheduling\s+.*default-scheduler\s+0\/2 nodes are available: 2 Insufficient cpu\./);

  await nodes.add('grand-noeud', { cpu: '16', memory: '32Gi' });
  assert.equal(await boundTo('gourmand'), 'grand-noeud');
  const scheduled = (await pod('gourmand')).status.conditions.find((c: any) => c.type === 'PodScheduled');
  assert.equal(scheduled.status, 'True');
});

test('a taint keeps away the pods that do not tolerate it', async () => {
  await kubectl('taint', 'nodes', 'noeud-1', 'grand-noeud', 'equipe=rouge:NoSchedule');
  await createPod('sans-tolerance', { nodeSelector: { 'kubernetes.io/hostname': 'noeud-1' } });
  const failed = await until('FailedScheduling', async () => (await eventsFor('sans-tolerance')).find((e) => e.reason === 'FailedScheduling'));
  assert.equal(
    failed.message,
    "0/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 2 node(s) had untolerated taint {equipe: rouge}. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..",
  );
  await createPod('avec-tolerance', {
    nodeSelector: { 'kubernetes.io/hostname': 'noeud-1' },
    tolerations: [{ key: 'equipe', operator: 'Equal', value: 'rouge', effect: 'NoSchedule' }],
  });
  assert.equal(await boundTo('avec-tolerance'), 'noeud-1');

  await kubectl('taint', 'nodes', 'noeud-1', 'grand-noeud', 'equipe=rouge:NoSchedule-');
  assert.equal(await boundTo('sans-tolerance'), 'noeud-1');
});

test('a nodeSelector waits for a node with the label', async () => {
  await createPod('sur-ssd', { nodeSelector: { disque: 'ssd' } });
  const failed = await until('FailedScheduling', async () => (await eventsFor('sur-ssd')).find((e) => e.reason === 'FailedScheduling'));
  assert.equal(failed.message, "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..");
  await kubectl('label', 'node', 'noeud-2', 'disque=ssd');
  assert.equal(await boundTo('sur-ssd'), 'noeud-2');
});

test('a node whose lease stops goes NotReady with both unreachable taints; its pods are replaced on the other node after their toleration', async () => {
  // two replicas on the two small nodes, tolerating an unreachable node 2 s instead of 300
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'fragile', namespace: NS },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'fragile' } },
      template: {
        metadata: { labels: { app: 'fragile' } },
        spec: {
          containers: [{ name: 'c', image: 'nginx:1.30-alpine' }],
          tolerations: [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2 }],
          affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['noeud-1', 'noeud-2'] }] }] } } },
        },
      },
    },
  };
  const r = await cluster.kubectl(['apply', '-f', '-'], { input: JSON.stringify(deployment) });
  assert.equal(r.code, 0, r.stderr);
  await kubectl('rollout', 'status', 'deployment/fragile', '-n', NS, '--timeout=60s');
  const before = await podsOf('fragile');
  assert.deepEqual(before.map((p) => p.spec.nodeName).sort(), ['noeud-1', 'noeud-2']);
  const victim = before.find((p) => p.spec.nodeName === 'noeud-2').metadata.name;

  const stoppedAt = Date.now();
  nodes.stop('noeud-2');
  const node = await until(
    'noeud-2 NotReady',
    async () => {
      const n = await get('/api/v1/nodes/noeud-2');
      return n.status.conditions.find((c: any) => c.type === 'Ready').status === 'Unknown' && n;
    },
    30_000,
  );
  assert.ok(Date.now() - stoppedAt >= GRACE_SECONDS * 1000 - 2000, 'not before the grace period');
  const ready = node.status.conditions.find((c: any) => c.type === 'Ready');
  assert.deepEqual({ reason: ready.reason, message: ready.message }, { reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' });
  const tainted = await until('both taints', async () => {
    const taints = (await get('/api/v1/nodes/noeud-2')).spec.taints ?? [];
    return taints.length === 2 && taints;
  });
  assert.deepEqual(
    tainted.map((t: any) => `${t.key}:${t.effect}`),
    ['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute'],
  );
  for (const t of tainted) assert.match(t.timeAdded, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  const table = await kubectl('get', 'nodes');
  assert.match(table, /noeud-2\s+NotReady\s/);
  assert.match(table, /noeud-1\s+Ready\s/);
  await until('the node\'s NodeNotReady event', async () => {
    const nodeEvents = (await get('/api/v1/namespaces/default/events?fieldSelector=involvedObject.name=noeud-2')).items;
    return nodeEvents.some((e: any) => e.reason === 'NodeNotReady' && e.message === 'Node noeud-2 status is now: NodeNotReady' && e.source.component === 'node-controller');
  });

  // 2 s later the pod on noeud-2 is marked for deletion and replaced on noeud-1
  const evicted = await until('the pod on noeud-2 marked for deletion', async () => {
    const p = await pod(victim);
    return p.metadata.deletionTimestamp && p;
  });
  const disruption = evicted.status.conditions.find((c: any) => c.type === 'DisruptionTarget');
  assert.deepEqual({ status: disruption.status, reason: disruption.reason, message: disruption.message }, { status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' });
  // events are written in the background, as Kubernetes' recorder writes them: the delete may come first
  const victimEvents = await until('the eviction and NodeNotReady events', async () => {
    const events = await eventsFor(victim);
    return events.some((e) => e.reason === 'TaintManagerEviction') && events.some((e) => e.reason === 'NodeNotReady') && events;
  });
  const eviction = victimEvents.find((e) => e.reason === 'TaintManagerEviction');
  assert.equal(eviction?.message, `Marking for deletion Pod ${NS}/${victim}`);
  assert.equal(eviction?.source.component, 'taint-eviction-controller');
  assert.equal(victimEvents.find((e) => e.reason === 'NodeNotReady')?.message, 'Node is not ready');

  const replaced = await until('a replacement running on noeud-1', async () => {
    const live = (await podsOf('fragile')).filter((p) => !p.metadata.deletionTimestamp);
    return live.length === 2 && live.every((p) => p.spec.nodeName === 'noeud-1' && p.status.phase === 'Running') && live;
  });
  assert.ok(!replaced.some((p: any) => p.metadata.name === victim));
  const wide = await kubectl('get', 'pods', '-o', 'wide', '-n', NS, '-l', 'app=fragile');
  assert.match(wide, new RegExp(`${victim}\\s+\\S+\\s+Terminating\\s+.*noeud-2`));

  // the vitrine pods on noeud-2 keep their default 300 s toleration
  for (const p of (await podsOf('vitrine')).filter((p) => p.spec.nodeName === 'noeud-2')) assert.equal(p.metadata.deletionTimestamp, undefined);
});
