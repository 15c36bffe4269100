/**
 * A ControllerContext over an in-memory API, for unit tests of the scheduler and the node
 * lifecycle controllers: just the calls they make (get, list with the field selectors they use,
 * update, status patches of conditions, pods/binding, delete), every write recorded.
 */
import type { Node, Taint } from '../../../lib/api/core/node.ts';
import type { Pod, PodSpec } from '../../../lib/api/core/pod.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { ApiError, type ApiClient, type ListOptions } from '../../../lib/client/client.ts';
import type { Resource } from '../../../lib/client/resources.ts';
import type { ControllerContext, Settings } from '../framework/controller.ts';

export interface Recorded {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  object: string;
}

export interface FakeContext extends ControllerContext {
  objects: Map<string, KubeObject>;
  writes: string[];
  recorded: Recorded[];
  requeued: { key: string; seconds: number }[];
  clock: { now: number };
  put(resource: string, obj: KubeObject): void;
  obj<T extends KubeObject>(resource: string, key: string): T | undefined;
}

const clone = <T>(o: T): T => structuredClone(o);
const keyOf = (ns: string | undefined, name: string) => (ns ? `${ns}/${name}` : name);
const fail = (code: number, message: string) => new ApiError(code, { kind: 'Status', apiVersion: 'v1', status: 'Failure', message, code } as never, message);

function field(o: KubeObject, path: string): string {
  let v: unknown = o;
  for (const p of path.split('.')) v = (v as Record<string, unknown> | undefined)?.[p];
  return v === undefined || v === null ? '' : String(v);
}

function selected(o: KubeObject, selector: string | undefined): boolean {
  if (!selector) return true;
  return selector.split(',').every((term) => {
    const m = /^([^!=]+)(!=|=)(.*)$/.exec(term)!;
    const v = field(o, m[1]);
    return m[2] === '=' ? v === m[3] : v !== m[3];
  });
}

export function fakeContext(settings: Partial<Settings> = {}, start = Date.parse('2026-01-01T00:00:00Z')): FakeContext {
  const objects = new Map<string, KubeObject>();
  const writes: string[] = [];
  const recorded: Recorded[] = [];
  const requeued: { key: string; seconds: number }[] = [];
  const clock = { now: start };
  let rv = 100;
  const at = (res: Resource | string, ns: string | undefined, name: string) => `${typeof res === 'string' ? res : res.resource}:${keyOf(ns, name)}`;
  const store = (res: Resource | string, o: KubeObject) => {
    const next = clone(o);
    next.metadata.resourceVersion = String(++rv);
    objects.set(at(res, next.metadata.namespace, next.metadata.name!), next);
    return clone(next);
  };
  const must = (res: Resource, ns: string | undefined, name: string) => {
    const o = objects.get(at(res, ns, name));
    if (!o) throw fail(404, `${res.resource} "${name}" not found`);
    return o;
  };

  const api = {
    async get(res: Resource, ns: string | undefined, name: string) {
      const o = objects.get(at(res, ns, name));
      return o && clone(o);
    },
    async list(res: Resource, opts: ListOptions = {}) {
      const items = [...objects.entries()]
        .filter(([k, o]) => k.startsWith(`${res.resource}:`) && (!opts.namespace || o.metadata.namespace === opts.namespace) && selected(o, opts.fieldSelector))
        .map(([, o]) => clone(o));
      return { items, resourceVersion: String(rv) };
    },
    async update(res: Resource, o: KubeObject, sub?: string) {
      const cur = must(res, o.metadata.namespace, o.metadata.name!);
      if (o.metadata.resourceVersion && o.metadata.resourceVersion !== cur.metadata.resourceVersion) throw fail(409, 'conflict');
      writes.push(`update ${res.resource}${sub ? `/${sub}` : ''} ${keyOf(o.metadata.namespace, o.metadata.name!)}`);
      const next = sub === 'status' ? { ...cur, status: o.status } : { ...o, status: cur.status };
      return store(res, next as KubeObject);
    },
    async patch(res: Resource, ns: string | undefined, name: string, patch: { status?: { conditions?: { type: string }[] } }, type: string, sub?: string) {
      const cur = clone(must(res, ns, name)) as KubeObject & { status?: { conditions?: { type: string }[] } };
      if (type !== 'strategic' || sub !== 'status') throw new Error(`fake api: unsupported patch ${type} ${sub}`);
      writes.push(`patch ${res.resource}/status ${keyOf(ns, name)}`);
      const conditions = [...(cur.status?.conditions ?? [])];
      for (const c of patch.status?.conditions ?? []) {
        const i = conditions.findIndex((x) => x.type === c.type);
        if (i < 0) conditions.push(c);
        else conditions[i] = { ...conditions[i], ...c };
      }
      cur.status = { ...cur.status, conditions };
      return store(res, cur);
    },
    async post(res: Resource, ns: string | undefined, name: string, sub: string, body: { target: { name: string } }) {
      if (sub !== 'binding') throw new Error(`fake api: unsupported subresource ${sub}`);
      const cur = clone(must(res, ns, name)) as KubeObject & { spec: { nodeName?: string } };
      if (cur.spec.nodeName) throw fail(409, `pod ${name} is already assigned to node "${cur.spec.nodeName}"`);
      writes.push(`bind ${keyOf(ns, name)} ${body.target.name}`);
      cur.spec.nodeName = body.target.name;
      store(res, cur);
      return {};
    },
    async delete(res: Resource, ns: string | undefined, name: string) {
      const cur = objects.get(at(res, ns, name));
      if (!cur) return false;
      writes.push(`delete ${res.resource} ${keyOf(ns, name)}`);
      store(res, { ...cur, metadata: { ...cur.metadata, deletionTimestamp: new Date(clock.now).toISOString() } });
      return true;
    },
  };

  const record = (type: Recorded['type']) => async (o: KubeObject, reason: string, message: string) => {
    recorded.push({ type, reason, message, object: keyOf(o.metadata.namespace, o.metadata.name!) });
  };
  return {
    api: api as unknown as ApiClient,
    shared: api as unknown as ApiClient,
    events: { normal: record('Normal'), warning: record('Warning'), flush: async () => {} },
    requeue: async (key, seconds) => {
      requeued.push({ key, seconds });
    },
    settings: { nodeMonitorGraceSeconds: 50, ...settings },
    now: () => new Date(clock.now),
    objects,
    writes,
    recorded,
    requeued,
    clock,
    put: (resource, o) => void store(resource, o),
    obj: <T extends KubeObject>(resource: string, key: string) => {
      const o = objects.get(`${resource}:${key}`);
      return o && (clone(o) as T);
    },
  };
}

/** A Ready node with the given allocatable (cpu 4, memory 8Gi, 110 pods unless said). */
export function makeNode(name: string, o: { cpu?: string; memory?: string; pods?: string; labels?: Record<string, string>; taints?: Taint[]; ready?: 'True' | 'False' | 'Unknown' | null; unschedulable?: boolean } = {}): Node {
  const allocatable = { cpu: o.cpu ?? '4', memory: o.memory ?? '8Gi', pods: o.pods ?? '110' };
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, uid: `uid-${name}`, labels: { 'kubernetes.io/hostname': name, ...o.labels }, creationTimestamp: '2026-01-01T00:00:00Z' },
    spec: { taints: o.taints, unschedulable: o.unschedulable },
    status: {
      capacity: allocatable,
      allocatable,
      conditions: o.ready === null ? [] : [{ type: 'Ready', status: o.ready ?? 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: '2026-01-01T00:00:00Z', lastTransitionTime: '2026-01-01T00:00:00Z' }],
    },
  };
}

let seq = 0;
/** A pending pod in namespace `ns` (default), one container with the given requests. */
export function makePod(name: string, o: { ns?: string; cpu?: string; memory?: string; node?: string; owner?: string; priority?: number; spec?: Partial<PodSpec>; labels?: Record<string, string> } = {}): Pod {
  const requests: Record<string, string> = {};
  if (o.cpu) requests.cpu = o.cpu;
  if (o.memory) requests.memory = o.memory;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: o.ns ?? 'default',
      uid: `uid-${name}`,
      labels: o.labels,
      creationTimestamp: new Date(Date.parse('2026-01-01T00:00:00Z') + seq++ * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      ownerReferences: o.owner ? [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: o.owner, uid: `uid-${o.owner}`, controller: true }] : undefined,
    },
    spec: {
      containers: [{ name: 'c', image: 'nginx', resources: { requests } }],
      schedulerName: 'default-scheduler',
      priority: o.priority ?? 0,
      nodeName: o.node,
      ...o.spec,
    },
    status: { phase: o.node ? 'Running' : 'Pending' },
  };
}
