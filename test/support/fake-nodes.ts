/**
 * Nodes played by a test, as issue 3 asks: Node objects with capacity, Leases renewed like a
 * kubelet does, and every pod bound to them marked Running and Ready (with a pod IP) through
 * pods/status; pods being deleted are deleted for real. `stop(name)` stops one node's lease, as
 * if the machine were switched off.
 */
import { ApiClient, isConflict, isNotFound } from '../../lib/client/client.ts';
import { RESOURCES } from '../../lib/client/resources.ts';
import type { KubeObject } from '../../lib/api/meta.ts';
import type { Cluster } from './cluster.ts';
import { httpsFetch } from '../../node-agent/http.ts';

export interface FakeNodes {
  api: ApiClient;
  add(name: string, opts?: { cpu?: string; memory?: string; pods?: string; labels?: Record<string, string> }): Promise<void>;
  /** the node's lease stops being renewed and its pods stop being served */
  stop(name: string): void;
  close(): void;
}

const rfc3339micro = (d: Date) => d.toISOString().replace('Z', '000Z');
const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function fakeNodes(cluster: Cluster, opts: { leaseSeconds?: number; tickMs?: number } = {}): FakeNodes {
  const api = new ApiClient({ baseUrl: cluster.cp.url, fetch: httpsFetch(cluster.cp.caPem), token: cluster.cp.token, userAgent: 'kubelet/v1.32.4 (fake)', fieldManager: 'kubelet' });
  const alive = new Map<string, number>(); // node → index (for pod IPs)
  const timers: ReturnType<typeof setInterval>[] = [];
  let ipSeq = 0;

  async function renew(name: string) {
    const now = rfc3339micro(new Date());
    const lease = await api.get(RESOURCES.leases, 'kube-node-lease', name);
    const spec = { holderIdentity: name, leaseDurationSeconds: opts.leaseSeconds ?? 40, renewTime: now };
    if (!lease) await api.create(RESOURCES.leases, 'kube-node-lease', { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name, namespace: 'kube-node-lease' }, spec: { ...spec, acquireTime: now } });
    else await api.patch(RESOURCES.leases, 'kube-node-lease', name, { spec });
  }

  async function servePods() {
    const { items } = await api.list<KubeObject>(RESOURCES.pods);
    for (const pod of items) {
      const node = (pod.spec as { nodeName?: string }).nodeName;
      if (!node || !alive.has(node)) continue;
      try {
        if (pod.metadata.deletionTimestamp) {
          await api.delete(RESOURCES.pods, pod.metadata.namespace, pod.metadata.name!, { gracePeriodSeconds: 0, preconditions: { uid: pod.metadata.uid } });
          continue;
        }
        const status = (pod.status ?? {}) as { phase?: string };
        if (status.phase === 'Running') continue;
        const now = rfc3339(new Date());
        const ip = `10.244.${alive.get(node)}.${(ipSeq++ % 250) + 2}`;
        const containers = (pod.spec as { containers: { name: string; image: string }[] }).containers;
        await api.update(RESOURCES.pods, {
          ...pod,
          status: {
            ...status,
            phase: 'Running',
            hostIP: '192.168.0.' + alive.get(node),
            hostIPs: [{ ip: '192.168.0.' + alive.get(node) }],
            podIP: ip,
            podIPs: [{ ip }],
            startTime: now,
            conditions: ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map((type) => ({ type, status: 'True', lastProbeTime: null, lastTransitionTime: now })),
            containerStatuses: containers.map((c) => ({ name: c.name, image: c.image, imageID: `${c.image}@sha256:0`, containerID: `containerd://${pod.metadata.uid}-${c.name}`, ready: true, started: true, restartCount: 0, state: { running: { startedAt: now } } })),
          },
        }, 'status');
      } catch (e) {
        if (!isConflict(e) && !isNotFound(e)) throw e;
      }
    }
  }

  const podLoop = setInterval(() => servePods().catch(() => undefined), opts.tickMs ?? 200);
  return {
    api,
    async add(name, o = {}) {
      const capacity = { cpu: o.cpu ?? '4', memory: o.memory ?? '8Gi', pods: o.pods ?? '110' };
      const node = await api.create(RESOURCES.nodes, undefined, {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name, labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', ...o.labels } },
        spec: {},
        status: {},
      });
      const now = rfc3339(new Date());
      await api.update(RESOURCES.nodes, {
        ...node,
        status: {
          capacity,
          allocatable: capacity,
          conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: now, lastTransitionTime: now }],
          addresses: [{ type: 'InternalIP', address: `192.168.0.${alive.size + 1}` }, { type: 'Hostname', address: name }],
          nodeInfo: { kubeletVersion: 'v1.32.4', containerRuntimeVersion: 'fake://1.0', osImage: 'fake', kernelVersion: '6.1', operatingSystem: 'linux', architecture: 'amd64', machineID: '', systemUUID: '', bootID: '', kubeProxyVersion: '' },
        },
      }, 'status');
      alive.set(name, alive.size + 1);
      await renew(name);
      timers.push(setInterval(() => alive.has(name) && renew(name).catch(() => undefined), 2000));
    },
    stop(name) {
      alive.delete(name);
    },
    close() {
      timers.forEach(clearInterval);
      clearInterval(podLoop);
    },
  };
}
