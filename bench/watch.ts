/**
 * Watch delivery latency: `watchers` watch streams on one namespace while a writer creates
 * ConfigMaps at a steady rate. The writer stamps each object with the time just before its
 * request (an annotation), each watcher subtracts it from the time the event's chunk arrived;
 * so a delivery's latency includes the write's own commit, as a user would see it.
 */
import { expectStatus, nowMs, type Api } from './client.ts';
import type { Figure } from './figures.ts';
import { cmName, configMap } from './objects.ts';
import { percentile } from './stats.ts';

const STAMP = 'bench.timonier.dev/stamp';
const STAMP_RE = /"bench\.timonier\.dev\/stamp":"([\d.]+)"/;
/** open-loop writes: one every 1/rate s, at most this many in flight */
const MAX_IN_FLIGHT = 16;

export interface WatchOptions {
  namespace: string;
  /** shown in the figure names, e.g. "100 watchers" */
  tag: string;
  watchers: number;
  /** writes per second */
  rate: number;
  seconds: number;
  /** how long to wait after the last write for stragglers */
  drainSeconds: number;
  targetP99Ms?: number;
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

export async function measureWatch(api: Api, o: WatchOptions): Promise<Figure[]> {
  const base = `/api/v1/namespaces/${o.namespace}/configmaps`;
  const rv = JSON.parse(expectStatus(await api.request('GET', base), 200).body).metadata.resourceVersion;

  const latencies: number[] = [];
  const perWatcher: number[] = Array(o.watchers).fill(0);
  const ready: boolean[] = Array(o.watchers).fill(false);
  const readyName = `"name":"w${o.watchers}-ready"`;
  const attachStarted = nowMs();
  const streams = await Promise.all(
    Array.from({ length: o.watchers }, (_, w) =>
      api.watch(`${base}?watch=true&resourceVersion=${rv}`, (line, at) => {
        const m = STAMP_RE.exec(line);
        if (m) {
          latencies.push(at - Number(m[1]));
          perWatcher[w]++;
        } else if (line.includes(readyName)) ready[w] = true;
      }),
    ),
  );
  // A stream answers before the hub has caught it up; the measure starts once every watcher has
  // seen one event (the hub attaches watchers one after another), so it is steady-state delivery.
  expectStatus(await api.request('POST', base, configMap(`w${o.watchers}-ready`)), 201);
  const attachDeadline = nowMs() + 60_000;
  while (ready.includes(false) && nowMs() < attachDeadline) await sleep(10);
  const attachMs = nowMs() - attachStarted;
  const attached = ready.filter(Boolean).length;

  // writes on a fixed schedule, whatever each one's latency
  const total = Math.round(o.rate * o.seconds);
  const writeMs: number[] = [];
  let failed = 0;
  let inFlight = 0;
  const writes: Promise<void>[] = [];
  const t0 = nowMs();
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / o.rate;
    if (due > nowMs()) await sleep(due - nowMs());
    while (inFlight >= MAX_IN_FLIGHT) await sleep(1);
    inFlight++;
    const stamp = nowMs();
    writes.push(
      api
        .request('POST', base, configMap(`w${o.watchers}-${cmName(i)}`, {}, { [STAMP]: stamp.toFixed(3) }))
        .then((r) => (r.status === 201 ? void writeMs.push(r.ms) : void failed++))
        .catch(() => void failed++)
        .finally(() => void inFlight--),
    );
  }
  await Promise.all(writes);
  const written = total - failed;
  const drainUntil = nowMs() + o.drainSeconds * 1000;
  while (perWatcher.some((n) => n < written) && nowMs() < drainUntil) await sleep(50);
  for (const s of streams) s.close();

  const expected = written * o.watchers;
  const note = `${o.watchers} watcher${o.watchers > 1 ? 's' : ''}, ${written} writes at ${o.rate}/s, ${latencies.length}/${expected} deliveries${failed ? `, ${failed} writes failed` : ''}`;
  const target = o.targetP99Ms ? { target: { atMost: o.targetP99Ms } } : {};
  const t = o.tag;
  return [
    { name: `watch delivery p50, ${t}`, value: percentile(latencies, 50), unit: 'ms', note },
    { name: `watch delivery p99, ${t}`, value: percentile(latencies, 99), unit: 'ms', note, ...target },
    { name: `watch delivery max, ${t}`, value: percentile(latencies, 100), unit: 'ms' },
    { name: `write latency p50, ${t}`, value: percentile(writeMs, 50), unit: 'ms', note: 'the creates that stamp the events' },
    { name: `attach, ${t}`, value: attachMs, unit: 'ms', note: `until ${attached}/${o.watchers} watchers saw a first event` },
  ];
}
