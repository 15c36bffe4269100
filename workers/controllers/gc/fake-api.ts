/**
 * An in-memory stand-in for the ApiClient, for the controllers' unit tests: objects by resource,
 * with the API server's deletion rules (finalizers, propagationPolicy, preconditions → 409) and
 * JSON merge patches conditional on metadata.resourceVersion / uid. Records every write.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { ApiError, type ApiClient, type DeleteOptions, type ListOptions } from '../../../lib/client/client.ts';
import type { Resource } from '../../../lib/client/resources.ts';
import type { GroupDiscoveryList } from './resources.ts';
import { fromLabelSelector, matches, parseLabelSelector } from '../../../lib/selectors/label.ts';

export interface Write {
  verb: 'create' | 'update' | 'patch' | 'delete';
  resource: string;
  namespace?: string;
  name: string;
  body?: unknown;
}

const keyOf = (res: Resource, ns: string | undefined, name: string) => `${res.group}/${res.resource}/${res.namespaced ? (ns ?? '') : ''}/${name}`;
const conflict = (what: string) => new ApiError(409, undefined, `409 ${what}`);
const gone = (what: string) => new ApiError(404, undefined, `404 ${what}`);

function mergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out: Record<string, unknown> = target && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

export class FakeApi {
  readonly objects = new Map<string, KubeObject>();
  readonly writes: Write[] = [];
  private rev = 1;
  private uidSeq = 0;
  /** discovery documents, as resources are added */
  private readonly served = new Map<string, { res: Resource; kind: string }>();

  /** Stores an object as if created (uid and resourceVersion filled in). */
  add(res: Resource, kind: string, obj: KubeObject): KubeObject {
    this.served.set(`${res.group}/${res.version}/${res.resource}`, { res, kind });
    const stored = structuredClone(obj);
    stored.metadata.uid ??= `uid-${++this.uidSeq}`;
    stored.metadata.resourceVersion = String(++this.rev);
    this.objects.set(keyOf(res, obj.metadata.namespace, obj.metadata.name!), stored);
    return stored;
  }

  find(res: Resource, ns: string | undefined, name: string): KubeObject | undefined {
    return this.objects.get(keyOf(res, ns, name));
  }

  /** This fake as the client type the controllers take. */
  client(): ApiClient {
    return this as unknown as ApiClient;
  }

  /** discovery as the aggregated documents of `/api` and `/apis`: the kinds added so far */
  async request(_method: string, path: string): Promise<Response> {
    const groups = new Map<string, GroupDiscoveryList['items'][number]>();
    for (const { res, kind } of this.served.values()) {
      if ((path === '/api') !== (res.group === '')) continue;
      const group = groups.get(res.group) ?? { metadata: { name: res.group }, versions: [{ version: res.version, resources: [] }] };
      groups.set(res.group, group);
      group.versions[0].resources.push({ resource: res.resource, responseKind: { kind }, scope: res.namespaced ? 'Namespaced' : 'Cluster', verbs: ['list', 'get', 'delete'] });
    }
    return Response.json({ kind: 'APIGroupDiscoveryList', items: [...groups.values()] } satisfies GroupDiscoveryList & { kind: string });
  }

  async get<T extends KubeObject>(res: Resource, ns: string | undefined, name: string): Promise<T | undefined> {
    return structuredClone(this.find(res, ns, name)) as T | undefined;
  }

  async list<T extends KubeObject>(res: Resource, opts: ListOptions = {}): Promise<{ items: T[]; resourceVersion: string }> {
    const prefix = `${res.group}/${res.resource}/`;
    const sel = opts.labelSelector ? parseLabelSelector(opts.labelSelector) : fromLabelSelector({});
    const items = [...this.objects.entries()]
      .filter(([k, o]) => k.startsWith(prefix) && (!opts.namespace || o.metadata.namespace === opts.namespace) && matches(sel, o.metadata.labels))
      .map(([, o]) => structuredClone(o) as T);
    return { items, resourceVersion: String(this.rev) };
  }

  async create<T extends KubeObject>(res: Resource, ns: string | undefined, obj: T): Promise<T> {
    const o = structuredClone(obj);
    o.metadata.namespace = ns;
    if (!o.metadata.name && o.metadata.generateName) o.metadata.name = `${o.metadata.generateName}${String(++this.uidSeq).padStart(5, 'x')}`;
    if (this.find(res, ns, o.metadata.name!)) throw conflict(`${o.metadata.name} exists`);
    this.writes.push({ verb: 'create', resource: res.resource, namespace: ns, name: o.metadata.name!, body: obj });
    return this.add(res, (obj.kind as string) ?? '', o) as T;
  }

  async update<T extends KubeObject>(res: Resource, obj: T): Promise<T> {
    const { namespace: ns, name } = obj.metadata;
    const current = this.find(res, ns, name!);
    if (!current) throw gone(name!);
    if (obj.metadata.resourceVersion && obj.metadata.resourceVersion !== current.metadata.resourceVersion) throw conflict(name!);
    this.writes.push({ verb: 'update', resource: res.resource, namespace: ns, name: name!, body: obj });
    return this.store(res, { ...structuredClone(obj), metadata: { ...obj.metadata, uid: current.metadata.uid } }) as T;
  }

  async patch<T extends KubeObject>(res: Resource, ns: string | undefined, name: string, patch: unknown): Promise<T> {
    const current = this.find(res, ns, name);
    if (!current) throw gone(name);
    const meta = (patch as { metadata?: { resourceVersion?: string; uid?: string } }).metadata ?? {};
    if ((meta.resourceVersion && meta.resourceVersion !== current.metadata.resourceVersion) || (meta.uid && meta.uid !== current.metadata.uid)) throw conflict(name);
    this.writes.push({ verb: 'patch', resource: res.resource, namespace: ns, name, body: patch });
    return this.store(res, mergePatch(current, patch) as KubeObject) as T;
  }

  async delete(res: Resource, ns: string | undefined, name: string, opts: DeleteOptions = {}): Promise<boolean> {
    const current = this.find(res, ns, name);
    if (!current) return false;
    const pre = opts.preconditions ?? {};
    if ((pre.uid && pre.uid !== current.metadata.uid) || (pre.resourceVersion && pre.resourceVersion !== current.metadata.resourceVersion)) throw conflict(name);
    this.writes.push({ verb: 'delete', resource: res.resource, namespace: ns, name, body: opts });
    const finalizers = new Set(current.metadata.finalizers ?? []);
    if (opts.propagationPolicy === 'Foreground') finalizers.add('foregroundDeletion');
    if (opts.propagationPolicy === 'Orphan') finalizers.add('orphan');
    if (!finalizers.size) return this.objects.delete(keyOf(res, ns, name));
    this.store(res, { ...current, metadata: { ...current.metadata, finalizers: [...finalizers], deletionTimestamp: current.metadata.deletionTimestamp ?? '2026-01-01T00:00:00Z' } });
    return true;
  }

  /** A write: a deleting object whose last finalizer went is removed. */
  private store(res: Resource, obj: KubeObject): KubeObject {
    const key = keyOf(res, obj.metadata.namespace, obj.metadata.name!);
    if (obj.metadata.deletionTimestamp && !obj.metadata.finalizers?.length) {
      this.objects.delete(key);
      return obj;
    }
    obj.metadata.resourceVersion = String(++this.rev);
    this.objects.set(key, obj);
    return structuredClone(obj);
  }
}
