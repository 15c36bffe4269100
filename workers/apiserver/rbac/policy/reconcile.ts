/**
 * The default RBAC policy, reconciled as kube-apiserver's post-start hook does
 * (pkg/registry/rbac/rest/storage_rbac.go): each default ClusterRole, ClusterRoleBinding, Role and
 * RoleBinding is created when missing and otherwise completed (compute.ts), never touched when
 * annotated autoupdate=false.
 *
 * Runs once per isolate and from cron (bootstrap.ts), so when everything is in place it costs one
 * list per kind (per namespace for the namespaced kinds: only kube-system and kube-public hold
 * defaults) and writes nothing. Writes go through the generic store (the missing objects through
 * its batch create: one round trip), so watches, change messages and managedFields follow; a
 * write lost to another isolate doing the same is left to it.
 */
import type { KubeObject } from '../../../../lib/api/meta.ts';
import { byResource, storagePrefix } from '../../registry/index.ts';
import type { KindDescriptor } from '../../registry/types.ts';
import { createObject, deleteObject, storageOf, updateObject, type StoreContext } from '../../rest/store.ts';
import { createObjects, NotBatchable } from '../../rest/batch-create.ts';
import { reconcileBinding, reconcileRole, type Reconciled } from './compute.ts';
import { defaultClusterRoleBindings, defaultClusterRoles, defaultClusterRolesAggregated, defaultRoleBindings, defaultRoles } from './defaults.ts';

export interface ReconcileReport {
  created: string[];
  updated: string[];
  recreated: string[];
}

const GROUP = 'rbac.authorization.k8s.io';
const keyOf = (o: KubeObject) => `${o.metadata.namespace ?? ''}/${o.metadata.name}`;

/** Losing a create or an update to a concurrent bootstrap is fine: the other writer did it. */
async function unlessRaced(p: Promise<unknown>): Promise<boolean> {
  try {
    await p;
    return true;
  } catch (e) {
    if ((e as { code?: number }).code === 409) return false;
    throw e;
  }
}

async function listAll(ctx: StoreContext, desc: KindDescriptor, namespaces: (string | undefined)[]): Promise<Map<string, KubeObject>> {
  const lists = await Promise.all(namespaces.map((ns) => storageOf(ctx, desc).list(storagePrefix(desc, ns))));
  return new Map(lists.flatMap((l) => l.items).map((o) => [keyOf(o), o]));
}

interface Plan<T extends KubeObject> {
  resource: string;
  expected: T[];
  /** what is created for each missing one, by the index of `expected` (the aggregated roles with their rules) */
  created?: T[];
  decide(existing: T, expected: T): Reconciled<T>;
}

function listFor(ctx: StoreContext, plan: Plan<KubeObject>): Promise<Map<string, KubeObject>> {
  const desc = byResource(GROUP, 'v1', plan.resource)!;
  return listAll(ctx, desc, desc.namespaced ? [...new Set(plan.expected.map((o) => o.metadata.namespace))] : [undefined]);
}

/** What one kind's plan leads to: the objects to create, and updates/recreates to make one by one. */
function decideKind<T extends KubeObject>({ resource, expected, created, decide }: Plan<T>, existing: Map<string, KubeObject>) {
  const creates: T[] = [];
  const changes: { want: T; have: T; r: Reconciled<T> }[] = [];
  for (const [i, want] of expected.entries()) {
    const have = existing.get(keyOf(want)) as T | undefined;
    if (!have) creates.push(created?.[i] ?? want);
    else {
      const r = decide(have, want);
      if (r.op !== 'none') changes.push({ want, have, r });
    }
  }
  return { resource, creates, changes };
}

async function change<T extends KubeObject>(ctx: StoreContext, resource: string, { want, have, r }: { want: T; have: T; r: Reconciled<T> }, report: ReconcileReport): Promise<void> {
  const desc = byResource(GROUP, 'v1', resource)!;
  const ns = want.metadata.namespace ?? '';
  const name = `${resource}/${keyOf(want)}`;
  if (r.op === 'update') {
    if (await unlessRaced(updateObject(ctx, desc, have, r.object))) report.updated.push(name);
  } else if (r.op === 'recreate') {
    await deleteObject(ctx, desc, ns, want.metadata.name!, { preconditions: { uid: have.metadata.uid } }).catch((e) => {
      if ((e as { code?: number }).code !== 404 && (e as { code?: number }).code !== 409) throw e;
    });
    if (await unlessRaced(createObject(ctx, desc, ns, r.object))) report.recreated.push(name);
  }
}

/**
 * The missing objects, roles before bindings: in one batch (one round trip for a new cluster's
 * ~140), or one by one when the batch cannot be (admission would write) or lost a race to
 * another isolate bootstrapping the same cluster (then each create that loses is left to it).
 */
async function createMissing(ctx: StoreContext, creates: { resource: string; object: KubeObject }[], report: ReconcileReport): Promise<void> {
  if (!creates.length) return;
  const items = creates.map(({ resource, object }) => ({ desc: byResource(GROUP, 'v1', resource)!, namespace: object.metadata.namespace ?? '', object }));
  const name = (c: { resource: string; object: KubeObject }) => `${c.resource}/${keyOf(c.object)}`;
  try {
    await createObjects(ctx, items);
    report.created.push(...creates.map(name));
    return;
  } catch (e) {
    if (!(e instanceof NotBatchable) && (e as { code?: number }).code !== 409) throw e;
  }
  // one at a time: the log serializes writes anyway, and concurrent ones only contend
  for (const [i, c] of creates.entries()) if (await unlessRaced(createObject(ctx, items[i].desc, items[i].namespace, c.object))) report.created.push(name(c));
}

/** The default policy as kube-apiserver's post-start hook orders it: roles first, then the bindings that reference them. */
function plans(): Plan<KubeObject>[] {
  return [
    // an aggregated role's rules are left to its controller once it exists (reconcileRole)
    { resource: 'clusterroles', expected: defaultClusterRoles(), created: defaultClusterRolesAggregated(), decide: reconcileRole },
    { resource: 'clusterrolebindings', expected: defaultClusterRoleBindings(), decide: reconcileBinding },
    { resource: 'roles', expected: defaultRoles(), decide: reconcileRole },
    { resource: 'rolebindings', expected: defaultRoleBindings(), decide: reconcileBinding },
  ] as Plan<KubeObject>[];
}

/** Every object of the default policy as created, in order, with its resource (a new cluster's, all created at once). */
export function defaultPolicyObjects(): { resource: string; object: KubeObject }[] {
  return plans().flatMap((p) => (p.created ?? p.expected).map((object) => ({ resource: p.resource, object })));
}

/** The lists are read at once; the missing objects are created in one batch, then the rest is completed one by one. */
export async function reconcileDefaultPolicy(ctx: StoreContext): Promise<ReconcileReport> {
  const all = plans();
  const existing = await Promise.all(all.map((p) => listFor(ctx, p)));
  const decided = all.map((p, i) => decideKind(p, existing[i]));
  const report: ReconcileReport = { created: [], updated: [], recreated: [] };
  await createMissing(ctx, decided.flatMap((d) => d.creates.map((object) => ({ resource: d.resource, object }))), report);
  for (const d of decided) for (const c of d.changes) await change(ctx, d.resource, c, report);
  return report;
}
