import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ControllerRevision } from '../../../lib/api/apps/controllerrevision.ts';
import type { DaemonSet } from '../../../lib/api/apps/daemonset.ts';
import type { Node } from '../../../lib/api/core/node.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { FakeApi, fakeContext } from '../framework/fake-api.test-support.ts';
import { daemonSetController as c } from './controller.ts';
import { targetNode } from './pods.ts';

const NS = 'kube-system';
const DS = { group: 'apps', version: 'v1', resource: 'daemonsets', namespaced: true };

const node = (name: string, extra: { labels?: Record<string, string>; taints?: NonNullable<Node['spec']>['taints']; unschedulable?: boolean } = {}): Node => ({
  metadata: { name, labels: { 'kubernetes.io/hostname': name, ...extra.labels } },
  spec: { taints: extra.taints, unschedulable: extra.unschedulable },
  status: { conditions: [{ type: 'Ready', status: 'True' }] },
});

function world(spec: Partial<NonNullable<DaemonSet['spec']>> = {}, nodes = ['n1', 'n2']) {
  const api = new FakeApi();
  const ctx = fakeContext(api);
  for (const n of nodes) api.put('nodes', node(n));
  api.put<DaemonSet>('daemonsets', {
    metadata: { name: 'agent', namespace: NS, annotations: { 'deprecated.daemonset.template.generation': '1' } },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image: 'agent:1' }] } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } },
      revisionHistoryLimit: 10,
      ...spec,
    },
    status: { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 },
  });
  const sync = () => c.reconcile(`${NS}/agent`, ctx);
  const ds = () => api.one<DaemonSet>('daemonsets', NS, 'agent')!;
  const pods = () => api.all<Pod>('pods');
  const byNode = () => pods().map((p) => targetNode(p)).sort();
  /** what the scheduler and the kubelet would do: bind each pod to its node, Running and Ready */
  const runAll = () => {
    for (const p of pods()) if (!p.metadata.deletionTimestamp) {
      api.put('pods', { ...p, spec: { ...p.spec, nodeName: targetNode(p) } });
      api.setPodPhase(NS, p.metadata.name!, 'Running');
    }
  };
  /** an update, with the template generation the API server would bump */
  const edit = (f: (d: DaemonSet) => void) => {
    const d = ds();
    const before = JSON.stringify(d.spec?.template);
    f(d);
    const a = d.metadata.annotations!;
    if (JSON.stringify(d.spec?.template) !== before) a['deprecated.daemonset.template.generation'] = String(Number(a['deprecated.daemonset.template.generation']) + 1);
    return api.update(DS, d);
  };
  return { api, ctx, sync, ds, pods, byNode, runAll, edit };
}

test('one pod per node, pinned by node affinity, with the daemon tolerations and revision labels', async () => {
  const { ctx, sync, pods, byNode, ds, runAll } = world();
  await sync();
  assert.deepEqual(byNode(), ['n1', 'n2']);
  const p = pods().find((x) => targetNode(x) === 'n1')!;
  assert.equal(p.spec?.nodeName, undefined, 'the scheduler binds it');
  assert.deepEqual(p.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution, { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] }] });
  assert.deepEqual(
    p.spec?.tolerations?.map((t) => `${t.key}:${t.effect}`),
    ['not-ready:NoExecute', 'unreachable:NoExecute', 'disk-pressure:NoSchedule', 'memory-pressure:NoSchedule', 'pid-pressure:NoSchedule', 'unschedulable:NoSchedule'].map((t) => `node.kubernetes.io/${t}`),
  );
  assert.match(p.metadata.generateName!, /^agent-$/);
  const hash = p.metadata.labels?.['controller-revision-hash'];
  assert.match(hash!, /^[bcdfghjklmnpqrstvwxz2456789]+$/);
  assert.equal(p.metadata.labels?.['pod-template-generation'], '1');
  assert.equal(ctx.recorded.filter((e) => e.startsWith('Normal SuccessfulCreate DaemonSet/agent: Created pod: agent-')).length, 2);

  runAll();
  await sync();
  const s = ds().status!;
  assert.deepEqual([s.desiredNumberScheduled, s.currentNumberScheduled, s.numberReady, s.updatedNumberScheduled, s.numberAvailable, s.numberMisscheduled], [2, 2, 2, 2, 2, 0]);
  await sync();
  assert.equal(pods().length, 2, 'settled: nothing more');
});

test('a node that joins later gets its pod; one that leaves loses it', async () => {
  const { api, sync, byNode } = world();
  await sync();
  api.put('nodes', node('n3'));
  const keys = await c.keysFor({ cluster: '', rev: 1, group: '', resource: 'nodes', name: 'n3', type: 'ADDED' } as never, fakeContext(api));
  assert.deepEqual(keys, [`${NS}/agent`], 'a node change looks at every DaemonSet');
  await sync();
  assert.deepEqual(byNode(), ['n1', 'n2', 'n3']);
  api.objects.delete('nodes//n2');
  await sync();
  assert.deepEqual(byNode(), ['n1', 'n3']);
});

test('eligibility: nodeSelector, untolerated taints; cordoned and not-ready nodes still run daemons', async () => {
  const { api, sync, byNode, ds, runAll } = world({
    template: { metadata: { labels: { app: 'agent' } }, spec: { nodeSelector: { disk: 'ssd' }, containers: [{ name: 'a', image: 'agent:1' }] } },
  }, []);
  api.put('nodes', node('ssd', { labels: { disk: 'ssd' } }));
  api.put('nodes', node('hdd', { labels: { disk: 'hdd' } }));
  api.put('nodes', node('tainted', { labels: { disk: 'ssd' }, taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] }));
  api.put('nodes', node('cordoned', { labels: { disk: 'ssd' }, unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] }));
  api.put('nodes', node('sick', { labels: { disk: 'ssd' }, taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }, { key: 'node.kubernetes.io/memory-pressure', effect: 'NoSchedule' }] }));
  await sync();
  assert.deepEqual(byNode(), ['cordoned', 'sick', 'ssd']);
  runAll();
  // a NoSchedule taint added later keeps the running pod; a NoExecute one evicts it
  const taint = (name: string, effect: 'NoSchedule' | 'NoExecute') => {
    const n = api.one<Node>('nodes', undefined, name)!;
    api.put('nodes', { ...n, spec: { taints: [{ key: 'maintenance', effect }] } });
  };
  taint('ssd', 'NoSchedule');
  taint('cordoned', 'NoExecute');
  await sync();
  assert.deepEqual(byNode(), ['sick', 'ssd']);
  await sync();
  const s = ds().status!;
  assert.equal(s.desiredNumberScheduled, 1, 'only sick should run it now');
  assert.equal(s.numberMisscheduled, 1, 'ssd runs it without being eligible');
});

test('hostNetwork daemons also tolerate network-unavailable', async () => {
  const { sync, pods } = world({ template: { metadata: { labels: { app: 'agent' } }, spec: { hostNetwork: true, containers: [{ name: 'a', image: 'agent:1' }] } } }, ['n1']);
  await sync();
  assert.equal(pods()[0].spec?.tolerations?.at(-1)?.key, 'node.kubernetes.io/network-unavailable');
});

test('rolling update with maxUnavailable 1: one node at a time, each new pod available before the next', async () => {
  const { api, sync, pods, runAll, edit, ds } = world({}, ['n1', 'n2', 'n3']);
  await sync();
  runAll();
  await sync();
  const first = pods().map((p) => p.metadata.labels?.['controller-revision-hash'])[0];
  await edit((d) => void (d.spec!.template!.spec!.containers![0].image = 'agent:2'));
  api.gracefulPods = true;
  await sync();
  const deleting = () => pods().filter((p) => p.metadata.deletionTimestamp).length;
  assert.equal(deleting(), 1, 'one old pod deleted');
  await sync();
  assert.equal(deleting(), 1, 'the next waits');
  api.finishDeletions();
  await sync(); // the node without a pod gets a new one
  const newer = pods().filter((p) => p.metadata.labels?.['controller-revision-hash'] !== first);
  assert.equal(newer.length, 1);
  assert.equal(newer[0].spec?.containers?.[0].image, 'agent:2');
  assert.equal(newer[0].metadata.labels?.['pod-template-generation'], '2');
  await sync();
  assert.equal(deleting(), 0, 'the new pod is not available yet');
  runAll();
  await sync();
  assert.equal(deleting(), 1);
  for (let i = 0; i < 6; i++) {
    api.finishDeletions();
    await sync();
    runAll();
    await sync();
  }
  assert.deepEqual(pods().map((p) => p.spec?.containers?.[0].image), ['agent:2', 'agent:2', 'agent:2']);
  const s = ds().status!;
  assert.equal(s.updatedNumberScheduled, 3);
  assert.equal(s.numberAvailable, 3);
});

test('maxSurge: the new pod starts beside the old one, which goes once the new one is available', async () => {
  const { api, sync, pods, runAll, edit } = world({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } } }, ['n1']);
  await sync();
  runAll();
  await sync();
  await edit((d) => void (d.spec!.template!.spec!.containers![0].image = 'agent:2'));
  await sync();
  assert.deepEqual(pods().map((p) => p.spec?.containers?.[0].image).sort(), ['agent:1', 'agent:2']);
  await sync();
  assert.equal(pods().length, 2, 'the old one stays while the new one is not ready');
  runAll();
  await sync();
  assert.deepEqual(pods().map((p) => p.spec?.containers?.[0].image), ['agent:2']);
  void api;
});

test('revisions: each template a ControllerRevision; going back renumbers the old one', async () => {
  const { api, sync, edit } = world({}, []);
  await sync();
  await edit((d) => void (d.spec!.template!.spec!.containers![0].image = 'agent:2'));
  await sync();
  await edit((d) => void (d.spec!.template!.spec!.containers![0].image = 'agent:1'));
  await sync();
  const revs = api.all<ControllerRevision>('controllerrevisions').sort((a, b) => (a.revision ?? 0) - (b.revision ?? 0));
  assert.equal(revs.length, 2);
  assert.deepEqual(revs.map((r) => r.revision), [2, 3]);
  const restores = revs[1].data as { spec: { template: { spec: { containers: { image: string }[] }; $patch: string } } };
  assert.equal(restores.spec.template.spec.containers[0].image, 'agent:1');
  assert.equal(restores.spec.template.$patch, 'replace');
  assert.match(revs[1].metadata.name!, /^agent-[bcdfghjklmnpqrstvwxz2456789]+$/);
  assert.deepEqual(revs[1].metadata.labels?.app, 'agent', 'revisions carry the template labels: kubectl finds them by the selector');
  assert.deepEqual(revs[1].metadata.ownerReferences?.[0].kind, 'DaemonSet');
});
