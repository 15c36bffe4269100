/** GET latency of single objects, one client at a time (the request's own cost, no queueing). */
import { expectStatus, type Api } from './client.ts';
import type { Figure } from './figures.ts';
import { runLoad } from './load.ts';
import { cmName } from './objects.ts';
import { percentile } from './stats.ts';

export async function measureGets(api: Api, o: { namespace: string; existing: number; count: number; maxSeconds: number }): Promise<Figure[]> {
  const r = await runLoad({
    clients: 1,
    count: o.count,
    maxSeconds: o.maxSeconds,
    // a fixed stride over the existing objects: every read is a different key, reproducibly
    task: async (i) => void expectStatus(await api.request('GET', `/api/v1/namespaces/${o.namespace}/configmaps/${cmName((i * 7919) % o.existing)}`), 200),
  });
  const note = `${r.done} sequential GETs of ${o.existing} objects${r.failed ? `, ${r.failed} failed: ${r.firstError}` : ''}`;
  return [
    { name: 'GET p50', value: percentile(r.latencies, 50), unit: 'ms', note },
    { name: 'GET p99', value: percentile(r.latencies, 99), unit: 'ms', note },
  ];
}
