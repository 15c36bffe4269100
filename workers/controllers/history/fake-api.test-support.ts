/**
 * An in-memory API for the StatefulSet and DaemonSet controllers' unit tests, shaped as the
 * ReplicaSet tests' one: get, list (namespace, label selector), create (generateName,
 * AlreadyExists), conditional update and status update (generation bumped on spec change),
 * the ownerReferences patches of claiming, delete (pods graceful when asked). Every write is
 * logged in order; the context records events and requeues.
 */
import type { KubeObject, OwnerReference } from '../../../lib/api/meta.ts';
import { ApiError, type ApiClient, type List, type ListOptions } from '../../../lib/client/client.ts';
import type { Resource } from '../../../lib/client/resources.ts';
import { matches, parseLabelSelector } from '../../../lib/selectors/label.ts';
import type { ControllerContext } from '../framework/controller.ts';

const KINDS: Record<string, [apiVersion: string, kind: string]> = {
  pods: ['v1', 'Pod'],
  nodes: ['v1', 'Node'],
  persistentvolumeclaims: ['v1', 'PersistentVolumeClaim'],
  statefulsets: ['apps/v1', 'StatefulSet'],
  daemonsets: ['apps/v1', 'DaemonSet'],
  controllerrevisions: ['apps/v1', 'ControllerRevision'],
};

const status = (code: number, reason: string, message: string) => new ApiError(code, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code, reason, message }, message);
const TOP = new Set(['apiVersion', 'kind', 'metadata', 'status']);

export class FakeApi {
  readonly objects = new Map<string, KubeObject>();
  /** `verb resource/name`, in order (namespaces left out: tests use one) */
  readonly writes: string[] = [];
  private rv = 1;
  private seq = 0;
  clock = new Date('2026-01-01T00:00:00Z');
  /** pods being deleted stay terminating until `finishDeletions` */
  gracefulPods = false;

  private key = (res: string, ns: string | undefined, name: string) => `${res}/${ns ?? ''}/${name}`;
  private stamp = () => this.clock.toISOString().replace(/\.\d{3}Z$/, 'Z');

  put<T extends KubeObject>(resource: string, o: T): T {
    const [apiVersion, kind] = KINDS[resource];
    const obj = structuredClone({ apiVersion, kind, ...o });
    obj.metadata.uid ??= `uid-${resource}-${String(++this.seq).padStart(6, '0')}`;
    obj.metadata.creationTimestamp ??= this.stamp();
    obj.metadata.generation ??= 1;
    obj.metadata.resourceVersion = String(++this.rv);
    this.objects.set(this.key(resource, obj.metadata.namespace, obj.metadata.name!), obj);
    return structuredClone(obj);
  }

  all<T extends KubeObject>(resource: string): T[] {
    return [...this.objects.entries()].filter(([k]) => k.startsWith(`${resource}/`)).map(([, o]) => structuredClone(o) as T);
  }

  one<T extends KubeObject>(resource: string, ns: string | undefined, name: string): T | undefined {
    const o = this.objects.get(this.key(resource, ns, name));
    return o && (structuredClone(o) as T);
  }

  async get<T extends KubeObject>(res: Resource, ns: string | undefined, name: string): Promise<T | undefined> {
    return this.one<T>(res.resource, res.namespaced ? ns : undefined, name);
  }

  async list<T extends KubeObject>(res: Resource, opts: ListOptions = {}): Promise<List<T>> {
    const sel = opts.labelSelector ? parseLabelSelector(opts.labelSelector) : [];
    const items = this.all<T>(res.resource).filter((o) => (!opts.namespace || o.metadata.namespace === opts.namespace) && matches(sel, o.metadata.labels));
    items.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
    return { items, resourceVersion: String(this.rv) };
  }

  async create<T extends KubeObject>(res: Resource, ns: string | undefined, obj: T): Promise<T> {
    const o = structuredClone(obj);
    o.metadata.namespace = res.namespaced ? ns : undefined;
    if (!o.metadata.name && o.metadata.generateName) o.metadata.name = `${o.metadata.generateName}${(++this.seq).toString(36).padStart(5, 'x')}`;
    if (this.objects.has(this.key(res.resource, o.metadata.namespace, o.metadata.name!))) throw status(409, 'AlreadyExists', `${res.resource} "${o.metadata.name}" already exists`);
    delete o.metadata.uid;
    delete o.metadata.resourceVersion;
    // as the API server: a new pod is Pending, a new claim too
    if (res.resource === 'pods' || res.resource === 'persistentvolumeclaims') (o as { status?: unknown }).status = { phase: 'Pending' };
    this.writes.push(`create ${res.resource}/${o.metadata.name}`);
    return this.put(res.resource, o) as T;
  }

  async update<T extends KubeObject>(res: Resource, obj: T, subresource?: string): Promise<T> {
    const k = this.key(res.resource, obj.metadata.namespace, obj.metadata.name!);
    const current = this.objects.get(k);
    if (!current) throw status(404, 'NotFound', `${res.resource} "${obj.metadata.name}" not found`);
    if (obj.metadata.resourceVersion && obj.metadata.resourceVersion !== current.metadata.resourceVersion)
      throw status(409, 'Conflict', `Operation cannot be fulfilled on ${res.resource} "${obj.metadata.name}": the object has been modified; please apply your changes to the latest version and try again`);
    let next: KubeObject;
    if (subresource === 'status') next = { ...structuredClone(current), status: structuredClone(obj.status) };
    else {
      next = { ...structuredClone(obj), status: structuredClone(current.status) } as KubeObject;
      const spec = (o: KubeObject) => JSON.stringify(Object.entries(o).filter(([f]) => !TOP.has(f)));
      if (spec(next) !== spec(current)) next.metadata.generation = (current.metadata.generation ?? 1) + 1;
    }
    if (JSON.stringify({ ...next, metadata: { ...next.metadata, resourceVersion: '' } }) === JSON.stringify({ ...current, metadata: { ...current.metadata, resourceVersion: '' } }))
      return structuredClone(current) as T;
    next.metadata.resourceVersion = String(++this.rv);
    this.objects.set(k, next);
    this.writes.push(`${subresource === 'status' ? 'status' : 'update'} ${res.resource}/${obj.metadata.name}`);
    return structuredClone(next) as T;
  }

  /** Only the strategic-merge ownerReferences patches claiming sends. */
  async patch<T extends KubeObject>(res: Resource, ns: string | undefined, name: string, patch: { metadata: { uid?: string; ownerReferences: (OwnerReference | { $patch: 'delete'; uid: string })[] } }): Promise<T> {
    const k = this.key(res.resource, ns, name);
    const current = this.objects.get(k);
    if (!current) throw status(404, 'NotFound', `${res.resource} "${name}" not found`);
    if (patch.metadata.uid && patch.metadata.uid !== current.metadata.uid) throw status(409, 'Conflict', 'uid mismatch');
    let refs = [...(current.metadata.ownerReferences ?? [])];
    for (const r of patch.metadata.ownerReferences) {
      refs = refs.filter((x) => x.uid !== r.uid);
      if (!('$patch' in r)) refs.push(r);
    }
    const next = structuredClone(current);
    if (refs.length) next.metadata.ownerReferences = refs;
    else delete next.metadata.ownerReferences;
    next.metadata.resourceVersion = String(++this.rv);
    this.objects.set(k, next);
    this.writes.push(`patch ${res.resource}/${name}`);
    return structuredClone(next) as T;
  }

  async delete(res: Resource, ns: string | undefined, name: string): Promise<boolean> {
    const k = this.key(res.resource, ns, name);
    const current = this.objects.get(k);
    if (!current) return false;
    if (this.gracefulPods && res.resource === 'pods') {
      if (!current.metadata.deletionTimestamp) this.put('pods', { ...current, metadata: { ...current.metadata, deletionTimestamp: this.stamp() } });
    } else this.objects.delete(k);
    this.writes.push(`delete ${res.resource}/${name}`);
    return true;
  }

  /** Removes the pods left terminating by graceful deletions. */
  finishDeletions(): void {
    for (const [k, o] of this.objects) if (k.startsWith('pods/') && o.metadata.deletionTimestamp) this.objects.delete(k);
  }

  /** What a kubelet would write: the pod Running and Ready (or not). */
  setPodPhase(ns: string, name: string, phase: string, ready = phase === 'Running'): void {
    const p = this.one<KubeObject & { status?: unknown }>('pods', ns, name);
    if (!p) throw new Error(`no pod ${name}`);
    const conditions = [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: this.stamp() }];
    this.put('pods', { ...p, status: { phase, conditions } });
  }
}

export interface FakeContext extends ControllerContext {
  /** `Type Reason Kind/name: message`, in order */
  recorded: string[];
  requeued: [key: string, seconds: number][];
}

export function fakeContext(api: FakeApi): FakeContext {
  const recorded: string[] = [];
  const requeued: [string, number][] = [];
  const event = (type: string) => async (obj: KubeObject, reason: string, message: string) => void recorded.push(`${type} ${reason} ${obj.kind}/${obj.metadata.name}: ${message}`);
  return {
    api: api as unknown as ApiClient,
    shared: api as unknown as ApiClient,
    events: { normal: event('Normal'), warning: event('Warning'), flush: async () => {} },
    requeue: async (key, seconds) => void requeued.push([key, seconds]),
    settings: { nodeMonitorGraceSeconds: 50 },
    now: () => api.clock,
    recorded,
    requeued,
  };
}
