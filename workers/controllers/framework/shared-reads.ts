/**
 * Reads shared by every controller during one batch, as kube-controller-manager's controllers
 * share informer caches instead of each asking the API server: a pod that changed is read once
 * for the ReplicaSet, endpoint and garbage collectors alike, and a namespace's pods are listed
 * once for all the ReplicaSets reconciled in the batch.
 *
 * Contract: a shared read is at least as new as every change message of the batch (it is made
 * after the batch arrived) but may predate writes made during the batch, the reader's own
 * included. So it serves to find keys, and to decide writes that are conditional on what was
 * read (resourceVersion, uid preconditions), which fail with 409 if it was stale; the runner
 * retries such a reconcile with reads of its own. A reconcile that must count what it just
 * wrote reads through `ctx.api`. A failed read is not kept.
 *
 * The reads are the informers' (identity.ts: as kube-controller-manager).
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { List, ListOptions } from '../../../lib/client/client.ts';
import { resourcePath, type Resource } from '../../../lib/client/resources.ts';

/** Reads as a controller sees them: `ctx.shared`, or an ApiClient itself (fresh reads). */
export interface Reads {
  get<T extends KubeObject>(res: Resource, namespace: string | undefined, name: string): Promise<T | undefined>;
  list<T extends KubeObject>(res: Resource, opts?: ListOptions): Promise<List<T>>;
  /**
   * A copy of the object the batch already holds (a read of it, or a write's answer), however
   * old, without a request; undefined if it holds none. For what an informer's copy settles: the
   * garbage collector finds an owner present there, as Kubernetes' graph does.
   */
  held?<T extends KubeObject>(res: Resource, namespace: string | undefined, name: string): Promise<T | undefined> | undefined;
}

/**
 * A batch changing many objects of one kind in one namespace (a thousand pods being created and
 * bound) reads them with one list of the namespace instead of one get each: past GETS_PER_LIST
 * changes, and past one per LIST_ITEMS_PER_CHANGE items of the namespace's last list seen here,
 * so a few changes in a namespace of thousands are still read one by one.
 */
const GETS_PER_LIST = 16;
const LIST_ITEMS_PER_CHANGE = 50;
/** per isolate, by cluster, resource and namespace: how many items the last list had; bounded */
const listSizes = new Map<string, number>();
const MAX_SIZES = 10_000;

export const listWorthIt = (scope: string, changes: number) => changes >= Math.max(GETS_PER_LIST, (listSizes.get(scope) ?? 0) / LIST_ITEMS_PER_CHANGE);

function noteListSize(scope: string, size: number): void {
  if (listSizes.size >= MAX_SIZES && !listSizes.has(scope)) listSizes.delete(listSizes.keys().next().value!);
  listSizes.set(scope, size);
}

/** What a batch's gets of a kind in a namespace are scoped by (with the cluster). */
export const scopeOf = (cluster: string, group: string, resource: string, namespace: string | undefined) => `${cluster}|${group}/${resource}/${namespace ?? ''}`;

const listKey = (res: Resource, opts: ListOptions) => `${resourcePath(res, opts.namespace)}?l=${opts.labelSelector ?? ''}&f=${opts.fieldSelector ?? ''}`;

/**
 * The batch's reads, for a wave or a reconcile of a change made during the batch: of the kinds no
 * write of the batch's controllers touched (`shares`), they are as new as the batch's changes,
 * which is as new as such reads must be; kube-controller-manager's informers lag as much.
 */
export interface ParentReads {
  reads: SharedReads;
  shares(res: Resource): boolean;
  /**
   * The object at `path` as the batch's own last write of it answered, when nothing the batch
   * sent since may have changed it unreported: newer than any read the batch made, so a get takes
   * it without a request (an informer would hold the same once the write's event came).
   */
  written?(path: string): KubeObject | undefined;
  /**
   * The objects of that kind in that namespace the batch wrote, as last answered, when each write
   * of the batch there is answered and reported (no patch, delete or binding): a list of them is
   * then the batch's list with these laid over it, as new as a fresh list would be as far as the
   * batch's own writes go. Undefined otherwise.
   */
  writtenIn?(res: Resource, namespace: string | undefined): KubeObject[] | undefined;
}

/** `list` with `written` laid over it: each object at the newer of the two revisions, new ones added, in the order of names. */
function withWrites<T extends KubeObject>(list: List<T>, written: KubeObject[]): List<T> {
  if (!written.length) return list;
  const items = new Map(list.items.map((o) => [`${o.metadata.namespace ?? ''}/${o.metadata.name}`, o]));
  let added = false;
  for (const w of written as T[]) {
    const key = `${w.metadata.namespace ?? ''}/${w.metadata.name}`;
    const listed = items.get(key);
    if (!listed) added = true;
    if (!listed || Number(listed.metadata.resourceVersion) < Number(w.metadata.resourceVersion)) items.set(key, w);
  }
  const merged = [...items.values()];
  if (added) merged.sort((a, b) => (`${a.metadata.namespace ?? ''}/${a.metadata.name}` < `${b.metadata.namespace ?? ''}/${b.metadata.name}` ? -1 : 1));
  return { ...list, items: merged };
}

export class SharedReads {
  private readonly cache = new Map<string, Promise<unknown>>();
  /** the kinds and namespaces (scopeOf without the cluster) whose gets are served by one list */
  private readonly listed = new Set<string>();

  /**
   * `cluster`'s changes of the batch: the kinds and namespaces with enough of them are read with
   * one list (made at the first get, after the batch arrived: as new as its changes).
   */
  constructor(
    changes: { group: string; resource: string; namespace?: string; type: string }[] = [],
    private readonly cluster = '',
    private readonly parent?: ParentReads,
  ) {
    const counts = new Map<string, number>();
    for (const c of changes) {
      if (c.type === 'DELETED' || !c.namespace) continue;
      const scope = scopeOf(cluster, c.group, c.resource, c.namespace);
      counts.set(scope, (counts.get(scope) ?? 0) + 1);
    }
    for (const [scope, n] of counts) if (listWorthIt(scope, n)) this.listed.add(scope.slice(cluster.length + 1));
  }

  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let hit = this.cache.get(key) as Promise<T> | undefined;
    if (!hit) {
      this.cache.set(key, (hit = read()));
      hit.catch(() => this.cache.delete(key));
    }
    return hit;
  }

  /** Takes `object` as the read of itself (a write's answer: as new as its change). */
  remember(res: Resource, object: KubeObject): void {
    this.cache.set(resourcePath(res, object.metadata.namespace, object.metadata.name), Promise.resolve(object));
  }

  /** The shared reads, made (when first) with `api`. */
  through(api: Reads): Reads {
    const parent = this.parent;
    const inherited = parent?.reads.through(api);
    // an object remembered here (a write's answer) is newer than the batch's read of it
    const writtenAt = <T extends KubeObject>(path: string) => {
      const object = parent?.written?.(path);
      return object && Promise.resolve(object as T);
    };
    // a whole namespace (or a cluster-scoped kind) only: selectors and pages are the API's to apply
    const withBatchWrites = <T extends KubeObject>(res: Resource, opts: ListOptions) => {
      const { namespace, ...rest } = opts;
      if (!inherited || Object.values(rest).some((v) => v !== undefined) || (res.namespaced && !namespace)) return undefined;
      const written = parent!.writtenIn?.(res, namespace);
      return written && this.once(listKey(res, opts), async () => withWrites(await inherited.list<T>(res, opts), written));
    };
    const fromParent = (res: Resource, path?: string) => inherited && parent!.shares(res) && !(path && this.cache.has(path)) ? inherited : undefined;
    return {
      get: <T extends KubeObject>(res: Resource, namespace: string | undefined, name: string) =>
        writtenAt<T>(resourcePath(res, namespace, name)) ??
        fromParent(res, resourcePath(res, namespace, name))?.get<T>(res, namespace, name) ??
        this.once(resourcePath(res, namespace, name), async () => {
          const scope = scopeOf('', res.group, res.resource, namespace).slice(1);
          if (!this.listed.has(scope)) return api.get<T>(res, namespace, name);
          const list = await this.once(listKey(res, { namespace }), async () => {
            const l = await api.list<T>(res, { namespace });
            noteListSize(`${this.cluster}|${scope}`, l.items.length);
            return l;
          });
          return (list as { items: T[] }).items.find((o) => o.metadata.name === name);
        }),
      held: <T extends KubeObject>(res: Resource, namespace: string | undefined, name: string) => {
        const path = resourcePath(res, namespace, name);
        return writtenAt<T>(path) ?? (this.cache.get(path) as Promise<T | undefined> | undefined) ?? inherited?.held?.<T>(res, namespace, name);
      },
      list: <T extends KubeObject>(res: Resource, opts: ListOptions = {}) =>
        fromParent(res)?.list<T>(res, opts) ?? withBatchWrites<T>(res, opts) ?? this.once(listKey(res, opts), () => api.list<T>(res, opts)),
    };
  }
}
