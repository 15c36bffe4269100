/**
 * The fan-out of one resource's log to its watch streams: what a WatchHub (watch-hub.ts) does,
 * apart from being a Durable Object, so that it runs and is tested in Node as well.
 *
 * Contract:
 * - The log is the only source of events. A poke only says "the log moved"; the hub reads the log
 *   itself from the last revision it saw, in order, so a lost or duplicated poke never loses,
 *   duplicates or reorders an event. While watchers are attached it also re-reads the log on a
 *   short timer.
 * - Every operation that reads the log or moves a cursor runs on one serial chain (`serially`), so
 *   a new watcher's catch-up and the live pump never interleave: each watcher sees every event
 *   with rev > its start, exactly once, in rev order.
 * - Nothing on the chain waits for a client: chunks go to each stream's sender (watch-sender.ts),
 *   which writes them in order as the client takes them, so one slow stream delays neither the
 *   next read of the log nor the other streams.
 * - Each pump sends all pending events of a watcher as ONE chunk (a Durable Object stream costs
 *   per chunk, not per byte), and the chunk is built once for all watchers with the same view
 *   (namespace and selectors, not a Table) at the same revision: a hundred watchers of one
 *   namespace cost one serialization per event, not a hundred.
 * - Watchers that arrive together are attached together: their reads of the log (the current
 *   state, the compaction point, the catch-up from a resourceVersion) are shared when they ask the
 *   same question, so a burst of watches costs a few reads, not a few per watch.
 * - Watchers of different versions of the resource (autoscaling/v1 and v2, a CRD's versions) read
 *   the same log; each gets its events converted to its own version, once per version and pump.
 */
import type { KubeObject, Status } from '../lib/api/meta.ts';
import type { LogEvent, Storage } from '../workers/apiserver/storage/types.ts';
import { conversionOf, convertEvents, convertingStorage } from '../workers/apiserver/storage/converting.ts';
import { storagePrefix } from '../workers/apiserver/registry/index.ts';
import type { ConversionReach, KindDescriptor } from '../workers/apiserver/registry/types.ts';
import { expired, toStatusError } from '../lib/errors.ts';
import { objectFilter } from '../workers/apiserver/rest/filter.ts';
import { tableOf, type TableOptions } from '../workers/apiserver/rest/table.ts';
import { bytePipe, WatchSender } from './watch-sender.ts';

/** What the apiserver asks of a hub, after authn/authz and parameter checks. */
export interface WatchSpec {
  /** the cluster of the hub (one hub per cluster and resource): whose keys it reads */
  cluster: string;
  group: string;
  version: string;
  resource: string;
  /** '' = all namespaces */
  namespace: string;
  labelSelector?: string;
  fieldSelector?: string;
  /** undefined or '0': start with the current state as ADDED events; else replay after it */
  resourceVersion?: string;
  sendInitialEvents?: boolean;
  allowWatchBookmarks?: boolean;
  timeoutSeconds?: number;
  /** a Table stream (kubectl get -w) rather than objects */
  table?: TableOptions;
  /** a custom resource's CRD, whose kind the static registry does not know */
  crd?: KubeObject;
}

export interface FanoutOptions {
  pollMs?: number;
  bookmarkMs?: number;
  /** a stream whose client leaves this much unread is cut off (watch-sender.ts) */
  maxBacklogBytes?: number;
}

/** without timeoutSeconds, Kubernetes closes a watch after 30-60 minutes */
const DEFAULT_TIMEOUT_S = () => 1800 + Math.floor(Math.random() * 1800);

interface Watcher {
  spec: WatchSpec;
  desc: KindDescriptor;
  prefix: string;
  /** what decides a chunk's bytes besides the events: watchers with the same view share them (none for a Table stream) */
  view: string | undefined;
  /** last revision delivered (or skipped) to this watcher */
  rev: number;
  matches: (o: KubeObject) => boolean;
  /** has a selector: its events need the object each write replaced (leaving the selection is a DELETED) */
  selective: boolean;
  sender: WatchSender;
  /** a Table stream sends column definitions with its first row only */
  headerSent: boolean;
  closed: boolean;
  timeout: ReturnType<typeof setTimeout>;
}

const encoder = new TextEncoder();
const encodeLines = (lines: string[]) => encoder.encode(lines.join('\n') + '\n');

export class WatchFanout {
  private watchers = new Set<Watcher>();
  /** watchers whose attach is queued on the chain, attached together by one step */
  private arriving: Watcher[] = [];
  /** the last log revision this hub has read for its resource (-1: not read yet) */
  private hubRev = -1;
  private chain: Promise<unknown> = Promise.resolve();
  private poll: ReturnType<typeof setInterval> | undefined;
  private pumpQueued: Promise<void> | undefined;
  private readonly pollMs: number;
  private readonly bookmarkMs: number;
  private readonly maxBacklogBytes: number | undefined;

  constructor(
    /** the log as the hub's cluster sees it (storage/scoped.ts), and how conversion webhooks are reached */
    private readonly reach: () => ConversionReach,
    opts: FanoutOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 1000;
    this.bookmarkMs = opts.bookmarkMs ?? 30_000;
    this.maxBacklogBytes = opts.maxBacklogBytes;
  }

  /** watchers taken from `arriving` by the attach step under way: a poke meanwhile must still pump after it */
  private attaching = 0;

  /** How many streams are open or opening. */
  get size(): number {
    return this.watchers.size + this.arriving.length + this.attaching;
  }

  /** Opens a stream for `spec` (already checked); the events follow as the hub attaches it. */
  open(spec: WatchSpec, desc: KindDescriptor): ReadableStream<Uint8Array> {
    const { readable, writable } = bytePipe();
    const watcher: Watcher = {
      spec,
      desc,
      prefix: storagePrefixOf(desc, spec.namespace),
      view: spec.table ? undefined : [desc.version, storagePrefixOf(desc, spec.namespace), spec.labelSelector ?? '', spec.fieldSelector ?? ''].join('\n'),
      rev: 0,
      matches: () => true,
      selective: false,
      sender: new WatchSender(writable.getWriter(), () => this.close(watcher), this.maxBacklogBytes),
      headerSent: false,
      closed: false,
      timeout: setTimeout(() => this.close(watcher), (spec.timeoutSeconds ?? DEFAULT_TIMEOUT_S()) * 1000),
    };
    this.arriving.push(watcher);
    if (this.arriving.length === 1) this.serially(() => this.attachArrived()).catch(() => undefined);
    return readable;
  }

  /** The log moved (a commit happened). Coalesces: a pump already queued will see it. Answers how many watch. */
  async poke(): Promise<number> {
    if (this.size === 0) return 0;
    await this.pumpSoon();
    return this.size;
  }

  /** Ends every stream (their hub is going away). */
  shutdown(): void {
    for (const w of [...this.arriving, ...this.watchers]) this.close(w);
  }

  /** Runs `fn` after everything queued before it; the hub's only way to touch cursors. */
  private serially<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.then(fn, fn);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private pumpSoon(): Promise<void> {
    this.pumpQueued ??= this.serially(async () => {
      this.pumpQueued = undefined;
      await this.pump();
    });
    return this.pumpQueued;
  }

  private store(): Storage {
    return this.reach().storage;
  }

  private storeFor(desc: KindDescriptor): Storage {
    const reach = this.reach();
    return convertingStorage(reach.storage, desc, reach);
  }

  /** Attaches every watcher that arrived since the last step, sharing the reads they have in common. */
  private async attachArrived(): Promise<void> {
    const batch = this.arriving.filter((w) => !w.closed);
    this.arriving = [];
    if (!batch.length) return;
    this.attaching = batch.length;
    try {
      await this.attachAll(batch);
    } finally {
      this.attaching = 0;
    }
  }

  private async attachAll(batch: Watcher[]): Promise<void> {
    const reads = new Map<string, Promise<unknown>>();
    const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
      let p = reads.get(key);
      if (!p) reads.set(key, (p = read()));
      return p as Promise<T>;
    };
    try {
      // a hub nobody watches has not followed the log: start from where it is now
      if (this.hubRev < 0 || this.watchers.size === 0) this.hubRev = await this.store().currentRev();
    } catch (e) {
      await Promise.all(batch.map((w) => this.fail(w, e)));
      return;
    }
    await Promise.all(batch.map((w) => this.attach(w, once).catch((e) => this.fail(w, e))));
  }

  /** Brings a new watcher up to the hub's revision, then lets the pump feed it. */
  private async attach(w: Watcher, once: <T>(key: string, read: () => Promise<T>) => Promise<T>): Promise<void> {
    const filter = objectFilter(w.desc, w.spec.labelSelector, w.spec.fieldSelector);
    w.matches = filter ?? (() => true);
    w.selective = filter !== undefined;
    const rv = w.spec.resourceVersion;
    const lines: string[] = [];
    const initial = w.spec.sendInitialEvents ?? (!rv || rv === '0');
    if (initial) {
      // the current state as ADDED events, then live changes after the list's revision
      const selection = ['list', w.desc.version, w.prefix, w.spec.labelSelector ?? '', w.spec.fieldSelector ?? ''].join('\n');
      const list = await once(selection, () => this.storeFor(w.desc).list(w.prefix, { filter: w.matches }));
      for (const o of list.items) lines.push(this.line(w, 'ADDED', o));
      w.rev = list.rev;
      if (w.spec.sendInitialEvents && w.spec.allowWatchBookmarks) lines.push(this.bookmark(w, list.rev, true));
    } else if (!rv || rv === '0') {
      w.rev = await once('current', () => this.store().currentRev()); // sendInitialEvents=false: changes from now on
    } else {
      const from = Number(rv);
      const compacted = await once('compacted', () => this.store().compactedRev());
      if (from < compacted) throw expired(`too old resource version: ${from} (${compacted})`);
      w.rev = from;
    }
    // catch up from the watcher's start to the hub's cursor; the pump takes it from there
    if (w.rev < this.hubRev) {
      const from = w.rev;
      const previous = w.selective;
      for (const ev of await once(`events\n${w.desc.version}\n${from}\n${w.prefix}\n${previous}`, () => this.storeFor(w.desc).events(from, w.prefix, { previous }))) {
        if (ev.rev > this.hubRev) break;
        const line = this.eventLine(w, ev);
        if (line) lines.push(line);
        w.rev = ev.rev;
      }
      w.rev = Math.max(w.rev, this.hubRev);
    }
    if (w.closed) return;
    this.watchers.add(w);
    this.ensurePolling();
    if (lines.length) w.sender.send(encodeLines(lines));
  }

  /**
   * Reads the log after the hub's cursor and sends to every watcher, one chunk each. The cursor
   * moves to the log's revision as of the read (which saw every write of this resource up to it),
   * so a quiet resource's cursor keeps up with a busy log: each read costs the writes since the
   * last one, and the cursor never falls behind the compaction point, past which every read would
   * be a 410 and its watchers would starve.
   */
  private async pump(): Promise<void> {
    if (this.watchers.size === 0) return;
    const first = this.watchers.values().next().value!;
    let events: LogEvent[], current: number;
    const previous = [...this.watchers].some((w) => w.selective);
    try {
      ({ events, current } = await this.store().changesAfter(this.hubRev, storagePrefixOf(first.desc, ''), { previous }));
    } catch (e) {
      // history the hub had not read yet is gone: its watchers must relist, as a 410 tells them
      if (toStatusError(e).code !== 410) throw e;
      this.hubRev = -1;
      await Promise.all([...this.watchers].map((w) => this.fail(w, e)));
      return;
    }
    const now = Date.now();
    const last = events.length ? events[events.length - 1].rev : undefined;
    const served = await this.servedEvents(events);
    /** by view and starting revision: the chunk (null: nothing to send) */
    const chunks = new Map<string, Uint8Array | null>();
    for (const w of this.watchers) {
      const own = served.get(w.desc)!;
      if (own instanceof Error) {
        await this.fail(w, own);
        continue;
      }
      const shareKey = w.view === undefined ? undefined : `${w.rev}\n${w.view}`;
      let chunk = shareKey === undefined ? undefined : chunks.get(shareKey);
      if (chunk === undefined) {
        const lines: string[] = [];
        for (const ev of own) {
          if (ev.rev <= w.rev || !ev.key.startsWith(w.prefix)) continue;
          const line = this.eventLine(w, ev);
          if (line) lines.push(line);
        }
        chunk = lines.length ? encodeLines(lines) : null;
        if (shareKey !== undefined) chunks.set(shareKey, chunk);
      }
      if (last !== undefined) w.rev = Math.max(w.rev, last);
      const bookmarkDue = w.spec.allowWatchBookmarks && now - w.sender.lastSend > this.bookmarkMs;
      if (chunk) w.sender.send(chunk);
      if (bookmarkDue) w.sender.send(encodeLines([this.bookmark(w, Math.max(w.rev, this.hubRev), false)]));
    }
    this.hubRev = Math.max(this.hubRev, current);
  }

  /** The log's events as each watched version serves them (a conversion that failed: its error, for its watchers). */
  private async servedEvents(events: LogEvent[]): Promise<Map<KindDescriptor, LogEvent[] | Error>> {
    const reach = this.reach();
    const descs = new Set([...this.watchers].map((w) => w.desc));
    const served = await Promise.all(
      [...descs].map(async (desc) => {
        const conv = conversionOf(desc, reach);
        return conv ? convertEvents(conv, events).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))) : events;
      }),
    );
    return new Map([...descs].map((d, i) => [d, served[i]]));
  }

  /**
   * One event as seen through the watcher's selectors. A MODIFIED that leaves the selection is a
   * DELETED of the object as the watcher last saw it (at the event's revision), as Kubernetes'
   * watch cache sends it; one that enters the selection is an ADDED.
   */
  private eventLine(w: Watcher, ev: LogEvent): string | undefined {
    const now = w.matches(ev.object);
    if (ev.type === 'MODIFIED' && ev.prevObject) {
      const before = w.matches(ev.prevObject);
      if (before && !now) return this.line(w, 'DELETED', { ...ev.prevObject, metadata: { ...ev.prevObject.metadata, resourceVersion: String(ev.rev) } });
      if (!before && now) return this.line(w, 'ADDED', ev.object);
    }
    return now ? this.line(w, ev.type, ev.object) : undefined;
  }

  private line(w: Watcher, type: string, obj: KubeObject): string {
    if (!w.spec.table) return `{"type":"${type}","object":${serialized(obj)}}`;
    const table = tableOf(w.desc, [obj], { ...w.spec.table, noHeaders: w.headerSent });
    w.headerSent = true;
    return JSON.stringify({ type, object: table });
  }

  private bookmark(w: Watcher, rev: number, initialEventsEnd: boolean): string {
    const metadata: Record<string, unknown> = { resourceVersion: String(rev) };
    if (initialEventsEnd) metadata.annotations = { 'k8s.io/initial-events-end': 'true' };
    const apiVersion = w.desc.group ? `${w.desc.group}/${w.desc.version}` : w.desc.version;
    return JSON.stringify({ type: 'BOOKMARK', object: { kind: w.desc.kind, apiVersion, metadata } });
  }

  /** A failure after the stream started is an ERROR event, then the end of the stream. */
  private async fail(w: Watcher, e: unknown): Promise<void> {
    const status: Status = toStatusError(e).status;
    w.sender.send(encodeLines([JSON.stringify({ type: 'ERROR', object: status })]));
    this.close(w);
  }

  private close(w: Watcher): void {
    if (w.closed) return;
    w.closed = true;
    clearTimeout(w.timeout);
    this.watchers.delete(w);
    if (this.arriving.includes(w)) this.arriving = this.arriving.filter((x) => x !== w);
    w.sender.end();
    if (this.watchers.size === 0 && this.poll) {
      clearInterval(this.poll);
      this.poll = undefined;
    }
  }

  /** Lost pokes are caught up by polling the log while anyone is watching. */
  private ensurePolling(): void {
    this.poll ??= setInterval(() => this.pumpSoon().catch(() => undefined), this.pollMs);
  }
}

/** An event's object is serialized once, however many watchers receive it. */
const serializedObjects = new WeakMap<KubeObject, string>();
function serialized(obj: KubeObject): string {
  let json = serializedObjects.get(obj);
  if (json === undefined) serializedObjects.set(obj, (json = JSON.stringify(obj)));
  return json;
}

const storagePrefixOf = (desc: KindDescriptor, namespace: string) => storagePrefix(desc, namespace || undefined);
