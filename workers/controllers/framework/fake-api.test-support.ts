/**
 * An in-memory API for the controllers' unit tests: what the ApiClient offers (get, list by
 * namespace and label selector, create with generateName, conditional update and status update,
 * the strategic-merge patches controllers send, delete with preconditions), with uids,
 * resourceVersions, generations, 409s and finalizers as the API server gives them. Every write is
 * logged in order; a controller context records events and requeues. The kubelet's part is played
 * by the test (`setPodPhase`, `finishPod`, `finishDeletions`).
 */
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { KubeObject, OwnerReference } from '../../../lib/api/meta.ts';
import { ApiError, type ApiClient, type List, type ListOptions } from '../../../lib/client/client.ts';
import type { Resource } from '../../../lib/client/resources.ts';
import { sortedJson } from '../../../lib/json/canonical.ts';
import { matches, parseLabelSelector } from '../../../lib/selectors/label.ts';
import type { ControllerContext } from './controller.ts';

const KINDS: Record<string, [apiVersion: string, kind: string]> = {
  pods: ['v1', 'Pod'],
  nodes: ['v1', 'Node'],
  persistentvolumeclaims: ['v1', 'PersistentVolumeClaim'],
  replicasets: ['apps/v1', 'ReplicaSet'],
  deployments: ['apps/v1', 'Deployment'],
  statefulsets: ['apps/v1', 'StatefulSet'],
  daemonsets: ['apps/v1', 'DaemonSet'],
  controllerrevisions: ['apps/v1', 'ControllerRevision'],
  jobs: ['batch/v1', 'Job'],
  cronjobs: ['batch/v1', 'CronJob'],
};

/** what is not the object's "spec" (a ControllerRevision's data is, as a Pod's spec) */
const TOP = new Set(['apiVersion', 'kind', 'metadata', 'status']);

const status = (code: number, reason: string, message: string) => new ApiError(code, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code, reason, message }, message);

/** The patches controllers send: claiming's ownerReferences, the Job controller's finalizer removal. */
export interface ControllerPatch {
  metadata: { uid?: string; ownerReferences?: (OwnerReference | { $patch: 'delete'; uid: string })[]; '$deleteFromPrimitiveList/finalizers'?: string[] };
}

export class FakeApi {
  readonly objects = new Map<string, KubeObject>();
  /** `verb resource/name`, in order (namespaces left out: tests use one) */
  readonly writes: string[] = [];
  private rv = 1;
  private seq = 0;
  /** the clock creationTimestamps are taken from (tests move it) */
  clock = new Date('2026-01-01T00:00:00Z');
  /** make the next creations of this resource fail with this error */
  failCreate?: { resource: string; error: ApiError };
  /** pods being deleted stay, terminating, until `finishDeletions` (as a kubelet would take its time) */
  gracefulPods = false;

  private key = (res: string, ns: string | undefined, name: string) => `${res}/${ns ?? ''}/${name}`;
  private stamp = () => this.clock.toISOString().replace(/\.\d{3}Z$/, 'Z');

  /** Stores an object as is (a fixture), filling in what the server would. */
  put<T extends KubeObject>(resource: string, o: T): T {
    const [apiVersion, kind] = KINDS[resource];
    const obj = structuredClone({ apiVersion, kind, ...o });
    obj.metadata.uid ??= `uid-${resource}-${String(++this.seq).padStart(6, '0')}`; // in creation order
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
    if (this.failCreate?.resource === res.resource) throw this.failCreate.error;
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
    if (subresource === 'status') {
      next = { ...structuredClone(current), status: structuredClone(obj.status) };
      // a Deployment's status write carries its annotations too (the revision)
      if (res.resource === 'deployments') next.metadata.annotations = structuredClone(obj.metadata.annotations);
    } else {
      next = { ...structuredClone(obj), status: structuredClone(current.status) };
      const spec = (o: KubeObject) => sortedJson(Object.entries(o).filter(([f]) => !TOP.has(f)));
      if (spec(next) !== spec(current)) next.metadata.generation = (current.metadata.generation ?? 1) + 1;
    }
    next.metadata.resourceVersion = current.metadata.resourceVersion;
    if (sortedJson(next) === sortedJson(current)) return structuredClone(current) as T; // a no-op is not written
    next.metadata.resourceVersion = String(++this.rv);
    this.objects.set(k, next);
    this.writes.push(`${subresource === 'status' ? 'status' : 'update'} ${res.resource}/${obj.metadata.name}`);
    return structuredClone(next) as T;
  }

  /** Only the strategic-merge patches controllers send (ControllerPatch). */
  async patch<T extends KubeObject>(res: Resource, ns: string | undefined, name: string, patch: ControllerPatch): Promise<T> {
    const k = this.key(res.resource, ns, name);
    const current = this.objects.get(k);
    if (!current) throw status(404, 'NotFound', `${res.resource} "${name}" not found`);
    if (patch.metadata.uid && patch.metadata.uid !== current.metadata.uid) throw status(409, 'Conflict', 'uid mismatch');
    const next = structuredClone(current);
    if (patch.metadata.ownerReferences) {
      let refs = [...(current.metadata.ownerReferences ?? [])];
      for (const r of patch.metadata.ownerReferences) {
        refs = refs.filter((x) => x.uid !== r.uid);
        if (!('$patch' in r)) refs.push(r);
      }
      if (refs.length) next.metadata.ownerReferences = refs;
      else delete next.metadata.ownerReferences;
    }
    const dropFinalizers = patch.metadata['$deleteFromPrimitiveList/finalizers'];
    if (dropFinalizers) {
      const finalizers = (current.metadata.finalizers ?? []).filter((f) => !dropFinalizers.includes(f));
      if (finalizers.length) next.metadata.finalizers = finalizers;
      else delete next.metadata.finalizers;
    }
    this.writes.push(`patch ${res.resource}/${name}`);
    // the last finalizer of an object being deleted gone: the object goes
    if (dropFinalizers && next.metadata.deletionTimestamp && !next.metadata.finalizers) {
      this.objects.delete(k);
      return next as T;
    }
    next.metadata.resourceVersion = String(++this.rv);
    this.objects.set(k, next);
    return structuredClone(next) as T;
  }

  /** An object with finalizers (or a pod, with `gracefulPods`) is only marked as being deleted. */
  async delete(res: Resource, ns: string | undefined, name: string, opts: { preconditions?: { uid?: string } } = {}): Promise<boolean> {
    const k = this.key(res.resource, ns, name);
    const current = this.objects.get(k);
    if (!current) return false;
    if (opts.preconditions?.uid && opts.preconditions.uid !== current.metadata.uid) throw status(409, 'Conflict', 'precondition failed');
    if (current.metadata.finalizers?.length || (this.gracefulPods && res.resource === 'pods')) {
      if (!current.metadata.deletionTimestamp) this.put(res.resource, { ...current, metadata: { ...current.metadata, deletionTimestamp: this.stamp() } });
    } else this.objects.delete(k);
    this.writes.push(`delete ${res.resource}/${name}`);
    return true;
  }

  /** The kubelets' part: removes the pods left terminating by graceful deletions. */
  finishDeletions(): void {
    for (const [k, o] of this.objects) if (k.startsWith('pods/') && o.metadata.deletionTimestamp) this.objects.delete(k);
  }

  /** The kubelet's part: the pod Running and Ready (or not), or in another phase. */
  setPodPhase(ns: string, name: string, phase: string, ready = phase === 'Running'): void {
    const p = this.one<KubeObject & { status?: unknown }>('pods', ns, name);
    if (!p) throw new Error(`no pod ${name}`);
    const conditions = [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: this.stamp() }];
    this.put('pods', { ...p, status: { phase, conditions } });
  }

  /** The kubelet's part: the pod ends with this phase, its containers terminated with `code`. */
  finishPod(ns: string, name: string, phase: 'Succeeded' | 'Failed', code = phase === 'Succeeded' ? 0 : 1): void {
    const p = this.one<Pod>('pods', ns, name);
    if (!p) throw new Error(`no pod ${name}`);
    const finishedAt = this.stamp();
    p.status = { phase, containerStatuses: (p.spec?.containers ?? []).map((c) => ({ name: c.name, state: { terminated: { exitCode: code, finishedAt } } })) } as Pod['status'];
    this.put('pods', p);
  }
}

export interface FakeContext extends ControllerContext {
  /** `Type Reason Kind/name: message`, in order */
  recorded: string[];
  requeued: [key: string, seconds: number][];
}

let contexts = 0;

export function fakeContext(api: FakeApi, now = () => api.clock): FakeContext {
  const recorded: string[] = [];
  const requeued: [string, number][] = [];
  const event = (type: string) => async (obj: KubeObject, reason: string, message: string) => void recorded.push(`${type} ${reason} ${obj.kind}/${obj.metadata.name}: ${message}`);
  return {
    cluster: `test-${++contexts}`, // requeueAt remembers per cluster: keep tests apart
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
