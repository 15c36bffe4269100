/**
 * Many creates as one write: each object is built exactly as createObject builds it (scope,
 * defaults, mutating admission, uid and creationTimestamp, validation, validating admission, the
 * managedFields entry: the same two halves of store.ts), then all are stored in one transaction
 * (Storage.createMany): all of them or none. What a new cluster's system objects need, ~150
 * objects in one round trip instead of ~150.
 *
 * Admission reads the cluster as the batch will leave it: an overlay answers with the batch's
 * earlier objects (a Role in kube-system finds the kube-system of the same batch) over the
 * storage, whose reads are made once per key or prefix for the whole batch. An admission step
 * that would write (a ResourceQuota charge) cannot be part of the transaction: such a batch is
 * refused before anything is written, and its objects are to be created one by one.
 *
 * `ctx.afterCommit` is called for each object, after the whole batch committed; a caller that
 * announces the batch otherwise (bootstrap.ts: one resync for a new cluster) passes its own.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { alreadyExists, badRequest } from '../../../lib/errors.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { storageKey } from '../registry/index.ts';
import type { ListResult, Storage } from '../storage/types.ts';
import { admittedForCreate, validatedForCreate, type StoreContext } from './store.ts';

export interface NewObject {
  desc: KindDescriptor;
  /** '' for cluster-scoped kinds */
  namespace: string;
  object: KubeObject;
}

/** Thrown when admission would write as part of a batch; the caller creates the objects one by one. */
export class NotBatchable extends Error {}

/** An object of a batch as the create path built it, ready to be stored. */
export interface BuiltObject {
  desc: KindDescriptor;
  key: string;
  /** as the API shows it (not yet converted to its stored shape) */
  object: KubeObject;
}

/** Creates every object or none; returns them as stored (resourceVersions consecutive), in order. */
export async function createObjects(ctx: StoreContext, items: NewObject[]): Promise<KubeObject[]> {
  const built = await buildObjects(ctx, items);
  return ctx.dryRun ? built.map((b) => b.object) : storeObjects(ctx, built);
}

/** The first half of createObjects: every object admitted and validated, nothing written. */
export async function buildObjects(ctx: StoreContext, items: NewObject[]): Promise<BuiltObject[]> {
  const pending = new Map<string, KubeObject>(); // key → object in its stored shape, for admission's reads
  const view: StoreContext = { ...ctx, storage: overlay(ctx.storage, pending) };
  const built: BuiltObject[] = [];
  for (const item of items) {
    const obj = await admittedForCreate(view, item.desc, item.namespace, item.object);
    if (!obj.metadata.name) throw badRequest('a batch of creates cannot generate names');
    await validatedForCreate(view, item.desc, obj);
    const key = storageKey(item.desc, item.namespace, obj.metadata.name);
    if (pending.has(key)) throw alreadyExists({ group: item.desc.group, resource: item.desc.resource }, obj.metadata.name);
    pending.set(key, stored(item.desc, obj));
    built.push({ desc: item.desc, key, object: obj });
  }
  return built;
}

/** The second half: all of `built` in one transaction, or none (409 naming the object found). */
export async function storeObjects(ctx: StoreContext, built: BuiltObject[]): Promise<KubeObject[]> {
  const res = await ctx.storage.createMany(built.map((b) => ({ key: b.key, object: stored(b.desc, b.object) })));
  if (!res.ok) {
    const clash = built.find((b) => b.key === res.key) ?? built[0];
    throw alreadyExists({ group: clash.desc.group, resource: clash.desc.resource }, res.key === undefined ? `(one of ${built.length})` : clash.object.metadata.name!);
  }
  const objects = res.objects.map((o, i) => built[i].desc.storedAs?.fromStorage(o) ?? o);
  objects.forEach((o, i) => ctx.afterCommit(built[i].desc, 'ADDED', o));
  return objects;
}

const stored = (desc: KindDescriptor, obj: KubeObject) => (desc.storedAs ? desc.storedAs.toStorage(obj) : obj);

/**
 * `base` with the batch's objects on top, for admission's reads. Reads of `base` are made once
 * per key and prefix (the batch is one moment); writes are refused (NotBatchable).
 */
function overlay(base: Storage, pending: Map<string, KubeObject>): Storage {
  const gets = new Map<string, Promise<KubeObject | undefined>>();
  const lists = new Map<string, Promise<ListResult>>();
  const refuse = async (): Promise<never> => {
    throw new NotBatchable('admission would write as part of a batch of creates');
  };
  const withRev = (o: KubeObject, rev: number) => ({ ...o, metadata: { ...o.metadata, resourceVersion: String(rev) } });
  let current: Promise<number> | undefined; // the batch's objects read as of the storage's revision, read once
  const currentRev = () => (current ??= base.currentRev());
  return {
    ...base,
    async get(key) {
      const mine = pending.get(key);
      if (mine) return withRev(mine, await currentRev());
      let got = gets.get(key);
      if (!got) gets.set(key, (got = base.get(key)));
      return got;
    },
    async list(prefix, opts = {}) {
      if (opts.rev || opts.after || opts.limit) throw new NotBatchable('admission would page a list during a batch of creates');
      let listed = lists.get(prefix);
      if (!listed) lists.set(prefix, (listed = base.list(prefix)));
      const { items, rev } = await listed;
      const keyOf = (o: KubeObject) => `${prefix}${o.metadata.namespace && !prefix.endsWith(`/${o.metadata.namespace}/`) ? `${o.metadata.namespace}/` : ''}${o.metadata.name}`;
      const merged = new Map(items.map((o) => [keyOf(o), o]));
      for (const [k, o] of pending) if (k.startsWith(prefix)) merged.set(k, withRev(o, rev));
      const all = [...merged].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, o]) => o);
      return { items: opts.filter ? all.filter(opts.filter) : all, rev };
    },
    create: refuse,
    createMany: refuse,
    update: refuse,
    delete: refuse,
    purge: refuse,
    compact: refuse,
  };
}
