import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plan, type Decision } from './plan.ts';
import { snapshot } from './snapshot.ts';
import { makeNode, makePod } from '../nodelifecycle/fake-context.test-support.ts';

const placement = (ds: Decision[]) => Object.fromEntries(ds.map((d) => [d.pod.metadata.name, d.node ?? (d as { message: string }).message]));
const count = (ds: Decision[], node: string) => ds.filter((d) => d.node === node).length;

test("a ReplicaSet's pods are spread over equal nodes", () => {
  const pods = ['a', 'b', 'c', 'd'].map((n) => makePod(`rs-${n}`, { owner: 'rs' }));
  const ds = plan(pods, snapshot([makeNode('n1'), makeNode('n2')], []), () => 0);
  assert.equal(count(ds, 'n1'), 2);
  assert.equal(count(ds, 'n2'), 2);
});

test('spreading accounts for the pods already bound', () => {
  const bound = [makePod('old-1', { owner: 'rs', node: 'n1' }), makePod('old-2', { owner: 'rs', node: 'n1' })];
  const ds = plan([makePod('new-1', { owner: 'rs' }), makePod('new-2', { owner: 'rs' })], snapshot([makeNode('n1'), makeNode('n2')], bound), () => 0);
  assert.deepEqual(placement(ds), { 'new-1': 'n2', 'new-2': 'n2' });
});

test('the least allocated node wins, and each placement is counted for the next pod of the batch', () => {
  const ds = plan(
    [makePod('p1', { cpu: '3' }), makePod('p2', { cpu: '3' }), makePod('p3', { cpu: '3' })],
    snapshot([makeNode('n1', { cpu: '4' }), makeNode('n2', { cpu: '8' })], []),
    () => 0,
  );
  // whatever the choices, the three fit only if each placement is counted for the next
  const used = { n1: 0, n2: 0 } as Record<string, number>;
  for (const d of ds) if (d.node) used[d.node] += 3;
  assert.ok(used.n1 <= 4 && used.n2 <= 8, JSON.stringify(placement(ds)));
  assert.equal(ds.filter((d) => d.node).length, 3);
  assert.equal(ds[0].node, 'n2', 'the emptier node first');
});

test('a full batch: the pod that no longer fits is unschedulable with the reasons', () => {
  const ds = plan([makePod('p1', { cpu: '3' }), makePod('p2', { cpu: '3' })], snapshot([makeNode('n1', { cpu: '4' })], []));
  assert.equal(ds[0].node, 'n1');
  assert.deepEqual(ds[1], {
    pod: ds[1].pod,
    reason: 'Unschedulable',
    message: '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..',
  });
});

test('higher priority first, then the oldest', () => {
  const old = makePod('old');
  const young = makePod('young');
  const ds = plan([young, old, makePod('vip', { priority: 1000 })], snapshot([makeNode('n1', { pods: '1' })], []));
  assert.deepEqual(ds.map((d) => d.pod.metadata.name), ['vip', 'old', 'young']);
  assert.equal(ds[0].node, 'n1');
  assert.match((ds[1] as { message: string }).message, /^0\/1 nodes are available: 1 Too many pods\./);
});

test('unschedulable, tainted, not ready and unmatched nodes are filtered with their reasons', () => {
  const nodes = [
    makeNode('cordoned', { unschedulable: true }),
    makeNode('tainted', { taints: [{ key: 'gpu', value: 'oui', effect: 'NoExecute' }] }),
    makeNode('lost', { ready: 'Unknown' }),
    makeNode('other', { labels: { disque: 'hdd' } }),
  ];
  const [d] = plan([makePod('p', { spec: { nodeSelector: { disque: 'ssd' } } })], snapshot(nodes, []));
  assert.equal(
    (d as { message: string }).message,
    "0/4 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint {gpu: oui}, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }, 1 node(s) were unschedulable. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling..",
  );
  const tolerant = makePod('t', { spec: { tolerations: [{ key: 'gpu', operator: 'Exists' }, { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }] } });
  const placed = plan([tolerant], snapshot(nodes.slice(0, 2), []), () => 0);
  assert.ok(placed[0].node === 'cordoned' || placed[0].node === 'tainted');
});

test('host ports conflict on a node', () => {
  const withPort = (name: string, node?: string) =>
    makePod(name, { node, spec: { containers: [{ name: 'c', image: 'x', ports: [{ containerPort: 80, hostPort: 8080, protocol: 'TCP' }] }] } as never });
  const ds = plan([withPort('new')], snapshot([makeNode('n1'), makeNode('n2')], [withPort('old', 'n1')]));
  assert.equal(ds[0].node, 'n2');
  const full = plan([withPort('new')], snapshot([makeNode('n1')], [withPort('old', 'n1')]));
  assert.match((full[0] as { message: string }).message, /^0\/1 nodes are available: 1 node\(s\) didn't have free ports for the requested pod ports\./);
});

test('a PreferNoSchedule taint and preferred affinity steer the choice', () => {
  const nodes = [makeNode('n1', { taints: [{ key: 'bof', effect: 'PreferNoSchedule' }] }), makeNode('n2')];
  assert.equal(plan([makePod('p')], snapshot(nodes, []), () => 0)[0].node, 'n2');
  const prefers = makePod('q', {
    spec: { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, preference: { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] } }] } } } as never,
  });
  assert.equal(plan([prefers], snapshot([makeNode('n1'), makeNode('n2')], []), () => 0.99)[0].node, 'n1');
});

test('no nodes at all', () => {
  assert.deepEqual(plan([makePod('p')], snapshot([], [])).map((d) => (d as { reason: string; message: string }).message), ['no nodes available to schedule pods']);
});

test('1 000 pods on 100 nodes are planned evenly, without overcommitting (its speed: the bench\'s scheduling figure)', () => {
  const nodes = Array.from({ length: 100 }, (_, i) => makeNode(`n${i}`, { cpu: '32', memory: '64Gi' }));
  const pods = Array.from({ length: 1000 }, (_, i) => makePod(`p${i}`, { cpu: '100m', memory: '128Mi', owner: `rs${i % 10}` }));
  const ds = plan(pods, snapshot(nodes, []));
  assert.equal(ds.filter((d) => d.node).length, 1000);
  const perNode = nodes.map((n) => count(ds, n.metadata.name!));
  assert.ok(Math.max(...perNode) - Math.min(...perNode) <= 2, `spread ${Math.min(...perNode)}..${Math.max(...perNode)}`);
});
