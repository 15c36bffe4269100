/**
 * The latest state of the objects of one watch stream, by name, and the moment a condition on
 * them first held: `until` resolves with the arrival time of the chunk that made it true, so a
 * measure ends when the change reached a client, as `kubectl get -w` would show it.
 *
 * `close` stops the tracking but keeps reading the stream until the server ends it (its
 * timeoutSeconds): a watch dropped by its client while events flow to it can stall the watch hub
 * of its resource for every other watcher (a write to the dropped stream may never complete), and
 * the phases after would measure that instead.
 */
import { expectStatus, nowMs, type Api } from './client.ts';

export interface Obj {
  metadata: { name: string; namespace?: string; uid?: string; resourceVersion?: string; deletionTimestamp?: string; labels?: Record<string, string>; ownerReferences?: { uid: string }[] };
  spec?: any;
  status?: any;
  [k: string]: unknown;
}

export interface Tracker {
  /** by `namespace/name` (or `name` when cluster-scoped) */
  objects: Map<string, Obj>;
  /** resolves with the arrival time (nowMs) at which `holds` first returned true; rejects after timeoutMs */
  until(what: string, holds: (objects: Map<string, Obj>) => boolean, timeoutMs: number): Promise<number>;
  /** called for every event, after the map is updated */
  onEvent?: (type: string, o: Obj, at: number) => void;
  /** stops tracking; the stream is drained until the server ends it */
  close(): void;
}

/** how long the server keeps a tracker's stream: longer than any phase */
const STREAM_SECONDS = 900;

const keyOf = (o: Obj) => (o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : o.metadata.name);

/** Lists `path` (a collection), then watches it from the list's resourceVersion. */
export async function track(api: Api, path: string, query = ''): Promise<Tracker> {
  const sep = path.includes('?') ? '&' : '?';
  const list = JSON.parse(expectStatus(await api.request('GET', `${path}${query ? sep + query : ''}`), 200).body) as { items: Obj[]; metadata: { resourceVersion: string } };
  const objects = new Map(list.items.map((o) => [keyOf(o), o]));
  const waiters = new Set<(at: number) => void>();
  const tracker: Tracker = {
    objects,
    until(what, holds, timeoutMs) {
      if (holds(objects)) return Promise.resolve(nowMs());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${what}: not after ${timeoutMs} ms`));
        }, timeoutMs);
        const check = (at: number) => {
          if (!holds(objects)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(at);
        };
        waiters.add(check);
      });
    },
    close() {
      closed = true;
      tracker.onEvent = undefined;
    },
  };
  let closed = false;
  await api.watch(`${path}${sep}watch=true&timeoutSeconds=${STREAM_SECONDS}&resourceVersion=${list.metadata.resourceVersion}${query ? `&${query}` : ''}`, (line, at) => {
    if (closed) return;
    const ev = JSON.parse(line) as { type: string; object: Obj };
    if (ev.type === 'BOOKMARK' || ev.type === 'ERROR') return;
    if (ev.type === 'DELETED') objects.delete(keyOf(ev.object));
    else objects.set(keyOf(ev.object), ev.object);
    tracker.onEvent?.(ev.type, ev.object, at);
    for (const w of [...waiters]) w(at);
  });
  return tracker;
}
