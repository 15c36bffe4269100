/**
 * The node agent's ConfigMaps, against the real API and Node authorizer: the pods of a node
 * share one list and one watch per ConfigMap they refer to (their namespace's kube-root-ca.crt,
 * and one of their own), with no read per pod, and an edit reaches the next pod through the
 * watch at once.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Pod } from '../../lib/api/core/pod.ts';
import type { Fetch } from '../../lib/client/client.ts';
import { runNode, type RunningNode } from '../../node-agent/cli.ts';
import { httpsFetch } from '../../node-agent/http.ts';
import { createJoinToken } from '../../node-agent/tunnel/token-create.ts';
import { useCluster } from '../support/cluster.ts';
import { until } from '../support/until.ts';

const cluster = useCluster();
let node: RunningNode | undefined;
after(async () => node?.stop());

const NODE = 'sim-cm';

/** `LIST configmaps kube-root-ca.crt`, `WATCH configmaps settings`, `GET configmaps settings` */
function countingFetch(caPem: string, seen: string[]): Fetch {
  const inner = httpsFetch(caPem);
  return (input, init) => {
    const u = new URL(typeof input === 'string' ? input : input.url);
    const m = /\/namespaces\/[^/]+\/configmaps(?:\/([^/?]+))?$/.exec(u.pathname);
    if (m && (init?.method ?? 'GET') === 'GET') {
      const verb = m[1] ? 'GET' : u.searchParams.get('watch') === 'true' ? 'WATCH' : 'LIST';
      seen.push(`${verb} configmaps ${m[1] ?? (u.searchParams.get('fieldSelector') ?? '').replace('metadata.name=', '')}`);
    }
    return inner(input, init);
  };
}

const podWith = (name: string) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default' },
  spec: { nodeName: NODE, containers: [{ name: 'c', image: 'busybox', volumeMounts: [{ name: 'settings', mountPath: '/etc/settings' }] }], volumes: [{ name: 'settings', configMap: { name: 'settings' } }] },
});

async function runningPod(name: string): Promise<Pod> {
  assert.equal((await cluster.api('POST', '/api/v1/namespaces/default/pods', { body: podWith(name) })).status, 201);
  return until(`${name} Running`, async () => {
    const p = (await cluster.api('GET', `/api/v1/namespaces/default/pods/${name}`)).json as Pod;
    return p.status?.phase === 'Running' ? p : undefined;
  });
}

test("a node's pods share one list and watch per ConfigMap; an edit reaches the next pod at once", { timeout: 120_000 }, async () => {
  const { cp } = cluster;
  const seen: string[] = [];
  const stateDir = join(cluster.dir, NODE);
  const token = await createJoinToken({ server: cp.url, token: cp.token, caPem: cp.caPem, insecure: false }, { ttlSeconds: 600 });
  node = await runNode({ server: cp.url, token, nodeName: NODE, runtime: 'simulated', subnet: 11, stateDir, caPem: cp.caPem, log: () => {}, agent: { fetch: countingFetch(cp.caPem, seen) } });
  const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' }, data: { mode: 'one' } };
  assert.equal((await cluster.api('POST', '/api/v1/namespaces/default/configmaps', { body: cm })).status, 201);

  const pods: Pod[] = [];
  for (const name of ['cm-a', 'cm-b', 'cm-c', 'cm-d']) pods.push(await runningPod(name));
  const file = (p: Pod, volume: string, key: string) => readFile(join(stateDir, 'pods', p.metadata.uid!, 'volumes', volume, key), 'utf8');
  assert.equal(await file(pods[3], 'settings', 'mode'), 'one');
  const caVolume = pods[3].spec?.volumes?.find((v) => v.projected)?.name;
  assert.ok(caVolume, 'the service account volume (kube-root-ca.crt)');
  assert.match(await file(pods[3], caVolume, 'ca.crt'), /BEGIN CERTIFICATE/);
  const reads = (what: string) => seen.filter((s) => s === what).length;
  assert.equal(reads('LIST configmaps settings'), 1, seen.join(', '));
  assert.equal(reads('LIST configmaps kube-root-ca.crt'), 1, seen.join(', '));
  assert.equal(seen.filter((s) => s.startsWith('GET ')).length, 0, 'no read per pod');
  await until('the watches', async () => reads('WATCH configmaps settings') === 1 && reads('WATCH configmaps kube-root-ca.crt') === 1);

  const edited = { ...cm, data: { mode: 'two' } };
  assert.equal((await cluster.api('PUT', '/api/v1/namespaces/default/configmaps/settings', { body: edited })).status, 200);
  // the watch brings the edit: a pod started after it sees it, without another read
  let next = 0;
  await until('the edit through the watch', async () => {
    const p = await runningPod(`cm-e${next++}`);
    return (await file(p, 'settings', 'mode')) === 'two';
  }, 30_000, 200);
  assert.equal(reads('LIST configmaps settings'), 1, seen.join(', '));
});
