/**
 * The default RBAC policy, reconciled as kube-apiserver's post-start hook does
 * (pkg/registry/rbac/rest/storage_rbac.go): each default ClusterRole, ClusterRoleBinding, Role and
 * RoleBinding is created when missing and otherwise completed (compute.ts), never touched when
 * annotated autoupdate=false.
 *
 * Runs once per isolate and from cron (bootstrap.ts), so when everything is in place it costs one
 * list per kind (per namespace for the namespaced kinds: only kube-system and kube-public hold
 * defaults) and writes nothing. Writes go through the generic store, so watches, change messages
 * and managedFields follow; a write lost to another isolate doing the same is left to it.
 */
import type { KubeObject } from '../../../../lib/api/meta.ts';
import { byResource, storagePrefix } from '../../registry/index.ts';
import type { KindDescriptor } from '../../registry/types.ts';
import { createObject, deleteObject, storageOf, updateObject, type StoreContext } from '../../rest/store.ts';
import { reconcileBinding, reconcileRole, type Reconciled } from './compute.ts';
import { defaultClusterRoleBindings, defaultClusterRoles, defaultRoleBindings, defaultRoles } from './defaults.ts';

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
  decide(existing: T, expected: T): Reconciled<T>;
}

function listFor(ctx: StoreContext, plan: Plan<KubeObject>): Promise<Map<string, KubeObject>> {
  const desc = byResource(GROUP, 'v1', plan.resource)!;
  return listAll(ctx, desc, desc.namespaced ? [...new Set(plan.expected.map((o) => o.metadata.namespace))] : [undefined]);
}

async function reconcileKind<T extends KubeObject>(ctx: StoreContext, { resource, expected, decide }: Plan<T>, existing: Map<string, KubeObject>, report: ReconcileReport): Promise<void> {
  const desc = byResource(GROUP, 'v1', resource)!;
  const one = async (want: T) => {
    const ns = want.metadata.namespace ?? '';
    const name = `${resource}/${keyOf(want)}`;
    const have = existing.get(keyOf(want)) as T | undefined;
    if (!have) {
      if (await unlessRaced(createObject(ctx, desc, ns, want))) report.created.push(name);
      return;
    }
    const r = decide(have, want);
    if (r.op === 'update') {
      if (await unlessRaced(updateObject(ctx, desc, have, r.object))) report.updated.push(name);
    } else if (r.op === 'recreate') {
      await deleteObject(ctx, desc, ns, want.metadata.name!, { preconditions: { uid: have.metadata.uid } }).catch((e) => {
        if ((e as { code?: number }).code !== 404 && (e as { code?: number }).code !== 409) throw e;
      });
      if (await unlessRaced(createObject(ctx, desc, ns, r.object))) report.recreated.push(name);
    }
  };
  // one at a time: the log serializes writes anyway, and concurrent ones only contend
  for (const want of expected) await one(want);
}

/** The lists are read at once; writes go roles first, then the bindings that reference them, as the post-start hook orders them. */
export async function reconcileDefaultPolicy(ctx: StoreContext): Promise<ReconcileReport> {
  const plans = [
    { resource: 'clusterroles', expected: defaultClusterRoles(), decide: reconcileRole },
    { resource: 'clusterrolebindings', expected: defaultClusterRoleBindings(), decide: reconcileBinding },
    { resource: 'roles', expected: defaultRoles(), decide: reconcileRole },
    { resource: 'rolebindings', expected: defaultRoleBindings(), decide: reconcileBinding },
  ] as Plan<KubeObject>[];
  const existing = await Promise.all(plans.map((p) => listFor(ctx, p)));
  const report: ReconcileReport = { created: [], updated: [], recreated: [] };
  for (const [i, plan] of plans.entries()) await reconcileKind(ctx, plan, existing[i], report);
  return report;
}
