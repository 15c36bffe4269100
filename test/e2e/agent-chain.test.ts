/**
 * Défi V on a real node: `kubectl apply` of a Deployment of two busybox httpd replicas and its
 * Service, followed down to the processes in containerd, with the grader's eight links asserted:
 * the log revision is the resourceVersion, ownership, the scheduler's binding, the kubelet's
 * start, the CRI sandbox and container, the PID in a cgroup holding the pod uid, and the pod IP
 * handed out by the CNI plugin, found in the EndpointSlice. Then `kubectl logs` and `exec`.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createClient } from '@libsql/client/web';
import type { Pod } from '../../lib/api/core/pod.ts';
import type { KubeObject } from '../../lib/api/meta.ts';
import { LABELS } from '../../node-agent/runtime/types.ts';
import { e2eSkip, getJson, httpGet, HTTPD_COMMAND, isReady, kubectlOk, podsOf, until, useNodeCluster } from './agent-support.ts';

const skip = await e2eSkip();

const NS = 'defi5';
const manifest = `
apiVersion: v1
kind: Namespace
metadata: { name: ${NS} }
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: temoin, namespace: ${NS} }
spec:
  replicas: 2
  selector: { matchLabels: { app: temoin } }
  template:
    metadata: { labels: { app: temoin } }
    spec:
      containers:
        - name: httpd
          image: localhost/busybox:1
          command: ${JSON.stringify(HTTPD_COMMAND)}
          ports: [{ name: http, containerPort: 8080 }]
          readinessProbe: { httpGet: { path: /, port: http }, periodSeconds: 1 }
---
apiVersion: v1
kind: Service
metadata: { name: temoin, namespace: ${NS} }
spec:
  selector: { app: temoin }
  ports: [{ port: 80, targetPort: http }]
`;

interface Slice extends KubeObject {
  endpoints?: { addresses: string[]; conditions?: { ready?: boolean }; targetRef?: { name?: string } }[];
}
interface EventObj extends KubeObject {
  reason: string;
  involvedObject: { uid?: string };
  source?: { component?: string; host?: string };
  reportingComponent?: string;
}

describe('Défi V: from kubectl apply to the process on the node', { skip }, () => {
  if (skip) return;
  const env = useNodeCluster('chain');
  let pods: Pod[] = [];

  test('both replicas run, are Ready, are in the EndpointSlice and answer HTTP', async () => {
    const t0 = Date.now();
    await kubectlOk(env.cluster, ['apply', '-f', '-'], { input: manifest });
    pods = await until('2 ready pods', async () => {
      const ps = (await podsOf(env.cluster, NS, 'app=temoin')).filter(isReady);
      return ps.length === 2 && ps;
    });
    const slice = await until('both pod IPs ready in the EndpointSlice', async () => {
      const list = await getJson<KubeObject & { items: Slice[] }>(env.cluster, `/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices?labelSelector=kubernetes.io%2Fservice-name%3Dtemoin`);
      const s = list?.items[0];
      const ready = (s?.endpoints ?? []).filter((e) => e.conditions?.ready).flatMap((e) => e.addresses);
      return pods.every((p) => ready.includes(p.status!.podIP!)) && s;
    });
    console.log(`# apply → 2 pods ready and in the EndpointSlice: ${Date.now() - t0} ms`);
    assert.equal(slice.endpoints?.length, 2);
    for (const p of pods) {
      const r = await httpGet(p.status!.podIP!, 8080);
      assert.equal(r.status, 200);
      assert.equal(r.body.trim(), `hello from ${p.metadata.name}`);
    }
  });

  test('link 1: the Deployment’s resourceVersion is its revision in the log', async () => {
    const d = await getJson(env.cluster, `/apis/apps/v1/namespaces/${NS}/deployments/temoin`);
    const db = createClient({ url: env.cluster.cp.database.url, authToken: env.cluster.cp.database.authToken });
    try {
      // the row of that revision is this key's (the controller may have written it again since the read)
      const r = await db.execute({ sql: 'SELECT key, type FROM log WHERE rev = ?', args: [Number(d?.metadata.resourceVersion)] });
      assert.equal(r.rows[0]?.key, `/registry/deployments/${NS}/temoin`);
      assert.notEqual(r.rows[0]?.type, 'DELETED');
    } finally {
      db.close();
    }
  });

  test('links 2 and 3: Deployment → ReplicaSet → the two ready pods', async () => {
    const rsList = await getJson<KubeObject & { items: KubeObject[] }>(env.cluster, `/apis/apps/v1/namespaces/${NS}/replicasets`);
    const rs = rsList!.items.find((r) => r.metadata.ownerReferences?.some((o) => o.kind === 'Deployment' && o.name === 'temoin' && o.controller));
    assert.ok(rs, 'a ReplicaSet owned by the Deployment');
    for (const p of pods) assert.ok(p.metadata.ownerReferences?.some((o) => o.kind === 'ReplicaSet' && o.name === rs.metadata.name && o.uid === rs.metadata.uid));
  });

  test('links 4 and 5: placed on the node by default-scheduler, started by its kubelet', async () => {
    // the kubelet writes its events beside the pods' status, not before it: Started may follow Ready
    const events = await until('Scheduled and Started for both pods', async () => {
      const all = (await getJson<KubeObject & { items: EventObj[] }>(env.cluster, `/api/v1/namespaces/${NS}/events`))!.items;
      return pods.every((p) => all.some((e) => e.involvedObject.uid === p.metadata.uid && e.reason === 'Started')) && all;
    }, 10_000);
    for (const p of pods) {
      assert.equal(p.spec?.nodeName, env.nodeName);
      const mine = events.filter((e) => e.involvedObject.uid === p.metadata.uid);
      assert.ok(mine.some((e) => e.reason === 'Scheduled' && (e.source?.component === 'default-scheduler' || e.reportingComponent === 'default-scheduler')), 'Scheduled by default-scheduler');
      assert.ok(mine.some((e) => e.reason === 'Started' && e.source?.component === 'kubelet' && e.source.host === env.nodeName), 'Started by the kubelet of the node');
    }
  });

  test('links 6, 7 and 8: sandbox and container in containerd, the PID in the pod’s cgroup, the IP from CNI', async () => {
    // the cgroup driver comes from containerd's answer (RuntimeConfig, or the configuration a
    // verbose Status gives on 1.6 and 1.7), never from a guess
    const { driver, from } = await env.cri.cgroupDriver();
    assert.notEqual(from, 'the default', `containerd told no cgroup driver (${driver} assumed)`);
    for (const p of pods) {
      const uid = p.metadata.uid!;
      const sandboxes = (await env.cri.listSandboxes({ [LABELS.podUid]: uid })).filter((s) => s.ready);
      assert.equal(sandboxes.length, 1, 'one ready sandbox');
      const containers = await env.cri.listContainers({ [LABELS.podUid]: uid });
      const running = containers.find((c) => c.state === 'running' && c.name === 'httpd');
      assert.ok(running);
      assert.equal(running.sandboxId, sandboxes[0].id);
      assert.equal(p.status?.containerStatuses?.[0].containerID, `containerd://${running.id}`);

      const verbose = await env.cri.containerStatus(running.id);
      assert.ok(verbose?.pid && verbose.pid > 0, 'the container has a PID');
      const cgroup = await readFile(`/proc/${verbose.pid}/cgroup`, 'utf8');
      // as the kubelet names it: …/pod<uid> (cgroupfs), …/kubepods-besteffort-pod<uid, - as _>.slice/… (systemd)
      assert.match(cgroup, new RegExp(`pod${driver === 'systemd' ? uid.replaceAll('-', '_') : uid}`), `cgroup of PID ${verbose.pid} holds the pod uid:\n${cgroup}`);

      // host-local records each address it hands out in a file named after it, holding the sandbox id
      const ip = p.status!.podIP!;
      const record = await readFile(`/var/lib/cni/networks/timonier/${ip}`, 'utf8');
      assert.match(record, new RegExp(sandboxes[0].id));
      const sandbox = await env.cri.sandboxStatus(sandboxes[0].id);
      assert.equal(sandbox?.ips[0], ip);
    }
  });

  test('kubectl logs and kubectl exec reach the containers through the tunnel', async () => {
    const name = pods[0].metadata.name!;
    const logs = await kubectlOk(env.cluster, ['logs', '-n', NS, name]);
    assert.match(logs, new RegExp(`httpd starting on ${name}`));
    const hi = await kubectlOk(env.cluster, ['exec', '-n', NS, name, '--', 'echo', 'hi']);
    assert.equal(hi, 'hi\n');
    const failing = await env.cluster.kubectl(['exec', '-n', NS, name, '--', 'sh', '-c', 'exit 3']);
    assert.equal(failing.code, 3);
    assert.match(failing.stderr, /command terminated with exit code 3/);
  });

  test('deleting the Deployment stops the pods and removes their sandboxes', async () => {
    await kubectlOk(env.cluster, ['delete', 'deployment', '-n', NS, 'temoin', '--wait=true'], { timeoutMs: 90_000 });
    await until('pods gone', async () => (await podsOf(env.cluster, NS, 'app=temoin')).length === 0, 90_000);
    await until('sandboxes removed', async () => {
      for (const p of pods) if ((await env.cri.listSandboxes({ [LABELS.podUid]: p.metadata.uid! })).length) return false;
      return true;
    });
  });
});
