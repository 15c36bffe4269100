/**
 * Nodes played by the benchmark itself, as issue 3 asks ("pods marked running by the
 * benchmark"): Node objects that are Ready with room for many pods, their Leases renewed every
 * 10 s as a kubelet does, and, when asked, a kubelet that reacts to a watch: a pod bound to one of
 * these nodes is marked Running and Ready with an IP in one status write as soon as its binding
 * arrives, and a pod being deleted is removed at once. So the figures measure the control
 * plane, not a polling loop.
 */
import { expectStatus, type Api } from './client.ts';
import { track, type Obj, type Tracker } from './tracker.ts';

export interface SimNodes {
  names: string[];
  /** stops the leases and the kubelet, then deletes the Node and Lease objects */
  remove(): Promise<void>;
}

const LEASE_NS = 'kube-node-lease';
const RENEW_MS = 10_000;
const microTime = (d: Date) => d.toISOString().replace('Z', '000Z');
const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Runs `work` over `items`, `limit` at a time. */
export async function eachLimited<T>(items: T[], limit: number, work: (item: T, i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function addNode(api: Api, name: string, index: number): Promise<void> {
  const capacity = { cpu: '32', memory: '128Gi', pods: '250' };
  const node = JSON.parse(
    expectStatus(
      await api.request('POST', '/api/v1/nodes', {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name, labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', 'bench.timonier.dev/simulated': 'true' } },
        spec: {},
      }),
      201,
    ).body,
  );
  const now = rfc3339(new Date());
  const ip = `192.168.${index >> 8}.${index & 255}`;
  node.status = {
    capacity,
    allocatable: capacity,
    conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: now, lastTransitionTime: now }],
    addresses: [{ type: 'InternalIP', address: ip }, { type: 'Hostname', address: name }],
    nodeInfo: { kubeletVersion: 'v1.32.4', containerRuntimeVersion: 'bench://1.0', osImage: 'bench', kernelVersion: '6.1', operatingSystem: 'linux', architecture: 'amd64', machineID: '', systemUUID: '', bootID: '', kubeProxyVersion: '' },
  };
  expectStatus(await api.request('PUT', `/api/v1/nodes/${name}/status`, node), 200);
  const t = microTime(new Date());
  const lease = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name, namespace: LEASE_NS }, spec: { holderIdentity: name, leaseDurationSeconds: 40, acquireTime: t, renewTime: t } };
  expectStatus(await api.request('POST', `/apis/coordination.k8s.io/v1/namespaces/${LEASE_NS}/leases`, lease), 201);
}

/** Marks a bound pod Running and Ready, as a kubelet would after starting its containers. */
function runningStatus(pod: Obj, hostIP: string, podIP: string) {
  const now = rfc3339(new Date());
  return {
    ...pod,
    status: {
      ...pod.status,
      phase: 'Running',
      hostIP,
      hostIPs: [{ ip: hostIP }],
      podIP,
      podIPs: [{ ip: podIP }],
      startTime: now,
      conditions: ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map((type) => ({ type, status: 'True', lastProbeTime: null, lastTransitionTime: now })),
      containerStatuses: (pod.spec.containers as { name: string; image: string }[]).map((c) => ({
        name: c.name,
        image: c.image,
        imageID: `${c.image}@sha256:0`,
        containerID: `containerd://${pod.metadata.uid}-${c.name}`,
        ready: true,
        started: true,
        restartCount: 0,
        state: { running: { startedAt: now } },
      })),
    },
  };
}

/**
 * `count` nodes named `<prefix>-<i>`; with `kubelet`, pods bound to them in `namespace` are run
 * (marked Running/Ready) and finalized when deleted.
 */
export async function simNodes(api: Api, o: { prefix: string; count: number; kubelet?: { namespace: string } }): Promise<SimNodes> {
  const names = Array.from({ length: o.count }, (_, i) => `${o.prefix}-${String(i).padStart(3, '0')}`);
  await eachLimited(names, 8, (name, i) => addNode(api, name, i + 1));
  const index = new Map(names.map((n, i) => [n, i + 1]));

  // leases: each node renews every RENEW_MS, spread over the period (PUT, as the kubelet does)
  let stopped = false;
  const leasePath = (name: string) => `/apis/coordination.k8s.io/v1/namespaces/${LEASE_NS}/leases/${name}`;
  const leases = new Map<string, Obj>();
  const renew = async (name: string) => {
    const lease = leases.get(name) ?? JSON.parse(expectStatus(await api.request('GET', leasePath(name)), 200).body);
    const r = await api.request('PUT', leasePath(name), { ...lease, spec: { ...lease.spec, renewTime: microTime(new Date()) } });
    if (r.status === 200) leases.set(name, JSON.parse(r.body));
    else {
      leases.delete(name);
      if (!stopped) console.log(`  (lease ${name}: HTTP ${r.status})`);
    }
  };
  const timers = names.map((name, i) => {
    let t: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => (t = setInterval(() => void renew(name).catch(() => undefined), RENEW_MS)), (i * RENEW_MS) / names.length);
    return () => (clearTimeout(start), t && clearInterval(t));
  });

  let pods: Tracker | undefined;
  if (o.kubelet) {
    const inFlight = new Set<string>();
    const running = new Set<string>(); // uids marked Running by us
    let ipSeq = 0;
    const serve = (key: string) => {
      const pod = pods!.objects.get(key);
      const node = pod?.spec?.nodeName as string | undefined;
      if (!pod || !node || !index.has(node)) return;
      const uid = pod.metadata.uid!;
      if (inFlight.has(uid)) return;
      const path = `/api/v1/namespaces/${pod.metadata.namespace}/pods/${pod.metadata.name}`;
      let write: Promise<{ status: number }>;
      if (pod.metadata.deletionTimestamp) write = api.request('DELETE', path, { apiVersion: 'v1', kind: 'DeleteOptions', gracePeriodSeconds: 0, preconditions: { uid } });
      else if (pod.status?.phase !== 'Running' && !running.has(uid)) {
        const n = index.get(node)!;
        const seq = ipSeq++;
        write = api.request('PUT', `${path}/status`, runningStatus(pod, `192.168.${n >> 8}.${n & 255}`, `10.${100 + (n >> 8)}.${n & 255}.${(seq % 250) + 2}`));
        write.then((r) => r.status === 200 && running.add(uid), () => undefined);
      } else return;
      inFlight.add(uid);
      // on a conflict, look again at the newest version the watch brought meanwhile
      void write
        .then((r) => r.status === 409)
        .catch(() => false)
        .then((again) => {
          inFlight.delete(uid);
          if (again) setTimeout(() => serve(key), 20);
        });
    };
    pods = await track(api, `/api/v1/namespaces/${o.kubelet.namespace}/pods`);
    pods.onEvent = (type, pod) => type !== 'DELETED' && serve(`${pod.metadata.namespace}/${pod.metadata.name}`);
  }

  return {
    names,
    async remove() {
      stopped = true;
      timers.forEach((stop) => stop());
      pods?.close();
      await eachLimited(names, 8, async (name) => {
        await api.request('DELETE', leasePath(name));
        await api.request('DELETE', `/api/v1/nodes/${name}`);
      });
    },
  };
}
