/**
 * `kubectl debug` with the real kubectl against a simulated node: the pods/ephemeralcontainers
 * subresource (discovery, the strategic merge patch kubectl sends, Kubernetes' validation), the
 * agent starting the ephemeral container in the pod's sandbox with the target's process
 * namespace, its status in status.ephemeralContainerStatuses, and `debug -i` attaching to it
 * through the tunnel (the simulated container echoes its stdin).
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useCluster } from '../support/cluster.ts';
import { createJoinToken } from '../../node-agent/tunnel/token-create.ts';
import { runNode, type RunningNode } from '../../node-agent/cli.ts';
import { SimulatedRuntime } from '../../node-agent/runtime/simulated.ts';
import { LABELS } from '../../node-agent/runtime/types.ts';
import { until } from '../support/until.ts';

const cluster = useCluster();
let node: RunningNode | undefined;
after(async () => {
  await node?.stop();
});

let setup: Promise<void> | undefined;
const ready = () => (setup ??= start());


const POD = '/api/v1/namespaces/default/pods/web';

async function start() {
  const { cp } = cluster;
  const token = await createJoinToken({ server: cp.url, token: cp.token, caPem: cp.caPem, insecure: false }, { ttlSeconds: 600 });
  node = await runNode({ server: cp.url, token, nodeName: 'sim-dbg', runtime: 'simulated', subnet: 9, stateDir: join(cluster.dir, 'sim-dbg'), caPem: cp.caPem, log: () => {} });
  await node.tunnel.ready;
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' }, spec: { nodeName: 'sim-dbg', containers: [{ name: 'app', image: 'nginx' }, { name: 'side', image: 'nginx' }] } };
  const r = await cluster.api('POST', '/api/v1/namespaces/default/pods', { body: pod });
  assert.equal(r.status, 201, r.text);
  await until('the pod running', async () => (await cluster.kubectl(['get', 'pod', 'web', '-o', 'jsonpath={.status.phase}'])).stdout === 'Running');
}

type Status = { name: string; ready: boolean; state: Record<string, { reason?: string; message?: string }>; containerID?: string };
const ephemeralStatus = async (name: string) => {
  const pod = (await cluster.api('GET', POD)).json as { status?: { ephemeralContainerStatuses?: Status[] } };
  return pod.status?.ephemeralContainerStatuses?.find((s) => s.name === name);
};

test('discovery lists pods/ephemeralcontainers (get, patch, update), and GET serves the Pod', async () => {
  await ready();
  const list = (await cluster.api('GET', '/api/v1')).json as { resources: { name: string; kind: string; verbs: string[] }[] };
  const sub = list.resources.find((r) => r.name === 'pods/ephemeralcontainers');
  assert.deepEqual(sub && { kind: sub.kind, verbs: sub.verbs }, { kind: 'Pod', verbs: ['get', 'patch', 'update'] });
  const r = await cluster.api('GET', `${POD}/ephemeralcontainers`);
  assert.equal(r.status, 200);
  assert.equal((r.json as { kind: string }).kind, 'Pod');
});

test('kubectl debug --target: the ephemeral container runs in the pod, sharing the target\'s processes', async () => {
  await ready();
  const r = await cluster.kubectl(['debug', 'web', '--image=localhost/busybox:1', '--target=app', '-c', 'dbg', '--profile=general', '--', 'ps']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr + r.stdout, /Targeting container "app"/);
  const s = await until('the ephemeral container running', async () => {
    const st = await ephemeralStatus('dbg');
    return st?.state.running && st;
  });
  assert.equal(s.ready, false);
  const spec = JSON.parse((await cluster.kubectl(['get', 'pod', 'web', '-o', 'jsonpath={.spec.ephemeralContainers[0]}'])).stdout);
  assert.equal(spec.targetContainerName, 'app');
  assert.equal(spec.terminationMessagePolicy, 'File'); // defaulted as any container
  // in the runtime: the pod's sandbox, the target's process namespace
  const runtime = node!.runtime as SimulatedRuntime;
  const [app] = await runtime.listContainers({ [LABELS.containerName]: 'app' });
  const [dbg] = await runtime.listContainers({ [LABELS.containerName]: 'dbg' });
  assert.equal(dbg.sandboxId, app.sandboxId);
  assert.equal(runtime.pidTargetOf(dbg.id), app.id);
  // kubectl describe shows it
  const d = await cluster.kubectl(['describe', 'pod', 'web']);
  assert.match(d.stdout, /Ephemeral Containers:\n\s+dbg:/);
});

test('kubectl debug -i attaches to the new container through the tunnel', async () => {
  await ready();
  const r = await cluster.kubectl(['debug', '-i', 'web', '--image=localhost/busybox:1', '--target=app', '-c', 'shell', '--profile=general', '--', 'sh'], { input: 'hello from debug\nexit 0\n', timeoutMs: 60_000 });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /hello from debug\n/);
  assert.ok((await ephemeralStatus('shell'))?.state.running);
});

test('validation as Kubernetes: a missing target, a taken name, changes and removals refused', async () => {
  await ready();
  let r = await cluster.kubectl(['debug', 'web', '--image=busybox', '--target=nope', '-c', 'lost', '--profile=general']);
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /spec\.ephemeralContainers\[\d\]\.targetContainerName: Not found: "nope"/);
  r = await cluster.kubectl(['debug', 'web', '--image=busybox', '-c', 'side', '--profile=general']);
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /spec\.ephemeralContainers\[\d\]\.name: Duplicate value: "side"/);

  // existing ephemeral containers are immutable, through the subresource and the pod itself
  const pod = (await cluster.api('GET', POD)).json as { spec: { ephemeralContainers: { name: string; image: string }[] } };
  const changed = structuredClone(pod);
  changed.spec.ephemeralContainers[0].image = 'alpine';
  let w = await cluster.api('PUT', `${POD}/ephemeralcontainers`, { body: changed });
  assert.equal(w.status, 422, w.text);
  assert.match(w.text, /existing ephemeral containers \\"dbg\\" may not be changed/);
  w = await cluster.api('PATCH', `${POD}/ephemeralcontainers`, { body: [{ op: 'remove', path: '/spec/ephemeralContainers/0' }], contentType: 'application/json-patch+json' });
  assert.equal(w.status, 422, w.text);
  assert.match(w.text, /existing ephemeral containers \\"dbg\\" may not be removed/);
  w = await cluster.api('PATCH', POD, { body: { spec: { ephemeralContainers: [{ name: 'sneaky', image: 'busybox' }] } }, contentType: 'application/strategic-merge-patch+json' });
  assert.equal(w.status, 422, w.text);
  assert.match(w.text, /pod updates may not change fields other than/);
  // nor can a pod be created with one
  w = await cluster.api('POST', '/api/v1/namespaces/default/pods', { body: { metadata: { name: 'born-debugged' }, spec: { containers: [{ name: 'a', image: 'nginx' }], ephemeralContainers: [{ name: 'd', image: 'busybox' }] } } });
  assert.equal(w.status, 422, w.text);
  assert.match(w.text, /spec\.ephemeralContainers: Forbidden: cannot be set on create/);
  // a write through the subresource takes nothing but the ephemeral containers
  const relabel = structuredClone(pod) as unknown as { metadata: { labels?: Record<string, string> }; spec: { containers: { image: string }[] } };
  relabel.metadata.labels = { sneaky: 'yes' };
  relabel.spec.containers[0].image = 'alpine';
  w = await cluster.api('PUT', `${POD}/ephemeralcontainers`, { body: relabel });
  assert.equal(w.status, 200, w.text);
  const after = (await cluster.api('GET', POD)).json as typeof relabel;
  assert.equal(after.metadata.labels?.sneaky, undefined);
  assert.equal(after.spec.containers[0].image, 'nginx');
});

test('a node may not write pods/ephemeralcontainers', async () => {
  await ready();
  const pod = (await cluster.api('GET', POD)).json;
  const credential = JSON.parse(await import('node:fs/promises').then((fs) => fs.readFile(join(cluster.dir, 'sim-dbg', 'credential.json'), 'utf8'))).credential;
  const r = await cluster.api('PUT', `${POD}/ephemeralcontainers`, { body: pod, token: credential });
  assert.equal(r.status, 403, r.text);
});
