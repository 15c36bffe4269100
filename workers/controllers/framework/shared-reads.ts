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
}

export class SharedReads {
  private readonly cache = new Map<string, Promise<unknown>>();

  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let hit = this.cache.get(key) as Promise<T> | undefined;
    if (!hit) {
      this.cache.set(key, (hit = read()));
      hit.catch(() => this.cache.delete(key));
    }
    return hit;
  }

  /** The shared reads, made (when first) with `api`. */
  through(api: Reads): Reads {
    return {
      get: <T extends KubeObject>(res: Resource, namespace: string | undefined, name: string) =>
        this.once(resourcePath(res, namespace, name), () => api.get<T>(res, namespace, name)),
      list: <T extends KubeObject>(res: Resource, opts: ListOptions = {}) =>
        this.once(`${resourcePath(res, opts.namespace)}?l=${opts.labelSelector ?? ''}&f=${opts.fieldSelector ?? ''}`, () => api.list<T>(res, opts)),
    };
  }
}
