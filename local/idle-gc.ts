/**
 * Memory given back at rest. V8 keeps the heap a burst of work grew (1 000 new clusters leave the
 * API server's isolate at ~120 MB for ~15 MB of live objects) until a memory-reducing collection,
 * which V8 schedules through its platform's foreground tasks, and workerd never runs those. So,
 * once the workers have been quiet for a while after some work, this asks each worker isolate
 * (and miniflare's queue isolates, which hold what the change messages left: ~8 MB after 1 000
 * new clusters) for a full collection through workerd's inspector (`HeapProfiler.collectGarbage`),
 * as Chrome's DevTools "collect garbage" button does, and Node's own heap too. In production,
 * Cloudflare evicts idle isolates instead.
 *
 * "Quiet" is read off the Hrana server: every worker request that does anything reads the log.
 * An isolate whose heap has not grown (by 2 MB) since its last collection is left alone, so a
 * runtime at rest (the cron's minute tick) does not pay for collections. 2 MB, not more: the work
 * that followed 1 000 new clusters' collection left the API server's isolate ~4 MB over its live
 * objects, never collected with a larger threshold (a collection is made once per quiet moment
 * at most).
 */
import { getHeapStatistics } from 'node:v8';
import WebSocket from 'ws';

export interface IdleCollectorOptions {
  /** a counter the workers' activity moves (the Hrana server's pipelines) */
  activity: () => number;
  /** workerd's inspector, `ws://127.0.0.1:<port>` */
  inspector: URL;
  /**
   * What makes the isolate of that inspector id run (workerd runs an inspector command only then):
   * a request to its worker, say; undefined for an isolate to leave alone (workerd's own, or one
   * no request reaches)
   */
  nudgeFor: (isolate: string) => (() => Promise<unknown>) | undefined;
  /** Node's own collection (collect-garbage.ts), made by the same rule on this process's heap */
  collectNode?: () => void;
  /** run at every quiet moment after some work, whatever the heaps: what else gives memory back (the database's caches) */
  onQuiet?: () => void;
  /** how long the workers must be quiet after some work (default 5 s) */
  quietMs?: number;
  /** how often the counter is read (default 1 s) */
  everyMs?: number;
  /** an isolate is collected once its heap grew this much since its last collection (default 2 MB) */
  growthBytes?: number;
}

export interface IdleCollector {
  /** collections made, per isolate (for tests and the benchmark) */
  readonly collections: Map<string, number>;
  /** resolves once the workers are quiet and the collection after their last work is done (or `timeoutMs` passed) */
  settled(timeoutMs?: number): Promise<void>;
  stop(): void;
}

export function idleCollector(o: IdleCollectorOptions): IdleCollector {
  const quietMs = o.quietMs ?? 5_000;
  const growth = o.growthBytes ?? 2 << 20;
  const collections = new Map<string, number>();
  const afterLast = new Map<string, number>(); // isolate → heap size right after its last collection
  let seen = o.activity();
  let changedAt = Date.now();
  let dirty = false;
  let running = false;
  let nodeAfterLast = 0;

  const tick = async () => {
    const now = o.activity();
    if (now !== seen) [seen, changedAt, dirty] = [now, Date.now(), true];
    if (!dirty || running || Date.now() - changedAt < quietMs) return;
    [dirty, running] = [false, true];
    let missed = false;
    try {
      o.onQuiet?.();
      const nudges: Promise<unknown>[] = [];
      for (const target of await isolates(o.inspector)) {
        const nudgeIsolate = o.nudgeFor(target.id);
        if (!nudgeIsolate) continue;
        const nudge = () => (nudges.push(nudgeIsolate().catch(() => undefined)), nudges.at(-1)!);
        const run = (method: string) => call(target, method, nudge);
        const size = async () => ((await run('Runtime.getHeapUsage')) as { totalSize: number }).totalSize;
        try {
          if ((await size()) < (afterLast.get(target.id) ?? 0) + growth) continue;
          await run('HeapProfiler.collectGarbage');
          afterLast.set(target.id, await size());
          collections.set(target.id, (collections.get(target.id) ?? 0) + 1);
        } catch {
          missed = true; // one isolate that does not answer (busy) holds up neither the others nor the next try
        }
      }
      if (o.collectNode && heapSize() >= nodeAfterLast + growth) {
        o.collectNode();
        nodeAfterLast = heapSize();
      }
      await Promise.all(nudges);
      seen = o.activity(); // the nudges' own
      if (missed) dirty = true;
    } catch {
      dirty = true; // workerd busy or restarting: the next quiet moment tries again
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), o.everyMs ?? 1_000);
  timer.unref();
  const settled = async (timeoutMs = 30_000) => {
    for (const end = Date.now() + timeoutMs; Date.now() < end; await new Promise((ok) => setTimeout(ok, 100))) {
      if (!running && !dirty && o.activity() === seen) return;
    }
  };
  return { collections, settled, stop: () => clearInterval(timer) };
}

const heapSize = () => getHeapStatistics().total_heap_size;

interface Target {
  id: string;
  webSocketDebuggerUrl: string;
}

/** Every isolate workerd's inspector lists. */
async function isolates(inspector: URL): Promise<Target[]> {
  const res = await fetch(`http://${inspector.host}/json`, { signal: AbortSignal.timeout(5_000) });
  return (await res.json()) as Target[];
}

/**
 * One inspector call, in a session of its own (a session left open would slow the isolate).
 * workerd runs it the next time the isolate runs something: `nudge` makes that happen.
 */
async function call(target: Target, method: string, nudge: () => Promise<unknown>): Promise<unknown> {
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  let again: ReturnType<typeof setInterval> | undefined;
  try {
    return await new Promise((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`inspector: no answer to ${method}`)), 10_000);
      ws.on('error', (e) => (clearTimeout(timer), fail(e)));
      ws.on('message', (data) => {
        const m = JSON.parse(String(data)) as { id?: number; result?: unknown };
        if (m.id === 1) (clearTimeout(timer), ok(m.result));
      });
      ws.once('open', () => {
        ws.send(JSON.stringify({ id: 1, method, params: {} }));
        // until it is answered: a nudge may reach the isolate before the command does
        const poke = () => void nudge();
        poke();
        again = setInterval(poke, 200);
      });
    });
  } finally {
    clearInterval(again);
    ws.close();
  }
}
