/**
 * StatefulSets and DaemonSets with the real kubectl and simulated nodes: a StatefulSet of 3
 * created in order (each pod only once the previous one is Ready) and scaled down in reverse,
 * its claims made from volumeClaimTemplates when PersistentVolumeClaims are served, `kubectl
 * rollout status/history/undo`; a DaemonSet with a pod on each of two nodes, then on a third
 * that joins later, and its rollout history and undo.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Pod } from '../../lib/api/core/pod.ts';
import { useCluster } from '../support/cluster.ts';
import { createJoinToken } from '../../node-agent/tunnel/token-create.ts';
import { runNode, type RunningNode } from '../../node-agent/cli.ts';
import { until } from '../support/until.ts';

const cluster = useCluster();
const nodes: RunningNode[] = [];
after(async () => {
  await Promise.all(nodes.map((n) => n.stop()));
});

async function join_(name: string, subnet: number): Promise<void> {
  const { cp } = cluster;
  const token = await createJoinToken({ server: cp.url, token: cp.token, caPem: cp.caPem, insecure: false }, { ttlSeconds: 600 });
  const node = await runNode({ server: cp.url, token, nodeName: name, runtime: 'simulated', subnet, stateDir: join(cluster.dir, name), caPem: cp.caPem, log: () => {} });
  nodes.push(node);
  await node.tunnel.ready;
  await until(`${name} Ready`, async () => (await ok(['get', 'node', name, '-o', 'jsonpath={.status.conditions[?(@.type=="Ready")].status}'])) === 'True', 60_000);
}

/** the first two nodes, joined once for the file (root-level before hooks run side by side with useCluster's) */
let twoNodes: Promise<void> | undefined;
const withTwoNodes = () =>
  (twoNodes ??= (async () => {
    await join_('sim-a', 41);
    await join_('sim-b', 42);
  })());

const ok = async (args: string[], input?: string) => {
  const r = await cluster.kubectl(args, { input, timeoutMs: 120_000 });
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};
const pods = async (selector: string) => ((await cluster.api('GET', `/api/v1/namespaces/default/pods?labelSelector=${encodeURIComponent(selector)}`)).json as { items: Pod[] }).items;
const isReady = (p: Pod | undefined) => !!p && p.status?.phase === 'Running' && p.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
const byName = (list: Pod[]) => new Map(list.map((p) => [p.metadata.name!, p]));

const statefulSet = (name: string, replicas: number, extra: object = {}) =>
  JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name },
    spec: {
      replicas,
      serviceName: name,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
      ...extra,
    },
  });

test('a StatefulSet of 3: created in order, each after the previous is Ready; scaled down in reverse; rollout history and undo', { timeout: 240_000 }, async () => {
  await withTwoNodes();
  await ok(['apply', '-f', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { clusterIP: 'None', selector: { app: 'web' }, ports: [{ port: 80 }] } }));
  await ok(['apply', '-f', '-'], statefulSet('web', 3));

  // every list is one snapshot: a later pod never exists while the one before it is not Ready
  const seen = new Set<string>();
  await until(
    'web-0..2 Ready',
    async () => {
      const now = byName(await pods('app=web'));
      for (const [name] of now) seen.add(name);
      for (const i of [1, 2]) if (now.has(`web-${i}`)) assert.ok(isReady(now.get(`web-${i - 1}`)), `web-${i} exists while web-${i - 1} is not Ready`);
      return [0, 1, 2].every((i) => isReady(now.get(`web-${i}`)));
    },
    120_000,
    50,
  );
  assert.deepEqual([...seen].sort(), ['web-0', 'web-1', 'web-2']);

  const web1 = byName(await pods('app=web')).get('web-1')!;
  assert.equal(web1.spec?.hostname, 'web-1');
  assert.equal(web1.spec?.subdomain, 'web');
  assert.equal(web1.metadata.labels?.['statefulset.kubernetes.io/pod-name'], 'web-1');
  assert.equal(web1.metadata.labels?.['apps.kubernetes.io/pod-index'], '1');

  const status = await ok(['rollout', 'status', 'statefulset/web', '--timeout=90s']);
  // with the defaulted rollingUpdate (partition 0), kubectl speaks of a partitioned roll out, as with Kubernetes
  assert.equal(status, 'partitioned roll out complete: 3 new pods have been updated...\n');
  assert.match(await ok(['get', 'statefulset', 'web', '--no-headers']), /^web\s+3\/3\s+/);
  assert.match(await ok(['describe', 'statefulset', 'web']), /Pods Status:\s+3 Running \/ 0 Waiting \/ 0 Succeeded \/ 0 Failed/);
  assert.match(await ok(['get', 'all']), /^statefulset\.apps\/web\s+3\/3\s+/m);
  assert.match(await ok(['get', 'controllerrevisions', '--no-headers']), /^web-\w+\s+statefulset\.apps\/web\s+1\s+/m);

  // scale down: web-1 starts terminating only once web-2 is gone
  await ok(['scale', 'statefulset/web', '--replicas=1']);
  await until(
    'only web-0 left',
    async () => {
      const now = byName(await pods('app=web'));
      if (now.has('web-2')) assert.equal(now.get('web-1')?.metadata.deletionTimestamp, undefined, 'web-1 terminating while web-2 is still there');
      return now.size === 1 && now.has('web-0');
    },
    120_000,
    50,
  );

  // a new template: revision 2; undo: the first template back as revision 3
  await ok(['set', 'image', 'statefulset/web', 'nginx=nginx:1.28']);
  await ok(['rollout', 'status', 'statefulset/web', '--timeout=90s']);
  assert.equal((await pods('app=web'))[0].spec?.containers?.[0].image, 'nginx:1.28');
  const history = await ok(['rollout', 'history', 'statefulset/web']);
  assert.match(history, /^statefulset\.apps\/web\s*\nREVISION\s+CHANGE-CAUSE\n1\s+<none>\n2\s+<none>\n/);
  assert.match(await ok(['rollout', 'history', 'statefulset/web', '--revision=1']), /Image:\s+nginx:1\.27/);
  assert.match(await ok(['rollout', 'undo', 'statefulset/web']), /statefulset\.apps\/web rolled back/);
  await until('web-0 back at nginx:1.27', async () => {
    const p = byName(await pods('app=web')).get('web-0');
    return isReady(p) && p!.spec?.containers?.[0].image === 'nginx:1.27';
  }, 90_000);
  await ok(['rollout', 'status', 'statefulset/web', '--timeout=90s']);
  assert.match(await ok(['rollout', 'history', 'statefulset/web']), /REVISION\s+CHANGE-CAUSE\n2\s+<none>\n3\s+<none>\n/);
});

test('volumeClaimTemplates: a claim per pod, made before it and mounted by it (when claims are served)', { timeout: 120_000 }, async (t) => {
  await withTwoNodes();
  const resources = await ok(['api-resources', '--api-group=', '-o', 'name']);
  if (!resources.split('\n').includes('persistentvolumeclaims')) return t.skip('PersistentVolumeClaims are not served yet');
  const claimTemplate = { metadata: { name: 'data', labels: { tier: 'db' } }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Mi' } } } };
  await ok(['apply', '-f', '-'], statefulSet('db', 1, { volumeClaimTemplates: [claimTemplate] }));
  const claim = await until('the claim data-db-0', async () => {
    const r = await cluster.api('GET', '/api/v1/namespaces/default/persistentvolumeclaims/data-db-0');
    return r.status === 200 ? (r.json as { metadata: { labels?: Record<string, string> } }) : undefined;
  });
  assert.deepEqual(claim.metadata.labels, { tier: 'db', app: 'db' });
  const pod = await until('db-0', async () => byName(await pods('app=db')).get('db-0'));
  assert.deepEqual(pod.spec?.volumes?.find((v) => v.name === 'data')?.persistentVolumeClaim, { claimName: 'data-db-0' });
  const sts = JSON.parse(await ok(['get', 'statefulset', 'db', '-o', 'json']));
  assert.deepEqual(sts.spec.persistentVolumeClaimRetentionPolicy, { whenDeleted: 'Retain', whenScaled: 'Retain' });
  assert.equal(sts.spec.volumeClaimTemplates[0].spec.volumeMode, 'Filesystem');
});

test('a DaemonSet runs one pod per node, including on a node that joins later; rollout history and undo', { timeout: 240_000 }, async () => {
  await withTwoNodes();
  const ds = {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent' },
    spec: { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image: 'busybox:1.36' }] } } },
  };
  await ok(['apply', '-f', '-'], JSON.stringify(ds));
  const onNodes = async () => (await pods('app=agent')).filter((p) => isReady(p) && !p.metadata.deletionTimestamp).map((p) => p.spec?.nodeName).sort();
  await until('a Ready pod on sim-a and sim-b', async () => JSON.stringify(await onNodes()) === JSON.stringify(['sim-a', 'sim-b']), 90_000);
  assert.match(await ok(['rollout', 'status', 'daemonset/agent', '--timeout=60s']), /daemon set "agent" successfully rolled out/);

  await join_('sim-c', 43);
  await until('a Ready pod on sim-c too', async () => JSON.stringify(await onNodes()) === JSON.stringify(['sim-a', 'sim-b', 'sim-c']), 90_000);
  await until('the DaemonSet counts 3', async () => /^agent\s+3\s+3\s+3\s+3\s+3\s+<none>\s+/.test(await ok(['get', 'daemonset', 'agent', '--no-headers'])));
  assert.match(await ok(['get', 'all']), /^daemonset\.apps\/agent\s+3\s+3\s+3\s+3\s+3\s+<none>\s+/m);

  await ok(['set', 'image', 'daemonset/agent', 'agent=busybox:1.37']);
  await ok(['rollout', 'status', 'daemonset/agent', '--timeout=120s']);
  const images = async () => (await pods('app=agent')).filter((p) => !p.metadata.deletionTimestamp).map((p) => p.spec?.containers?.[0].image);
  assert.deepEqual(await images(), ['busybox:1.37', 'busybox:1.37', 'busybox:1.37']);
  assert.match(await ok(['rollout', 'history', 'daemonset/agent']), /^daemonset\.apps\/agent\s*\nREVISION\s+CHANGE-CAUSE\n1\s+<none>\n2\s+<none>\n/);
  assert.match(await ok(['rollout', 'undo', 'daemonset/agent']), /daemonset\.apps\/agent rolled back/);
  await until('busybox:1.36 everywhere', async () => {
    const list = (await pods('app=agent')).filter((p) => !p.metadata.deletionTimestamp);
    return list.length === 3 && list.every((p) => isReady(p) && p.spec?.containers?.[0].image === 'busybox:1.36');
  }, 120_000);
  assert.match(await ok(['rollout', 'history', 'daemonset/agent']), /REVISION\s+CHANGE-CAUSE\n2\s+<none>\n3\s+<none>\n/);
});
