/**
 * WatchHub: the fan-out of one resource's events (one hub per cluster and resource, named
 * `<cluster>/<group>/<resource>`) to the watch streams attached to it. It reads its cluster's
 * keys only (storage/scoped.ts), and exists only while someone watches: an idle cluster has none.
 *
 * Contract:
 * - The log is the only source of events. A poke (`poke(rev)`) only says "the log moved"; the hub
 *   reads the log itself from the last revision it saw, in order, so a lost or duplicated poke
 *   never loses, duplicates or reorders an event. While watchers are attached it also re-reads the
 *   log on a short timer.
 * - Every operation that reads the log or moves a cursor runs on one serial chain (`serially`), so
 *   a new watcher's catch-up and the live pump never interleave: each watcher sees every event
 *   with rev > its start, exactly once, in rev order.
 * - Each pump writes all pending events of a watcher as ONE chunk: the cost of a Durable Object
 *   stream is per chunk, not per byte (platform.md §B2).
 */
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../workers/apiserver/env.ts';
import type { KubeObject, Status } from '../lib/api/meta.ts';
import type { LogEvent, Storage } from '../workers/apiserver/storage/types.ts';
import { connectStorage } from '../workers/apiserver/storage/connect.ts';
import { convertingStorage } from '../workers/apiserver/storage/converting.ts';
import { scopedStorage } from '../workers/apiserver/storage/scoped.ts';
import { byResource, storagePrefix } from '../workers/apiserver/registry/index.ts';
import type { KindDescriptor } from '../workers/apiserver/registry/types.ts';
import { customKind } from '../workers/apiserver/crd/custom-kind.ts';
import type { CustomResourceDefinition } from '../lib/api/apiextensions.ts';
import { expired, toStatusError } from '../lib/errors.ts';
import { objectFilter } from '../workers/apiserver/rest/filter.ts';
import { tableOf, type TableOptions } from '../workers/apiserver/rest/table.ts';

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

const POLL_MS = 1000;
const BOOKMARK_MS = 30_000;
/** without timeoutSeconds, Kubernetes closes a watch after 30-60 minutes */
const DEFAULT_TIMEOUT_S = () => 1800 + Math.floor(Math.random() * 1800);

interface Watcher {
  spec: WatchSpec;
  desc: KindDescriptor;
  prefix: string;
  /** last revision delivered (or skipped) to this watcher */
  rev: number;
  matches: (o: KubeObject) => boolean;
  writer: WritableStreamDefaultWriter<Uint8Array>;
  /** a Table stream sends column definitions with its first row only */
  headerSent: boolean;
  lastWrite: number;
  closed: boolean;
  timeout: ReturnType<typeof setTimeout>;
}

const encoder = new TextEncoder();

export class WatchHub extends DurableObject<Env> {
  private watchers = new Set<Watcher>();
  /** the last log revision this hub has read for its resource (-1: not read yet) */
  private hubRev = -1;
  private chain: Promise<unknown> = Promise.resolve();
  private poll: ReturnType<typeof setInterval> | undefined;
  private storage_: Storage | undefined;
  /** set by the first watch: a hub serves one cluster, named in every spec */
  private cluster: string | undefined;

  /** The log as the hub's cluster sees it (scoped.ts). */
  private get store(): Storage {
    if (this.cluster === undefined) throw new Error('watch hub: no watch has named the cluster yet');
    return (this.storage_ ??= scopedStorage(connectStorage(this.env), this.cluster));
  }

  /**
   * The log as the hub's kind sees it. One hub serves one group/resource, so every watcher has the
   * same descriptor; a kind stored as another (events.k8s.io over core events) reads that kind's
   * keys and converts each object.
   */
  private storeFor(desc: KindDescriptor): Storage {
    return convertingStorage(this.store, desc);
  }

  /** Runs `fn` after everything queued before it; the hub's only way to touch cursors. */
  private serially<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.then(fn, fn);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** The log moved (a commit happened). Coalesces: a pump already queued will see it. Answers how many watch. */
  async poke(_rev: number): Promise<number> {
    if (this.watchers.size === 0) return 0;
    await this.pumpSoon();
    return this.watchers.size;
  }

  private pumpQueued: Promise<void> | undefined;
  private pumpSoon(): Promise<void> {
    this.pumpQueued ??= this.serially(async () => {
      this.pumpQueued = undefined;
      await this.pump();
    });
    return this.pumpQueued;
  }

  override async fetch(request: Request): Promise<Response> {
    const spec = (await request.json()) as WatchSpec;
    const desc = byResource(spec.group, spec.version, spec.resource) ?? (spec.crd ? customKind(spec.crd as CustomResourceDefinition, spec.version) : undefined);
    if (!desc) return new Response('unknown resource', { status: 404 });
    this.cluster ??= spec.cluster;
    if (spec.cluster !== this.cluster) return new Response(`this hub serves cluster "${this.cluster}", not "${spec.cluster}"`, { status: 400 });
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const watcher: Watcher = {
      spec,
      desc,
      prefix: storagePrefixOf(desc, spec.namespace),
      rev: 0,
      matches: () => true,
      writer,
      headerSent: false,
      lastWrite: Date.now(),
      closed: false,
      timeout: setTimeout(() => this.close(watcher), (spec.timeoutSeconds ?? DEFAULT_TIMEOUT_S()) * 1000),
    };
    this.serially(() => this.attach(watcher)).catch((e) => this.fail(watcher, e));
    const contentType = spec.table ? `application/json;as=Table;v=${spec.table.version};g=meta.k8s.io` : 'application/json';
    // identity: a compressed stream would hold events back until the compressor's buffer fills
    return new Response(readable, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-cache, private', 'Content-Encoding': 'identity' } });
  }

  /** Brings a new watcher up to the hub's revision, then lets the pump feed it. */
  private async attach(w: Watcher): Promise<void> {
    w.matches = objectFilter(w.desc, w.spec.labelSelector, w.spec.fieldSelector) ?? (() => true);
    if (this.hubRev < 0) this.hubRev = await this.store.currentRev();
    const rv = w.spec.resourceVersion;
    const lines: string[] = [];
    const initial = w.spec.sendInitialEvents ?? (!rv || rv === '0');
    if (initial) {
      // the current state as ADDED events, then live changes after the list's revision
      const list = await this.storeFor(w.desc).list(w.prefix, { filter: w.matches });
      for (const o of list.items) lines.push(this.line(w, 'ADDED', o));
      w.rev = list.rev;
      if (w.spec.sendInitialEvents && w.spec.allowWatchBookmarks) lines.push(this.bookmark(w, list.rev, true));
    } else if (!rv || rv === '0') {
      w.rev = await this.store.currentRev(); // sendInitialEvents=false: changes from now on
    } else {
      const from = Number(rv);
      const compacted = await this.store.compactedRev();
      if (from < compacted) throw expired(`too old resource version: ${from} (${compacted})`);
      w.rev = from;
    }
    // catch up from the watcher's start to the hub's cursor; the pump takes it from there
    if (w.rev < this.hubRev) {
      for (const ev of await this.storeFor(w.desc).events(w.rev, w.prefix)) {
        if (ev.rev > this.hubRev) break;
        const line = this.eventLine(w, ev);
        if (line) lines.push(line);
        w.rev = ev.rev;
      }
      w.rev = Math.max(w.rev, this.hubRev);
    }
    this.watchers.add(w);
    this.ensurePolling();
    if (lines.length) await this.write(w, lines);
    else await w.writer.ready; // flush headers
  }

  /**
   * Reads the log after the hub's cursor and delivers to every watcher, one chunk each. The cursor
   * moves to the log's revision as of the read (which saw every write of this resource up to it),
   * so a quiet resource's cursor keeps up with a busy log: each read costs the writes since the
   * last one, and the cursor never falls behind the compaction point, past which every read would
   * be a 410 and its watchers would starve.
   */
  private async pump(): Promise<void> {
    if (this.watchers.size === 0) return;
    const first = [...this.watchers][0];
    let events: LogEvent[], current: number;
    try {
      ({ events, current } = await this.storeFor(first.desc).changesAfter(this.hubRev, storagePrefixOf(first.desc, '')));
    } catch (e) {
      // history the hub had not read yet is gone: its watchers must relist, as a 410 tells them
      if (toStatusError(e).code !== 410) throw e;
      this.hubRev = -1;
      await Promise.all([...this.watchers].map((w) => this.fail(w, e)));
      return;
    }
    const now = Date.now();
    await Promise.all(
      [...this.watchers].map((w) => {
        const lines: string[] = [];
        for (const ev of events) {
          if (ev.rev <= w.rev || !ev.key.startsWith(w.prefix)) continue;
          const line = this.eventLine(w, ev);
          if (line) lines.push(line);
        }
        if (events.length) w.rev = Math.max(w.rev, events[events.length - 1].rev);
        if (w.spec.allowWatchBookmarks && now - w.lastWrite > BOOKMARK_MS) lines.push(this.bookmark(w, Math.max(w.rev, this.hubRev), false));
        return lines.length ? this.write(w, lines) : undefined;
      }),
    );
    this.hubRev = Math.max(this.hubRev, current);
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

  private async write(w: Watcher, lines: string[]): Promise<void> {
    if (w.closed) return;
    w.lastWrite = Date.now();
    try {
      await w.writer.write(encoder.encode(lines.join('\n') + '\n'));
    } catch {
      this.close(w); // the client went away
    }
  }

  /** A failure after the stream started is an ERROR event, then the end of the stream. */
  private async fail(w: Watcher, e: unknown): Promise<void> {
    const status: Status = toStatusError(e).status;
    await this.write(w, [JSON.stringify({ type: 'ERROR', object: status })]);
    this.close(w);
  }

  private close(w: Watcher): void {
    if (w.closed) return;
    w.closed = true;
    clearTimeout(w.timeout);
    this.watchers.delete(w);
    w.writer.close().catch(() => undefined);
    if (this.watchers.size === 0 && this.poll) {
      clearInterval(this.poll);
      this.poll = undefined;
    }
  }

  /** Lost pokes are caught up by polling the log while anyone is watching. */
  private ensurePolling(): void {
    this.poll ??= setInterval(() => this.pumpSoon().catch(() => undefined), POLL_MS);
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
