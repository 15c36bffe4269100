/**
 * An in-memory API for the batch controllers' unit tests: pods, jobs and cronjobs with uids,
 * resourceVersions, generateName, label-selector lists, conditional status writes, the
 * finalizer-removing strategic patch, and deletions that honour finalizers and preconditions
 * (a pod with finalizers is only marked, as the API server does). Pods are played by the test:
 * `finish(pod, 'Succeeded' | 'Failed', exitCode)`.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { ApiError, type ApiClient, type List, type ListOptions } from '../../../lib/client/client.ts';
import type { Resource } from '../../../lib/client/resources.ts';
import { matches, parseLabelSelector } from '../../../lib/selectors/label.ts';
import type { ControllerContext } from '../framework/controller.ts';

const KINDS: Record<string, [string, string]> = { pods: ['v1', 'Pod'], jobs: ['batch/v1', 'Job'], cronjobs: ['batch/v1', 'CronJob'] };
const fail = (code: number, reason: string, message: string) => new ApiError(code, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code, reason, message }, message);
const ts = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export class FakeBatchApi {
  readonly objects = new Map<string, KubeObject>();
  readonly writes: string[] = [];
  clock = new Date('2026-01-01T00:00:00Z');
  private rv = 1;
  private seq = 0;

  private key = (res: string, ns: string | undefined, name: string) => `${res}/${ns ?? ''}/${name}`;

  put<T extends KubeObject>(resource: string, o: T): T {
    const [apiVersion, kind] = KINDS[resource];
    const obj = structuredClone({ apiVersion, kind, ...o });
    obj.metadata.uid ??= `uid-${resource}-${++this.seq}`;
    obj.metadata.creationTimestamp ??= ts(this.clock);
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

  /** The kubelet's part: the pod ends with this phase (containers terminated with `code`). */
  finish(name: string, ns: string, phase: 'Succeeded' | 'Failed', code = phase === 'Succeeded' ? 0 : 1): void {
    const p = this.one<Pod>('pods', ns, name)!;
    const finishedAt = ts(this.clock);
    p.status = { phase, containerStatuses: (p.spec?.containers ?? []).map((c) => ({ name: c.name, state: { terminated: { exitCode: code, finishedAt } } })) } as Pod['status'];
    this.put('pods', p);
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
    const o = structuredClone(obj);
    o.metadata.namespace = ns;
    if (!o.metadata.name && o.metadata.generateName) o.metadata.name = `${o.metadata.generateName}${(++this.seq).toString(36).padStart(5, 'x')}`;
    if (this.objects.has(this.key(res.resource, ns, o.metadata.name!))) throw fail(409, 'AlreadyExists', `${res.resource} "${o.metadata.name}" already exists`);
    this.writes.push(`create ${res.resource}/${o.metadata.name}`);
    return this.put(res.resource, o) as T;
  }

  async update<T extends KubeObject>(res: Resource, obj: T, subresource?: string): Promise<T> {
    const k = this.key(res.resource, obj.metadata.namespace, obj.metadata.name!);
    const current = this.objects.get(k);
    if (!current) throw fail(404, 'NotFound', 'not found');
    if (obj.metadata.resourceVersion && obj.metadata.resourceVersion !== current.metadata.resourceVersion) throw fail(409, 'Conflict', 'the object has been modified');
    const next = subresource === 'status' ? { ...structuredClone(current), status: structuredClone(obj.status) } : { ...structuredClone(obj), status: structuredClone(current.status) };
    this.writes.push(`${subresource ?? 'update'} ${res.resource}/${obj.metadata.name}`);
    return this.put(res.resource, next as KubeObject) as unknown as T;
  }

  /** Only the finalizer removal the Job controller sends. */
  async patch<T extends KubeObject>(res: Resource, ns: string | undefined, name: string, patch: { metadata: { uid?: string; '$deleteFromPrimitiveList/finalizers'?: string[] } }): Promise<T> {
    const current = this.one<KubeObject>(res.resource, ns ?? '', name);
    if (!current) throw fail(404, 'NotFound', 'not found');
    if (patch.metadata.uid && patch.metadata.uid !== current.metadata.uid) throw fail(409, 'Conflict', 'uid mismatch');
    const drop = new Set(patch.metadata['$deleteFromPrimitiveList/finalizers'] ?? []);
    const finalizers = (current.metadata.finalizers ?? []).filter((f) => !drop.has(f));
    current.metadata.finalizers = finalizers.length ? finalizers : undefined;
    if (!finalizers.length) delete current.metadata.finalizers;
    this.writes.push(`patch ${res.resource}/${name}`);
    if (current.metadata.deletionTimestamp && !finalizers.length) {
      this.objects.delete(this.key(res.resource, ns, name));
      return current as T;
    }
    return this.put(res.resource, current) as T;
  }

  async delete(res: Resource, ns: string | undefined, name: string, opts: { preconditions?: { uid?: string } } = {}): Promise<boolean> {
    const k = this.key(res.resource, ns, name);
    const current = this.objects.get(k);
    if (!current) return false;
    if (opts.preconditions?.uid && opts.preconditions.uid !== current.metadata.uid) throw fail(409, 'Conflict', 'precondition failed');
    this.writes.push(`delete ${res.resource}/${name}`);
    if (current.metadata.finalizers?.length) {
      if (!current.metadata.deletionTimestamp) this.put(res.resource, { ...current, metadata: { ...current.metadata, deletionTimestamp: ts(this.clock) } });
    } else this.objects.delete(k);
    return true;
  }
}

export interface FakeContext extends ControllerContext {
  recorded: string[];
  requeued: [key: string, seconds: number][];
}

export function fakeContext(api: FakeBatchApi): FakeContext {
  const recorded: string[] = [];
  const requeued: [string, number][] = [];
  const event = (type: string) => async (obj: KubeObject, reason: string, message: string) => void recorded.push(`${type} ${reason} ${obj.kind}/${obj.metadata.name}: ${message}`);
  return {
    cluster: `test-${Math.random()}`, // requeueAt remembers per cluster: keep tests apart
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
