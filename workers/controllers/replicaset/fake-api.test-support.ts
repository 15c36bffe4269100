/**
 * An in-memory API for the workload controllers' unit tests: what the ApiClient offers (get, list
 * with label selectors, create with generateName, conditional update, status update, the
 * strategic-merge ownerReferences patches of claiming, delete), with uids, resourceVersions,
 * generations and 409s as the API server gives them. Every write is logged; a controller context
 * records events and requeues. Pods are deleted at once (no kubelet to wait for).
 */
import type { KubeObject, OwnerReference } from '../../../lib/api/meta.ts';
import { ApiError, type ApiClient, type List, type ListOptions } from '../../../lib/client/client.ts';
import type { Resource } from '../../../lib/client/resources.ts';
import { matches, parseLabelSelector } from '../../../lib/selectors/label.ts';
import type { ControllerContext } from '../framework/controller.ts';

const KINDS: Record<string, [apiVersion: string, kind: string]> = {
  pods: ['v1', 'Pod'],
  replicasets: ['apps/v1', 'ReplicaSet'],
  deployments: ['apps/v1', 'Deployment'],
};

/** JSON with sorted keys, undefined dropped: equal objects give equal strings. */
const stable = (v: unknown): string =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? `{${Object.keys(v).filter((k) => (v as Record<string, unknown>)[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`).join(',')}}`
    : Array.isArray(v)
      ? `[${v.map(stable).join(',')}]`
      : JSON.stringify(v);

const status = (code: number, reason: string, message: string) => new ApiError(code, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code, reason, message }, message);

export class FakeApi {
  readonly objects = new Map<string, KubeObject>();
  /** `verb resource/namespace/name`, in order */
  readonly writes: string[] = [];
  private rv = 1;
  private seq = 0;
  /** the clock creationTimestamps are taken from (tests move it) */
  clock = new Date('2026-01-01T00:00:00Z');
  /** make the next creations of this resource fail with this error */
  failCreate?: { resource: string; error: ApiError };

  private key = (res: Resource | string, ns: string | undefined, name: string) => `${typeof res === 'string' ? res : res.resource}/${ns ?? ''}/${name}`;

  /** Stores an object as is (a fixture), filling in what the server would. */
  put<T extends KubeObject>(resource: string, o: T): T {
    const [apiVersion, kind] = KINDS[resource];
    const obj = structuredClone({ apiVersion, kind, ...o });
    obj.metadata.uid ??= `uid-${resource}-${String(++this.seq).padStart(6, '0')}`; // in creation order
    obj.metadata.creationTimestamp ??= this.clock.toISOString().replace(/\.\d{3}Z$/, 'Z');
    obj.metadata.generation ??= 1;
    obj.metadata.resourceVersion = String(++this.rv);
    this.objects.set(this.key(resource, obj.metadata.namespace, obj.metadata.name!), obj);
    return structuredClone(obj);
  }

  all<T extends KubeObject>(resource: string): T[] {
    return [...this.objects.entries()].filter(([k]) => k.startsWith(`${resource}/`)).map(([, o]) => structuredClone(o) as T);
  }

  one<T extends KubeObject>(resource: string, ns: string, name: string): T | undefined {
    const o = this.objects.get(this.key(resource, ns, name));
    return o && (structuredClone(o) as T);
  }

  async get<T extends KubeObject>(res: Resource, ns: string | undefined, name: string): Promise<T | undefined> {
    return this.one<T>(res.resource, ns ?? '', name);
  }

  async list<T extends KubeObject>(res: Resource, opts: ListOptions = {}): Promise<List<T>> {
    const sel = opts.labelSelector ? parseLabelSelector(opts.labelSelector) : [];
    const items = this.all<T>(res.resource).filter((o) => (!opts.namespace || o.metadata.namespace === opts.namespace) && matches(sel, o.metadata.labels));
    items.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
    return { items, resourceVersion: String(this.rv) };
  }

  async create<T extends KubeObject>(res: Resource, ns: string | undefined, obj: T): Promise<T> {
    if (this.failCreate?.resource === res.resource) throw this.failCreate.error;
    const o = structuredClone(obj);
    o.metadata.namespace = ns;
    if (!o.metadata.name && o.metadata.generateName) o.metadata.name = `${o.metadata.generateName}${(++this.seq).toString(36).padStart(5, 'x')}`;
    if (this.objects.has(this.key(res, ns, o.metadata.name!))) throw status(409, 'AlreadyExists', `${res.resource} "${o.metadata.name}" already exists`);
    delete o.metadata.uid;
    delete o.metadata.resourceVersion;
    this.writes.push(`create ${res.resource}/${ns}/${o.metadata.name}`);
    return this.put(res.resource, o) as T;
  }

  async update<T extends KubeObject>(res: Resource, obj: T, subresource?: string): Promise<T> {
    const k = this.key(res, obj.metadata.namespace, obj.metadata.name!);
    const current = this.objects.get(k);
    if (!current) throw status(404, 'NotFound', `${res.resource} "${obj.metadata.name}" not found`);
    if (obj.metadata.resourceVersion && obj.metadata.resourceVersion !== current.metadata.resourceVersion)
      throw status(409, 'Conflict', `Operation cannot be fulfilled on ${res.resource} "${obj.metadata.name}": the object has been modified; please apply your changes to the latest version and try again`);
    let next: KubeObject;
    if (subresource === 'status') {
      next = { ...structuredClone(current), status: structuredClone(obj.status) };
      // a Deployment's status write carries its annotations too (the revision)
      if (res.resource === 'deployments') next.metadata.annotations = structuredClone(obj.metadata.annotations);
    } else {
      next = { ...structuredClone(obj), status: structuredClone(current.status) };
      if (JSON.stringify(obj.spec) !== JSON.stringify(current.spec)) next.metadata.generation = (current.metadata.generation ?? 1) + 1;
    }
    next.metadata.resourceVersion = current.metadata.resourceVersion;
    if (stable(next) === stable(current)) return structuredClone(current) as T; // a no-op is not written
    next.metadata.resourceVersion = String(++this.rv);
    this.objects.set(k, next);
    this.writes.push(`${subresource === 'status' ? 'status' : 'update'} ${res.resource}/${obj.metadata.namespace}/${obj.metadata.name}`);
    return structuredClone(next) as T;
  }

  /** Only the strategic-merge ownerReferences patches claiming sends. */
  async patch<T extends KubeObject>(res: Resource, ns: string | undefined, name: string, patch: { metadata: { uid?: string; ownerReferences: (OwnerReference | { $patch: 'delete'; uid: string })[] } }): Promise<T> {
    const k = this.key(res, ns, name);
    const current = this.objects.get(k);
    if (!current) throw status(404, 'NotFound', `${res.resource} "${name}" not found`);
    if (patch.metadata.uid && patch.metadata.uid !== current.metadata.uid) throw status(409, 'Conflict', 'uid mismatch');
    let refs = [...(current.metadata.ownerReferences ?? [])];
    for (const r of patch.metadata.ownerReferences) {
      refs = refs.filter((x) => x.uid !== r.uid);
      if (!('$patch' in r)) refs.push(r);
    }
    const next = structuredClone(current);
    next.metadata.ownerReferences = refs.length ? refs : undefined;
    if (!refs.length) delete next.metadata.ownerReferences;
    next.metadata.resourceVersion = String(++this.rv);
    this.objects.set(k, next);
    this.writes.push(`patch ${res.resource}/${ns}/${name}`);
    return structuredClone(next) as T;
  }

  /** pods being deleted stay, terminating, until `finishDeletions` (as a kubelet would take its time) */
  gracefulPods = false;

  async delete(res: Resource, ns: string | undefined, name: string): Promise<boolean> {
    const k = this.key(res, ns, name);
    const current = this.objects.get(k);
    if (!current) return false;
    if (this.gracefulPods && res.resource === 'pods') {
      if (!current.metadata.deletionTimestamp) this.put('pods', { ...current, metadata: { ...current.metadata, deletionTimestamp: this.clock.toISOString().replace(/\.\d{3}Z$/, 'Z') } });
    } else this.objects.delete(k);
    this.writes.push(`delete ${res.resource}/${ns}/${name}`);
    return true;
  }
}

/** Removes the pods left terminating by graceful deletions. */
export function finishDeletions(api: FakeApi): void {
  for (const [k, o] of api.objects) if (k.startsWith('pods/') && o.metadata.deletionTimestamp) api.objects.delete(k);
}

export interface FakeContext extends ControllerContext {
  /** `Type Reason Kind/name: message`, in order */
  recorded: string[];
  requeued: [key: string, seconds: number][];
}

export function fakeContext(api: FakeApi, now = () => api.clock): FakeContext {
  const recorded: string[] = [];
  const requeued: [string, number][] = [];
  const event = (type: string) => async (obj: KubeObject, reason: string, message: string) => void recorded.push(`${type} ${reason} ${obj.kind}/${obj.metadata.name}: ${message}`);
  return {
    api: api as unknown as ApiClient,
    shared: api as unknown as ApiClient,
    events: { normal: event('Normal'), warning: event('Warning'), flush: async () => {} },
    requeue: async (key, seconds) => void requeued.push([key, seconds]),
    settings: { nodeMonitorGraceSeconds: 50 },
    now,
    recorded,
    requeued,
  };
}
