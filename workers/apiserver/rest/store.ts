/**
 * The generic store: one create/update/delete path for every kind, calling the kind's descriptor
 * hooks in a fixed order (registry/types.ts), as Kubernetes' generic registry Store does.
 * Storage preconditions make every write optimistic: a write commits only if the object is still
 * at the revision it was read at; internal retries re-read and re-apply (patch), user-supplied
 * resourceVersions surface as 409 Conflict.
 */
import type { KubeObject, ManagedFieldsEntry } from '../../../lib/api/meta.ts';
import { alreadyExists, badRequest, conflict, forbidden, invalid, notFound, StatusError, type FieldError } from '../../../lib/errors.ts';
import type { ConversionReach, KindDescriptor } from '../registry/types.ts';
import { storageKey } from '../registry/index.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../registry/validation.ts';
import { recordUpdate } from '../fieldmanager/index.ts';
import { shape } from '../../../lib/schema/walk.ts';
import type { Storage, WriteResult } from '../storage/types.ts';
import { convertingStorage } from '../storage/converting.ts';
import type { UserInfo } from '../auth/authn.ts';
import type { Authorizer } from '../auth/authz.ts';
import { admitCreate, admitDelete, admitDeleteRequest, admitUpdate, validateCreate, validateUpdate, type AdmissionContext } from '../admission/index.ts';
import type { WebhookAttributes } from '../admission/webhooks/index.ts';
import type { WebhookBindings } from '../admission/webhooks/types.ts';
import { forgetNamespace } from '../admission/namespace-lifecycle.ts';
import { clone, generatedName, jsonEqual, keepOnUpdate, rfc3339, wipeForCreate, withoutVolatile } from './meta.ts';

export interface StoreContext {
  storage: Storage;
  cluster: string;
  user: UserInfo;
  /** managedFields manager of this request */
  manager: string;
  dryRun: boolean;
  now(): Date;
  /** the service ClusterIP range, for the allocator (default 10.96.0.0/12) */
  serviceClusterIPRange?: string;
  /** the request's authorizer (RBAC escalation checks ask it for `bind` and `escalate`) */
  authorizer?: Authorizer;
  /** the request as admission webhooks see it (handlers/store-context.ts); none: no webhook is called */
  webhooks?: WebhookAttributes;
  /** how webhooks are reached: a custom resource's conversion webhook is called whoever writes */
  webhookBindings?: WebhookBindings;
  /** called once per committed write (watch hub poke, controller queue); `previous`, when known, is the object the write replaced */
  afterCommit(desc: KindDescriptor, type: 'ADDED' | 'MODIFIED' | 'DELETED', obj: KubeObject, previous?: KubeObject): void;
}

const gv = (d: KindDescriptor) => (d.group ? `${d.group}/${d.version}` : d.version);
const ref = (d: KindDescriptor) => ({ group: d.group, resource: d.resource });
const rvOf = (o: KubeObject) => Number(o.metadata.resourceVersion ?? 0);
const MAX_GENERATE_ATTEMPTS = 8;

/** What a read needs of a request: its cluster's storage, and how a custom resource's conversion webhook is reached. */
export type ReadContext = ConversionReach;

/** The context's storage as `desc` sees it (converted for a kind stored as another, or at another version). */
export const storageOf = (ctx: ReadContext, desc: KindDescriptor): Storage => convertingStorage(ctx.storage, desc, ctx);

export async function getObject(ctx: ReadContext, desc: KindDescriptor, namespace: string, name: string): Promise<KubeObject> {
  const obj = await storageOf(ctx, desc).get(storageKey(desc, namespace, name));
  if (!obj) throw notFound(ref(desc), name);
  return obj;
}

/**
 * The object an update conditioned on `resourceVersion` starts from: as of that revision when
 * the isolate holds it, without a read (Storage.getAt), else as stored now.
 */
export async function getObjectAt(ctx: ReadContext, desc: KindDescriptor, namespace: string, name: string, resourceVersion: string): Promise<KubeObject> {
  const rev = Number(resourceVersion);
  const key = storageKey(desc, namespace, name);
  const obj = await (Number.isSafeInteger(rev) && rev > 0 ? storageOf(ctx, desc).getAt(key, rev) : storageOf(ctx, desc).get(key));
  if (!obj) throw notFound(ref(desc), name);
  return obj;
}

function throwInvalid(desc: KindDescriptor, obj: KubeObject, errors: FieldError[]) {
  if (errors.length) throw invalid(desc, obj.metadata.name ?? obj.metadata.generateName ?? '', errors);
}

/** Sets apiVersion/kind and checks the body's namespace against the URL's. */
function placeInScope(desc: KindDescriptor, obj: KubeObject, namespace: string): void {
  obj.apiVersion = gv(desc);
  obj.kind = desc.kind;
  obj.metadata ??= {};
  if (desc.namespaced) {
    if (obj.metadata.namespace && obj.metadata.namespace !== namespace)
      throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
    obj.metadata.namespace = namespace;
  } else delete obj.metadata.namespace;
}

/** `managedFields`: already computed by server-side apply; otherwise recorded as an Update. */
export async function createObject(ctx: StoreContext, desc: KindDescriptor, namespace: string, input: KubeObject, managedFields?: ManagedFieldsEntry[]): Promise<KubeObject> {
  const obj = await admittedForCreate(ctx, desc, namespace, input);
  const generate = !obj.metadata.name && !!obj.metadata.generateName;
  for (let attempt = 1; ; attempt++) {
    if (generate) obj.metadata.name = generatedName(obj.metadata.generateName!);
    await validatedForCreate(ctx, desc, obj, managedFields);
    if (ctx.dryRun) return obj;
    const res = await storageOf(ctx, desc).create(storageKey(desc, namespace, obj.metadata.name!), obj);
    if (res.ok) {
      ctx.afterCommit(desc, 'ADDED', res.object);
      return res.object;
    }
    if (!generate || attempt >= MAX_GENERATE_ATTEMPTS) {
      const err = alreadyExists(ref(desc), obj.metadata.name!);
      if (res.current?.metadata.deletionTimestamp) err.status.message = `object is being deleted: ${err.status.message}`;
      if (generate) {
        err.status.message += ', the server was not able to generate a unique name for the object';
        err.status.details!.retryAfterSeconds = 1;
      }
      throw err;
    }
  }
}

/**
 * A create's first half, shared with batch creates (batch-create.ts): a copy of `input` in scope,
 * defaulted, wiped of what clients may not set, admitted (mutating admission), with its uid and
 * creationTimestamp; its name may still be to generate.
 */
export async function admittedForCreate(ctx: StoreContext, desc: KindDescriptor, namespace: string, input: KubeObject): Promise<KubeObject> {
  const obj = clone(input);
  placeInScope(desc, obj, namespace);
  const rv = obj.metadata.resourceVersion;
  // Kubernetes answers this with a reasonless 500 (a storage error it does not translate); it is
  // the client's mistake, so a 400 with the same words
  if (rv && rv !== '0') throw badRequest('resourceVersion should not be set on objects to be created');
  desc.defaults?.(obj);
  wipeForCreate(obj.metadata);
  if (desc.generation) obj.metadata.generation = 1;
  await admitCreate(admissionContext(ctx), desc, obj);
  obj.metadata.uid = crypto.randomUUID();
  obj.metadata.creationTimestamp = rfc3339(ctx.now());
  desc.prepareForCreate?.(obj);
  return obj;
}

/** A create's second half, once named: validation, validating admission, the managedFields entry. */
export async function validatedForCreate(ctx: StoreContext, desc: KindDescriptor, obj: KubeObject, managedFields?: ManagedFieldsEntry[]): Promise<void> {
  throwInvalid(desc, obj, [...validateObjectMeta(obj, { namespaced: desc.namespaced, nameRule: desc.nameRule, isCreate: true }), ...(desc.validate?.(obj) ?? []), ...(desc.validateCreate?.(obj) ?? [])]);
  await validateCreate(admissionContext(ctx), desc, obj);
  obj.metadata.managedFields = managedFields ?? managedFieldsFor(ctx, desc, undefined, obj);
}

function managedFieldsFor(ctx: StoreContext, desc: KindDescriptor, live: KubeObject | undefined, updated: KubeObject, subresource?: string): ManagedFieldsEntry[] {
  return recordUpdate({ live, updated, schema: desc.schema, manager: ctx.manager, apiVersion: gv(desc), subresource, now: ctx.now(), resetFields: resetFields(desc, subresource) });
}

/**
 * The fields a write through this endpoint cannot set, so nobody comes to own them there: the
 * status fields on the main resource, everything else on /status.
 */
export function resetFields(desc: KindDescriptor, subresource?: string): string[][] | undefined {
  if (!desc.subresources?.status) return undefined;
  const status = desc.statusFields ?? ['status'];
  if (subresource !== 'status') return status.map((f) => [f]);
  const top = shape(desc.schema);
  const fields = top.kind === 'object' ? Object.keys(top.entries) : [];
  return fields.filter((f) => !status.includes(f) && f !== 'apiVersion' && f !== 'kind' && f !== 'metadata').map((f) => [f]);
}

export interface UpdateOptions {
  /** 'status' or 'scale' writes go through the status rules / record that subresource */
  subresource?: string;
  /** managedFields already computed (server-side apply) */
  managedFields?: ManagedFieldsEntry[];
  /** `current` may be older than the stored object (getObjectAt): a no-op is answered from a fresh read */
  unconfirmed?: boolean;
}

/**
 * Writes `next` over `current` (both full objects; `current` as read, with its resourceVersion).
 * Returns the stored object, or the current one when nothing changed. Throws 409 on a lost race;
 * callers that own the read (patch) retry on `isRaceLost`.
 */
export async function updateObject(ctx: StoreContext, desc: KindDescriptor, current: KubeObject, input: KubeObject, opts: UpdateOptions = {}): Promise<KubeObject> {
  let obj = clone(input);
  const namespace = current.metadata.namespace ?? '';
  const name = current.metadata.name!;
  placeInScope(desc, obj, namespace);
  if (obj.metadata.name !== name) throw badRequest(`the name of the object (${obj.metadata.name ?? ''}) does not match the name on the URL (${name})`);
  if (obj.metadata.uid && obj.metadata.uid !== current.metadata.uid)
    throw conflict(ref(desc), name, `StorageError: invalid object, Code: 4, Key: ${storageKey(desc, namespace, name)}, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: ${obj.metadata.uid}, UID in object meta: ${current.metadata.uid}`);
  const userRv = obj.metadata.resourceVersion;
  if (userRv && userRv !== current.metadata.resourceVersion) throw conflict(ref(desc), name);

  desc.defaults?.(obj);
  keepOnUpdate(obj.metadata, current.metadata);
  // omitempty lists, as Go drops them: a patch that removes the last owner leaves none, not []
  for (const k of ['ownerReferences', 'finalizers'] as const) if (obj.metadata[k]?.length === 0) delete obj.metadata[k];
  await admitUpdate(admissionContext(ctx, opts.subresource), desc, obj, current);
  const statusFields = desc.statusFields ?? ['status'];
  // a write through another whole-object subresource (pods/ephemeralcontainers) has its own rules
  const other = opts.subresource ? desc.subresourceUpdates?.[opts.subresource] : undefined;
  if (opts.subresource === 'status') {
    if (desc.prepareForStatusUpdate) desc.prepareForStatusUpdate(obj, current);
    else {
      // a status write changes only the status fields; everything else stays as live
      const incoming = obj;
      obj = clone(current);
      for (const f of statusFields) obj[f] = incoming[f];
    }
  } else if (other) other.prepare(obj, current);
  else if (desc.prepareForUpdate) desc.prepareForUpdate(obj, current);
  else if (desc.subresources?.status) for (const f of statusFields) obj[f] = clone(current[f]);

  // status writes never bump generation (Kubernetes' status strategies keep it)
  if (desc.generation && opts.subresource !== 'status' && specChanged(desc, obj, current)) obj.metadata.generation = (current.metadata.generation ?? 0) + 1;

  throwInvalid(desc, obj, [
    ...validateObjectMeta(obj, { namespaced: desc.namespaced, nameRule: desc.nameRule, isCreate: false }),
    ...validateObjectMetaUpdate(obj, current),
    ...(desc.validate?.(obj) ?? []),
    ...((other ? other.validate(obj, current) : desc.validateUpdate?.(obj, current)) ?? []),
  ]);
  await validateUpdate(admissionContext(ctx, opts.subresource), desc, obj, current);

  // a no-op is not written (Kubernetes compares the bytes): an apply is one when neither the object
  // nor its managers changed
  const sameManagers = !opts.managedFields || jsonEqual(opts.managedFields, current.metadata.managedFields ?? []);
  if (jsonEqual(withoutVolatile(obj), withoutVolatile(current)) && sameManagers) return opts.unconfirmed ? confirmed(ctx, desc, current) : current;
  obj.metadata.managedFields = opts.managedFields ?? managedFieldsFor(ctx, desc, current, obj, opts.subresource);

  // the update that empties the finalizers of a deleting object completes its deletion
  const m = obj.metadata;
  if (m.deletionTimestamp && !m.finalizers?.length && !m.deletionGracePeriodSeconds) {
    if (ctx.dryRun) return obj;
    return commitDelete(ctx, desc, current);
  }
  if (ctx.dryRun) return obj;
  const res = await storageOf(ctx, desc).update(storageKey(desc, namespace, name), obj, rvOf(current));
  return committed(ctx, desc, res, name, 'MODIFIED', current);
}

function specChanged(desc: KindDescriptor, obj: KubeObject, old: KubeObject): boolean {
  const statusFields = new Set(['apiVersion', 'kind', 'metadata', ...(desc.statusFields ?? ['status'])]);
  const spec = (o: KubeObject) => Object.fromEntries(Object.entries(o).filter(([k]) => !statusFields.has(k)));
  if (!jsonEqual(spec(obj), spec(old))) return true;
  return desc.generation === 'spec+annotations' && !jsonEqual(obj.metadata.annotations ?? {}, old.metadata.annotations ?? {});
}

/** Thrown when a write lost a race against another writer; retryable by the caller that read. */
export class RaceLost extends StatusError {}

/** `current` if it is still the stored object (a no-op needs no write, but must not answer from the past), else a lost race. */
async function confirmed(ctx: StoreContext, desc: KindDescriptor, current: KubeObject): Promise<KubeObject> {
  const latest = await getObject(ctx, desc, current.metadata.namespace ?? '', current.metadata.name!);
  if (latest.metadata.resourceVersion !== current.metadata.resourceVersion) throw new RaceLost(conflict(ref(desc), current.metadata.name!).status);
  return latest;
}

/**
 * How long a read-modify-write keeps retrying. Kubernetes' GuaranteedUpdate retries without a
 * count, bounded by the request's deadline: each lost race means another write committed, so a
 * handful of concurrent writers always get through (a count of 5 made the 6th of 20 concurrent
 * patches a 409 the client never asked for).
 */
const RETRY_FOR_MS = 30_000;

/** Re-runs a read-modify-write that lost a race, unless the client pinned the version itself. */
export async function retrying<T>(attempt: () => Promise<T>, pinned = false): Promise<T> {
  const deadline = Date.now() + RETRY_FOR_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (e) {
      if (!(e instanceof RaceLost) || pinned || Date.now() > deadline) throw e;
    }
  }
}

function committed(ctx: StoreContext, desc: KindDescriptor, res: WriteResult, name: string, type: 'MODIFIED' | 'DELETED', previous?: KubeObject): KubeObject {
  if (res.ok) {
    ctx.afterCommit(desc, type, res.object, previous);
    return res.object;
  }
  if (res.reason === 'not-found') throw notFound(ref(desc), name);
  throw new RaceLost(conflict(ref(desc), name).status);
}

async function commitDelete(ctx: StoreContext, desc: KindDescriptor, current: KubeObject): Promise<KubeObject> {
  const res = await storageOf(ctx, desc).delete(storageKey(desc, current.metadata.namespace ?? '', current.metadata.name!), rvOf(current));
  return committed(ctx, desc, res, current.metadata.name!, 'DELETED');
}

export interface DeleteOptions {
  gracePeriodSeconds?: number;
  propagationPolicy?: 'Orphan' | 'Background' | 'Foreground';
  orphanDependents?: boolean;
  preconditions?: { uid?: string; resourceVersion?: string };
}

/** The namespaces Kubernetes refuses to delete. */
const PROTECTED_NAMESPACES = new Set(['default', 'kube-system', 'kube-public']);

/**
 * Deletes, or marks for deletion (graceful pods, finalizers, namespaces). Returns the object and
 * whether it is gone (the handler answers with a Status or the object accordingly).
 */
export async function deleteObject(ctx: StoreContext, desc: KindDescriptor, namespace: string, name: string, opts: DeleteOptions): Promise<{ object: KubeObject; gone: boolean }> {
  const admission = admissionContext(ctx);
  for (;;) {
    const current = await getObject(ctx, desc, namespace, name);
    admitDeleteRequest(admission, desc, current);
    const pre = opts.preconditions ?? {};
    const quirk = { group: '', resource: desc.kind }; // Kubernetes names the Kind here
    if (pre.uid && pre.uid !== current.metadata.uid)
      throw conflict(quirk, name, `the UID in the precondition (${pre.uid}) does not match the UID in record (${current.metadata.uid}). The object might have been deleted and then recreated`);
    if (pre.resourceVersion && pre.resourceVersion !== current.metadata.resourceVersion)
      throw conflict(quirk, name, `the ResourceVersion in the precondition (${pre.resourceVersion}) does not match the ResourceVersion in record (${current.metadata.resourceVersion}). The object might have been modified`);
    await admitDelete(admission, desc, current, opts);
    try {
      return await deleteOnce(ctx, desc, current, opts);
    } catch (e) {
      if (e instanceof RaceLost) continue;
      throw e;
    }
  }
}

async function deleteOnce(ctx: StoreContext, desc: KindDescriptor, current: KubeObject, opts: DeleteOptions): Promise<{ object: KubeObject; gone: boolean }> {
  const name = current.metadata.name!;
  const now = ctx.now();
  const next = clone(current);
  const m = next.metadata;

  if (desc.group === '' && desc.resource === 'namespaces') {
    if (PROTECTED_NAMESPACES.has(name)) throw forbidden(ref(desc), name, 'this namespace may not be deleted');
    forgetNamespace(ctx.storage, name);
    // the namespace controller finalizes (empties spec.finalizers) once the namespace is empty
    const finalized = !(next.spec as { finalizers?: string[] } | undefined)?.finalizers?.length && !m.finalizers?.length;
    if (m.deletionTimestamp && finalized) return { object: ctx.dryRun ? current : await commitDelete(ctx, desc, current), gone: true };
    if (m.deletionTimestamp) return { object: current, gone: false };
    m.deletionTimestamp = rfc3339(now);
    m.deletionGracePeriodSeconds = 0;
    next.status = { ...(next.status as object), phase: 'Terminating' };
    return { object: await markDeleting(ctx, desc, current, next), gone: false };
  }

  const finalizers = new Set(m.finalizers ?? []);
  if (opts.propagationPolicy === 'Foreground') finalizers.add('foregroundDeletion');
  if (opts.propagationPolicy === 'Orphan' || opts.orphanDependents === true) finalizers.add('orphan');

  // graceful pod deletion: the node's agent stops the containers, then deletes with grace 0
  const grace = podGracePeriod(desc, current, opts.gracePeriodSeconds);
  if (grace > 0) {
    const deadline = new Date(now.getTime() + grace * 1000);
    if (m.deletionTimestamp && (m.deletionGracePeriodSeconds ?? 0) <= grace && finalizers.size === (m.finalizers?.length ?? 0))
      return { object: current, gone: false }; // a later DELETE may only shorten the grace period
    m.deletionTimestamp = rfc3339(deadline);
    m.deletionGracePeriodSeconds = grace;
    if (finalizers.size) m.finalizers = [...finalizers];
    return { object: await markDeleting(ctx, desc, current, next), gone: false };
  }
  if (finalizers.size) {
    if (m.deletionTimestamp && finalizers.size === (m.finalizers?.length ?? 0)) return { object: current, gone: false };
    m.deletionTimestamp ??= rfc3339(now);
    m.deletionGracePeriodSeconds = 0;
    m.finalizers = [...finalizers];
    return { object: await markDeleting(ctx, desc, current, next), gone: false };
  }
  if (ctx.dryRun) return { object: current, gone: true };
  return { object: await commitDelete(ctx, desc, current), gone: true };
}

function podGracePeriod(desc: KindDescriptor, pod: KubeObject, requested: number | undefined): number {
  if (desc.group !== '' || desc.resource !== 'pods') return 0;
  const spec = (pod.spec ?? {}) as { nodeName?: string; terminationGracePeriodSeconds?: number };
  const phase = (pod.status as { phase?: string } | undefined)?.phase;
  if (!spec.nodeName || phase === 'Succeeded' || phase === 'Failed') return 0;
  const grace = requested ?? spec.terminationGracePeriodSeconds ?? 30;
  return grace < 0 ? 1 : grace;
}

/**
 * namespaces/<name>/finalize: the namespace controller clears spec.finalizers once the namespace
 * is empty; a deleting namespace with no finalizers left is then removed.
 */
export async function finalizeNamespace(ctx: StoreContext, desc: KindDescriptor, current: KubeObject, finalizers: string[]): Promise<KubeObject> {
  const next = clone(current);
  next.spec = { ...(next.spec as object), finalizers };
  if (next.metadata.deletionTimestamp && !finalizers.length && !next.metadata.finalizers?.length) return ctx.dryRun ? next : commitDelete(ctx, desc, current);
  return writeDirect(ctx, desc, current, next);
}

/** Marking an object as deleting bumps its generation, when it has one. */
function markDeleting(ctx: StoreContext, desc: KindDescriptor, current: KubeObject, next: KubeObject): Promise<KubeObject> {
  if (desc.generation && (next.metadata.generation ?? 0) > 0) next.metadata.generation = (next.metadata.generation ?? 0) + 1;
  return writeDirect(ctx, desc, current, next);
}

/**
 * A write the server makes on its own behalf (deletion marks, pod binding), straight to storage
 * as Kubernetes does with GuaranteedUpdate: no user-update strategy, no managedFields entry.
 */
export async function writeDirect(ctx: StoreContext, desc: KindDescriptor, current: KubeObject, next: KubeObject): Promise<KubeObject> {
  if (ctx.dryRun) return next;
  const res = await storageOf(ctx, desc).update(storageKey(desc, current.metadata.namespace ?? '', current.metadata.name!), next, rvOf(current));
  return committed(ctx, desc, res, current.metadata.name!, 'MODIFIED', current);
}

function admissionContext(ctx: StoreContext, subresource = ''): AdmissionContext {
  return { storage: ctx.storage, user: ctx.user, serviceClusterIPRange: ctx.serviceClusterIPRange, cluster: ctx.cluster, authorizer: ctx.authorizer, dryRun: ctx.dryRun, afterCommit: ctx.afterCommit, webhooks: ctx.webhooks, webhookBindings: ctx.webhookBindings, subresource };
}

