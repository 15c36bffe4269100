/** Object creates per second through the HTTP API, with `clients` concurrent clients. */
import { expectStatus, type Api } from './client.ts';
import type { Figure } from './figures.ts';
import { runLoad } from './load.ts';
import { cmName, configMap } from './objects.ts';
import { fmt, percentile } from './stats.ts';

export interface CreatesOptions {
  namespace: string;
  clients: number;
  count: number;
  /** index of the first ConfigMap (names continue across runs in one namespace) */
  from: number;
  maxSeconds: number;
  /** the issue's target, when it sets one for this concurrency */
  target?: number;
}

export async function measureCreates(api: Api, o: CreatesOptions): Promise<{ figures: Figure[]; created: number }> {
  const path = `/api/v1/namespaces/${o.namespace}/configmaps`;
  const r = await runLoad({
    clients: o.clients,
    count: o.count,
    maxSeconds: o.maxSeconds,
    task: async (i) => void expectStatus(await api.request('POST', path, configMap(cmName(o.from + i))), 201),
  });
  const note = `${r.done} creates in ${fmt(r.seconds, 1)} s${r.failed ? `, ${r.failed} failed: ${r.firstError}` : ''}`;
  const label = `creates/s, ${o.clients} client${o.clients > 1 ? 's' : ''}`;
  return {
    created: r.done,
    figures: [
      { name: label, value: r.done / r.seconds, unit: '/s', note, ...(o.target ? { target: { atLeast: o.target } } : {}) },
      { name: `create latency p50, ${o.clients} client${o.clients > 1 ? 's' : ''}`, value: percentile(r.latencies, 50), unit: 'ms' },
      { name: `create latency p99, ${o.clients} client${o.clients > 1 ? 's' : ''}`, value: percentile(r.latencies, 99), unit: 'ms' },
    ],
  };
}
