/**
 * What the kubelet and the controllers do that the chapters show, with the real kubectl and a
 * simulated node: `kubectl set image pod/P` restarts that container with the new image
 * (RESTARTS 1, events Killing/Pulled/Created/Started); relabelling a ReplicaSet's pod so it no
 * longer matches releases it (no owner any more) and a replacement is created; a matching orphan
 * is adopted.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Pod } from '../../lib/api/core/pod.ts';
import type { KubeObject } from '../../lib/api/meta.ts';
import { useCluster } from '../support/cluster.ts';
import { createJoinToken } from '../../node-agent/tunnel/token-create.ts';
import { runNode, type RunningNode } from '../../node-agent/cli.ts';
import { until } from '../support/until.ts';

const cluster = useCluster();
let node: RunningNode | undefined;
after(async () => node?.stop());


const pods = async (selector: string) => ((await cluster.api('GET', `/api/v1/namespaces/default/pods?labelSelector=${encodeURIComponent(selector)}`)).json as { items: Pod[] }).items;
const ok = async (args: string[]) => {
  const r = await cluster.kubectl(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

test('kubectl set image pod/P: the kubelet restarts that container with the new image', { timeout: 90_000 }, async () => {
  const { cp } = cluster;
  const token = await createJoinToken({ server: cp.url, token: cp.token, caPem: cp.caPem, insecure: false }, { ttlSeconds: 600 });
  node = await runNode({ server: cp.url, token, nodeName: 'sim-k', runtime: 'simulated', subnet: 9, stateDir: join(cluster.dir, 'sim-k'), caPem: cp.caPem, log: () => {} });
  await node.tunnel.ready;
  await ok(['run', 'web', '--image=nginx:1.27', '--overrides', JSON.stringify({ spec: { nodeName: 'sim-k' } })]);
  await until('web running', async () => (await ok(['get', 'pod', 'web', '-o', 'jsonpath={.status.containerStatuses[0].ready}'])) === 'true');

  await ok(['set', 'image', 'pod/web', 'web=nginx:1.29-alpine']);
  const restarted = await until('the restart', async () => {
    const p = (await cluster.api('GET', '/api/v1/namespaces/default/pods/web')).json as Pod;
    const s = p.status?.containerStatuses?.[0];
    return s?.restartCount === 1 && s.image === 'nginx:1.29-alpine' && s.ready ? s : undefined;
  });
  assert.ok(restarted.lastState?.terminated, 'the old instance is the last state');
  // the agent writes its events beside the pod's status, not before it
  const events = await until('the restart\'s events', async () => {
    const all = ((await cluster.api('GET', '/api/v1/namespaces/default/events')).json as { items: (KubeObject & { reason: string; message: string; involvedObject: { name: string } })[] }).items.filter((e) => e.involvedObject.name === 'web');
    return all.some((e) => e.reason === 'Killing') && all.some((e) => e.reason === 'Started') && all;
  });
  const reasons = events.map((e) => e.reason);
  for (const r of ['Killing', 'Pulled', 'Created', 'Started']) assert.ok(reasons.includes(r), `event ${r} in ${reasons.join(',')}`);
  assert.ok(events.some((e) => e.reason === 'Killing' && e.message === 'Container web definition changed, will be restarted'));
  const table = await ok(['get', 'pod', 'web', '--no-headers']);
  assert.match(table, /^web\s+1\/1\s+Running\s+1 /);
});

test('relabelling a pod out of its ReplicaSet releases it and a replacement is created; a matching orphan is adopted', { timeout: 90_000 }, async () => {
  const rs = { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'signal' }, spec: { replicas: 2, selector: { matchLabels: { app: 'signal' } }, template: { metadata: { labels: { app: 'signal' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } } } };
  assert.equal((await cluster.api('POST', '/apis/apps/v1/namespaces/default/replicasets', { body: rs })).status, 201);
  const owned = await until('two pods', async () => {
    const list = await pods('app=signal');
    return list.length === 2 && list.every((p) => p.metadata.ownerReferences?.[0]?.name === 'signal') ? list : undefined;
  });
  const leaving = owned[0].metadata.name!;
  await ok(['label', 'pod', leaving, 'app=orphelin', '--overwrite']);
  const released = await until('the release', async () => {
    const p = (await cluster.api('GET', `/api/v1/namespaces/default/pods/${leaving}`)).json as Pod;
    return p.metadata.ownerReferences === undefined || p.metadata.ownerReferences.length === 0 ? p : undefined;
  });
  assert.equal(released.metadata.labels?.app, 'orphelin');
  await until('a replacement', async () => {
    const list = await pods('app=signal');
    return list.length === 2 && !list.some((p) => p.metadata.name === leaving) && list.every((p) => p.metadata.ownerReferences?.[0]?.name === 'signal');
  });

  // back under the selector: the ReplicaSet adopts it, then has one too many and deletes one
  await ok(['label', 'pod', leaving, 'app=signal', '--overwrite']);
  await until('the adoption', async () => {
    const list = (await pods('app=signal')).filter((p) => !p.metadata.deletionTimestamp);
    return list.length === 2 && list.every((p) => p.metadata.ownerReferences?.[0]?.name === 'signal');
  });
});

test("a Deployment's pod relabelled out of its selector is released and replaced", { timeout: 90_000 }, async () => {
  await ok(['create', 'deployment', 'vitrine', '--image=nginx', '--replicas=1']);
  const [first] = await until('the pod', async () => {
    const list = await pods('app=vitrine');
    return list.length === 1 && list[0].metadata.ownerReferences?.[0]?.kind === 'ReplicaSet' ? list : undefined;
  });
  await ok(['label', 'pod', first.metadata.name!, 'app=orphelin', '--overwrite']);
  await until('released', async () => {
    const p = (await cluster.api('GET', `/api/v1/namespaces/default/pods/${first.metadata.name}`)).json as Pod;
    return !p.metadata.ownerReferences?.length;
  });
  await until('replaced', async () => (await pods('app=vitrine')).some((p) => p.metadata.name !== first.metadata.name));
  const out = await ok(['get', 'pod', first.metadata.name!, '-o', 'jsonpath={.metadata.ownerReferences}']);
  assert.equal(out, '');
});
