/**
 * Issue 3's scheduling throughput: `pods` bare pods created as fast as `clients` concurrent
 * clients can, spread by the scheduler over `nodes` simulated nodes (Ready, leases renewed, no
 * kubelet: only the binding is measured). Throughput is pods over the time from the first create
 * to the arrival of the last binding on a watch; the create rate alone is reported beside it, as
 * it bounds what the scheduler can show. Afterwards the pods are deleted and the nodes removed.
 */
import { expectStatus, nowMs, type Api } from './client.ts';
import type { Figure } from './figures.ts';
import { runLoad } from './load.ts';
import { eachLimited, simNodes } from './sim-nodes.ts';
import { fmt, percentile } from './stats.ts';
import { track } from './tracker.ts';

export interface SchedulingOptions {
  namespace: string;
  pods: number;
  nodes: number;
  clients: number;
  maxSeconds: number;
  target: number;
}

const podName = (i: number) => `sched-${String(i).padStart(5, '0')}`;
const pod = (name: string) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, labels: { app: 'sched' } },
  spec: { containers: [{ name: 'c', image: 'nginx:1.30-alpine', resources: { requests: { cpu: '100m', memory: '128Mi' } } }] },
});

export async function measureScheduling(api: Api, o: SchedulingOptions): Promise<Figure[]> {
  const nodes = await simNodes(api, { prefix: 'bench-sched', count: o.nodes });
  const pods = await track(api, `/api/v1/namespaces/${o.namespace}/pods`);
  const created = new Map<string, number>(); // name → create answered at
  const boundAt = new Map<string, number>();
  pods.onEvent = (type, p, at) => {
    if (type !== 'DELETED' && p.spec?.nodeName && !boundAt.has(p.metadata.name)) boundAt.set(p.metadata.name, at);
  };
  try {
    const t0 = nowMs();
    const load = await runLoad({
      clients: o.clients,
      count: o.pods,
      maxSeconds: o.maxSeconds,
      task: async (i) => {
        expectStatus(await api.request('POST', `/api/v1/namespaces/${o.namespace}/pods`, pod(podName(i))), 201);
        created.set(podName(i), nowMs());
      },
    });
    const createdIn = nowMs() - t0;
    const all = await pods
      .until(`${created.size} pods bound`, () => [...created.keys()].every((n) => boundAt.has(n)), o.maxSeconds * 1000)
      .then(() => true)
      .catch(() => false);
    const last = Math.max(...[...created.keys()].map((n) => boundAt.get(n) ?? NaN).filter(Number.isFinite));
    const bound = [...created.keys()].filter((n) => boundAt.has(n)).length;
    const lags = [...created].flatMap(([n, at]) => (boundAt.has(n) ? [boundAt.get(n)! - at] : []));
    const perNode = new Map<string, number>();
    for (const p of pods.objects.values()) if (p.spec?.nodeName) perNode.set(p.spec.nodeName, (perNode.get(p.spec.nodeName) ?? 0) + 1);
    const counts = [...perNode.values()];
    const seconds = (last - t0) / 1000;
    const note = `${bound}/${created.size} bound${all ? '' : ' (timed out)'} on ${perNode.size}/${o.nodes} nodes (${Math.min(...counts)}–${Math.max(...counts)} each) in ${fmt(seconds, 1)} s${load.failed ? `; ${load.failed} creates failed: ${load.firstError}` : ''}`;
    return [
      { name: `scheduling, ${o.pods} pods on ${o.nodes} nodes`, value: bound / seconds, unit: 'pods/s', note, target: { atLeast: o.target } },
      { name: `  creates alone (${o.clients} clients)`, value: load.done / (createdIn / 1000), unit: 'pods/s', note: 'the rate the pods arrived at' },
      { name: '  create → bound, p50', value: percentile(lags, 50), unit: 'ms' },
      { name: '  create → bound, p99', value: percentile(lags, 99), unit: 'ms' },
    ];
  } finally {
    pods.close();
    await eachLimited([...created.keys()], 16, (name) =>
      api.request('DELETE', `/api/v1/namespaces/${o.namespace}/pods/${name}`, { apiVersion: 'v1', kind: 'DeleteOptions', gracePeriodSeconds: 0 }),
    );
    await nodes.remove();
  }
}

