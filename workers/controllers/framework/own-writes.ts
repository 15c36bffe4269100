/**
 * The controllers' own writes, seen as soon as they are answered, as kube-controller-manager's
 * controllers see each other's writes through their shared informers without waiting for anyone:
 * the ReplicaSet a Deployment's sync creates is looked at by the ReplicaSet controller while that
 * sync is still writing the Deployment's status, in the same batch, instead of in the next batch
 * once its change message has come through the queue (runner.ts).
 *
 * The change message of such a write still comes through the queue later; the runner then skips
 * it, as this isolate has already handled it (`handled`, by cluster, object and revision: the
 * log's revision is unique per write). A message whose local handling failed is not marked, so
 * the queue's copy is handled as any other. Best effort and isolate-local: another isolate
 * handles its copy again, which level-triggered controllers allow.
 *
 * Events are not reported: no controller acts on them (interest.ts), and the API server sends
 * no change message for them either.
 */
import type { ChangeMessage } from '../../apiserver/env.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { usesClaims, type Pod } from '../../../lib/api/core/pod.ts';
import type { Api, DeleteOptions, List, ListOptions } from '../../../lib/client/client.ts';
import type { Resource } from '../../../lib/client/resources.ts';

/** A write the controller made, and what it wrote (the API's answer); `subresource`: the one it wrote through ('status'). */
export type OwnWrite = { change: ChangeMessage; object: KubeObject; res: Resource; subresource?: string };

const idOf = (m: Pick<ChangeMessage, 'cluster' | 'rev' | 'group' | 'resource' | 'namespace' | 'name'>) => `${m.cluster}|${m.group}/${m.resource}/${m.namespace ?? ''}/${m.name}@${m.rev}`;

/** per isolate: the changes handled locally whose queue copy has not come yet; bounded */
const handled = new Set<string>();
const MAX_HANDLED = 20_000;

export function markHandled(m: ChangeMessage): void {
  if (handled.size >= MAX_HANDLED) handled.delete(handled.values().next().value!);
  handled.add(idOf(m));
}

/** Whether `m` is the queue's copy of a change this isolate handled already (forgotten once asked). */
export function alreadyHandled(m: ChangeMessage): boolean {
  return handled.delete(idOf(m));
}

/**
 * The change message of a write: a create, or an update that made a new revision (an update that
 * changes nothing answers with the revision it was given). Patches, deletes and bindings are left
 * to the queue: their answers do not say whether, or what, they changed.
 */
export function changeOf(cluster: string, res: Resource, object: KubeObject, sentRev?: string): ChangeMessage | undefined {
  const { name, namespace, resourceVersion, ownerReferences, deletionTimestamp } = object.metadata ?? {};
  const rev = Number(resourceVersion);
  if (!name || !Number.isSafeInteger(rev) || rev <= 0 || res.resource === 'events') return undefined;
  const created = sentRev === undefined;
  if (!created && sentRev === resourceVersion) return undefined;
  const change: ChangeMessage = { cluster, rev, group: res.group, resource: res.resource, name, type: created ? 'ADDED' : 'MODIFIED', deleting: !!deletionTimestamp };
  if (namespace) change.namespace = namespace;
  // as the apiserver says it (env.ts): an ADDED object's owners "changed" when it has any; an update's are unknown
  if (created) change.ownersChanged = !!ownerReferences?.length;
  if (res.group === '' && res.resource === 'pods') change.usesClaims = usesClaims(object as Pod);
  return change;
}

/**
 * What a write is about to change, told before it is sent. With a name: the object whose new state
 * no answer reports (a patch, a delete, a subresource post such as a binding). Without: a create
 * or an update of that kind in that namespace, whose answer goes to `onWrite`; the function it
 * returns is called once that write is answered (after onWrite) or failed. `res` undefined:
 * anything (a raw request).
 */
export type Touch = (res: Resource | undefined, namespace?: string, name?: string) => (() => void) | void;

/**
 * `api`, whose creates and updates also tell `onWrite` what they wrote; and every write, before it
 * is sent, tells `onTouch` what it may change. A class, not an object made per batch over `api`:
 * each batch makes one per controller, and V8 shares a class's methods and shape.
 */
export function reportingWrites(api: Api, cluster: string, onWrite: (w: OwnWrite) => void, onTouch: Touch = () => undefined): Api {
  return new ReportingClient(api, cluster, onWrite, onTouch);
}

class ReportingClient implements Api {
  constructor(
    private readonly api: Api,
    private readonly cluster: string,
    private readonly onWrite: (w: OwnWrite) => void,
    private readonly onTouch: Touch,
  ) {}

  get<T extends KubeObject>(res: Resource, namespace: string | undefined, name: string): Promise<T | undefined> {
    return this.api.get<T>(res, namespace, name);
  }
  list<T extends KubeObject>(res: Resource, opts?: ListOptions): Promise<List<T>> {
    return this.api.list<T>(res, opts);
  }
  patch<T extends KubeObject>(res: Resource, namespace: string | undefined, name: string, ...rest: PatchRest): Promise<T> {
    this.onTouch(res, namespace, name);
    return this.api.patch<T>(res, namespace, name, ...rest);
  }
  delete(res: Resource, namespace: string | undefined, name: string, opts?: DeleteOptions): Promise<boolean> {
    this.onTouch(res, namespace, name);
    return this.api.delete(res, namespace, name, opts);
  }
  post<T>(res: Resource, namespace: string | undefined, name: string, subresource: string, body: unknown): Promise<T> {
    this.onTouch(res, namespace, name);
    return this.api.post<T>(res, namespace, name, subresource, body);
  }
  request(method: string, ...rest: RequestRest): Promise<Response> {
    if (method !== 'GET') this.onTouch(undefined);
    return this.api.request(method, ...rest);
  }
  async create<T extends KubeObject>(res: Resource, namespace: string | undefined, obj: T): Promise<T> {
    const settled = this.onTouch(res, namespace);
    try {
      const written = await this.api.create(res, namespace, obj);
      const change = changeOf(this.cluster, res, written);
      if (change) this.onWrite({ change, object: written, res });
      return written;
    } finally {
      settled?.();
    }
  }
  async update<T extends KubeObject>(res: Resource, obj: T, subresource?: string): Promise<T> {
    const settled = this.onTouch(res, obj.metadata.namespace);
    try {
      const written = await this.api.update(res, obj, subresource);
      const change = changeOf(this.cluster, res, written, obj.metadata.resourceVersion ?? '');
      if (change) {
        // a status write leaves metadata, owners included, as they were
        if (subresource === 'status') change.ownersChanged = false;
        this.onWrite({ change, object: written, res, subresource });
      }
      return written;
    } finally {
      settled?.();
    }
  }
}

type PatchRest = Parameters<Api['patch']> extends [Resource, string | undefined, string, ...infer R] ? R : never;
type RequestRest = Parameters<Api['request']> extends [string, ...infer R] ? R : never;
