/** Object creates per second through the HTTP API, with `clients` concurrent clients. */
import { expectStatus, type Api } from './client.ts';
import type { Figure } from './figures.ts';
import { runLoad, type LoadResult } from './load.ts';
import { cmName, configMap } from './objects.ts';
import { fmt, percentile } from './stats.ts';

export interface CreatesOptions {
  namespace: string;
  clients: number;
  count: number;
  /** index of the first ConfigMap (names continue across runs in one namespace) */
  from: number;
  maxSeconds: number;
  /** the target, when it sets one for this concurrency */
  target?: number;
  /**
   * of the `count` creates, those made first and left out of the figures: the load's first
   * seconds cost every process ~15 % more CPU per create (their JIT, their heaps, this machine's
   * CPUs; session 23), and the figure is the steady state's (given in the note)
   */
  warmUp?: number;
}

export async function measureCreates(api: Api, o: CreatesOptions): Promise<{ figures: Figure[]; created: number }> {
  const path = `/api/v1/namespaces/${o.namespace}/configmaps`;
  const load = (from: number, count: number) =>
    runLoad({ clients: o.clients, count, maxSeconds: o.maxSeconds, task: async (i) => void expectStatus(await api.request('POST', path, configMap(cmName(from + i))), 201) });
  const warm = o.warmUp ? await load(o.from, o.warmUp) : undefined;
  // the names the warm-up tried, created or not, are not tried again (a 409 would count as a failure)
  const tried = warm ? warm.done + warm.failed : 0;
  const r = await load(o.from + tried, o.count - tried);
  const failures = (x: LoadResult) => (x.failed ? `, ${x.failed} failed: ${x.firstError}` : '');
  const warmNote = warm ? `, after ${warm.done} of warm-up at ${fmt(warm.done / warm.seconds, 0)}/s${failures(warm)}` : '';
  const note = `${r.done} creates in ${fmt(r.seconds, 1)} s${failures(r)}${warmNote}`;
  const label = `creates/s, ${o.clients} client${o.clients > 1 ? 's' : ''}`;
  return {
    created: (warm?.done ?? 0) + r.done,
    figures: [
      { name: label, value: r.done / r.seconds, unit: '/s', note, ...(o.target ? { target: { atLeast: o.target } } : {}) },
      { name: `create latency p50, ${o.clients} client${o.clients > 1 ? 's' : ''}`, value: percentile(r.latencies, 50), unit: 'ms' },
      { name: `create latency p99, ${o.clients} client${o.clients > 1 ? 's' : ''}`, value: percentile(r.latencies, 99), unit: 'ms' },
    ],
  };
}
