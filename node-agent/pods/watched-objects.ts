/**
 * The ConfigMaps and Secrets the pods of this node refer to, each kept by a watch of its own, as
 * the kubelet's default change-detection strategy (Watch) keeps them: the first read of an object
 * lists it by name (fieldSelector metadata.name=<name>, which the Node authorizer allows for an
 * object its pods refer to) and watches it from the list's resourceVersion. Every later read, by
 * any pod of the node, is answered from memory, and an edit is seen as soon as the watch brings
 * it. So a namespace's kube-root-ca.crt costs a node one list and one idle watch, not a read per
 * pod and per volume refresh.
 *
 * An object nobody read for `idleMs` has its watch stopped. A watch that ends (its timeout, an
 * error, a refusal once no pod refers to the object any more) drops the entry: the next read
 * lists again.
 */
import type { KubeObject } from '../../lib/api/meta.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import type { Resource } from '../../lib/client/resources.ts';

export interface WatchedObjectsOptions {
  /** a watch nobody read through for this long is stopped (default 5 minutes) */
  idleMs?: number;
  /** at most this many objects are watched; the least recently read goes first */
  maxEntries?: number;
  now?: () => number;
  /** stops every watch */
  signal?: AbortSignal;
  log?: (line: string) => void;
}

interface Entry {
  value: Promise<KubeObject | undefined>;
  readAt: number;
  stop: AbortController;
}

const IDLE_MS = 5 * 60_000;

export class WatchedObjects {
  private readonly entries = new Map<string, Entry>();
  private readonly idleMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly sweeper: ReturnType<typeof setInterval>;

  constructor(
    private readonly api: ApiClient,
    private readonly o: WatchedObjectsOptions = {},
  ) {
    this.idleMs = o.idleMs ?? IDLE_MS;
    this.maxEntries = o.maxEntries ?? 1000;
    this.now = o.now ?? Date.now;
    this.sweeper = setInterval(() => this.sweepIdle(), Math.max(1000, this.idleMs / 2));
    this.sweeper.unref?.();
    o.signal?.addEventListener('abort', () => this.close(), { once: true });
  }

  /** The object as the watch has it, or undefined when it does not exist. */
  get<T extends KubeObject>(res: Resource, namespace: string, name: string): Promise<T | undefined> {
    const key = `${res.group}/${res.resource}/${namespace}/${name}`;
    const hit = this.entries.get(key);
    if (hit) {
      hit.readAt = this.now();
      // least recently read first, for the cap
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as Promise<T | undefined>;
    }
    const entry: Entry = { value: Promise.resolve(undefined), readAt: this.now(), stop: new AbortController() };
    entry.value = this.listAndWatch(key, entry, res, namespace, name);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.drop(this.entries.keys().next().value!);
    return entry.value as Promise<T | undefined>;
  }

  /** How many objects are watched now. */
  get size(): number {
    return this.entries.size;
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const key of [...this.entries.keys()]) this.drop(key);
  }

  private async listAndWatch(key: string, entry: Entry, res: Resource, namespace: string, name: string): Promise<KubeObject | undefined> {
    const fieldSelector = `metadata.name=${name}`;
    let list;
    try {
      list = await this.api.list<KubeObject>(res, { namespace, fieldSelector });
    } catch (e) {
      this.forget(key, entry);
      throw e;
    }
    if (entry.stop.signal.aborted) return list.items[0];
    const opts = { namespace, fieldSelector, resourceVersion: list.resourceVersion, allowWatchBookmarks: true, timeoutSeconds: 300 + Math.floor(Math.random() * 300), signal: entry.stop.signal };
    void this.api
      .watch<KubeObject>(res, opts, (e) => {
        if (e.type === 'ERROR') return false;
        if (e.type === 'ADDED' || e.type === 'MODIFIED') entry.value = Promise.resolve(e.object);
        else if (e.type === 'DELETED') entry.value = Promise.resolve(undefined);
      })
      .catch((e: Error) => {
        if (!entry.stop.signal.aborted) this.o.log?.(`watch of ${res.resource} ${namespace}/${name}: ${e.message}`);
      })
      .finally(() => this.forget(key, entry));
    return list.items[0];
  }

  /** Drops the entry if it is still this one: the next read lists again. */
  private forget(key: string, entry: Entry) {
    if (this.entries.get(key) === entry) this.entries.delete(key);
    entry.stop.abort();
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (entry) this.forget(key, entry);
  }

  /** Stops the watches nobody read through for `idleMs` (also on a timer). */
  sweepIdle(): void {
    const now = this.now();
    for (const [key, e] of [...this.entries]) if (now - e.readAt >= this.idleMs) this.forget(key, e);
  }
}
