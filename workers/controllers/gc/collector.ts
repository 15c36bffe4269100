/**
 * The garbage collector's moves, through the API: deleting objects whose owners are gone,
 * deleting the dependents of an owner that waits for them (foreground) and then releasing it,
 * and releasing the dependents of an owner deleted with `orphan`. Every write is conditional on
 * the object being as it was read (uid and resourceVersion), so a decision taken on a stale read
 * fails with 409 and is taken again on a fresh one.
 */
import type { KubeObject, OwnerReference } from '../../../lib/api/meta.ts';
import { isNotFound } from '../../../lib/client/client.ts';
import type { ControllerContext } from '../framework/controller.ts';
import {
  blockingDependents,
  decide,
  dependentsOf,
  dropFinalizerPatch,
  dropRefsPatch,
  FOREGROUND,
  ORPHAN,
  ownerState,
  type OwnerState,
} from './references.ts';
import { type ApiResource, type ResourceMap } from './resources.ts';
import { groupOf } from '../../../lib/api/group-version.ts';

/** An object with the resource it was read from. */
export interface Tracked {
  res: ApiResource;
  obj: KubeObject;
}

/** Every collectable object of a namespace, or of the whole cluster (namespace undefined), as listed for the batch. */
export async function snapshot(ctx: ControllerContext, map: ResourceMap, namespace?: string): Promise<Tracked[]> {
  const resources = map.collectable.filter((r) => namespace === undefined || r.namespaced);
  const lists = await Promise.all(resources.map(async (res) => (await ctx.shared.list(res, { namespace })).items.map((obj) => ({ res, obj }))));
  return lists.flat();
}

const nameOf = (t: Tracked) => [t.res.namespaced ? t.obj.metadata.namespace : undefined, t.obj.metadata.name!] as const;

/** Ignores "already gone": the collector's work on that object is then done. */
async function unlessGone(p: Promise<unknown>): Promise<void> {
  try {
    await p;
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
}

export class Collector {
  /** owners read afresh during this reconcile, by resource/namespace/name */
  private readonly owners = new Map<string, Promise<KubeObject | undefined>>();

  constructor(
    private readonly ctx: ControllerContext,
    private readonly map: ResourceMap,
  ) {}

  /**
   * Reads the owner a reference names, in the dependent's namespace when the owner is namespaced.
   * A copy the batch holds, or the batch's shared read, settles it when it finds the owner solid
   * (one read per owner for all its pods); anything else, which may lead to a deletion, is confirmed by a read of our own, as
   * Kubernetes' collector confirms an absence seen in its cache with a live lookup.
   */
  async state(dep: Tracked, ref: OwnerReference): Promise<OwnerState> {
    const res = this.map.byKind(groupOf(ref.apiVersion), ref.kind);
    if (!res) return 'solid'; // a kind the server does not serve: never delete on doubt
    if (res.namespaced && !dep.res.namespaced) return 'dangling'; // a cluster-scoped object cannot have a namespaced owner
    const ns = res.namespaced ? dep.obj.metadata.namespace : undefined;
    // a copy the batch holds already (a ReplicaSet's Deployment, read as it changed) settles it without a read
    const held = this.ctx.shared.held?.(res, ns, ref.name);
    if (held && ownerState(await held, ref) === 'solid') return 'solid';
    if (ownerState(await this.ctx.shared.get(res, ns, ref.name), ref) === 'solid') return 'solid';
    const key = `${res.group}/${res.resource}/${ns ?? ''}/${ref.name}`;
    let owner = this.owners.get(key);
    if (!owner) this.owners.set(key, (owner = this.ctx.api.get(res, ns, ref.name)));
    return ownerState(await owner, ref);
  }

  /**
   * Deletes `dep` when none of its owners remains, or drops its references to owners that are
   * gone or waiting when others remain. `hasDependents` is asked only when an owner waits.
   */
  async attempt(dep: Tracked, hasDependents: () => Promise<boolean>): Promise<void> {
    const refs = dep.obj.metadata.ownerReferences ?? [];
    if (!refs.length || dep.obj.metadata.deletionTimestamp) return;
    const states = new Map<string, OwnerState>();
    for (const ref of refs) states.set(ref.uid, await this.state(dep, ref));
    const values = [...states.values()];
    const mustAsk = values.includes('waiting') && !values.includes('solid');
    const decision = decide(dep.obj, states, mustAsk && (await hasDependents()));
    const [ns, name] = nameOf(dep);
    const { uid, resourceVersion } = dep.obj.metadata;
    if (decision.action === 'remove-refs') await unlessGone(this.ctx.api.patch(dep.res, ns, name, dropRefsPatch(dep.obj, decision.uids)));
    else if (decision.action === 'delete') await this.ctx.api.delete(dep.res, ns, name, { propagationPolicy: decision.policy, preconditions: { uid, resourceVersion } });
  }

  /**
   * An owner deleted in the foreground: its dependents are deleted; once none that blocks it
   * remains, its finalizer goes, which completes its deletion. Returns whether it was released.
   */
  async foreground(owner: Tracked, objects: Tracked[]): Promise<boolean> {
    const dependents = dependentsOf(owner.obj, objects);
    if (!blockingDependents(owner.obj, dependents).length) {
      await this.dropFinalizer(owner, FOREGROUND);
      return true;
    }
    for (const dep of dependents) await this.attempt(dep, async () => dependentsOf(dep.obj, objects).length > 0);
    return false;
  }

  /** An owner deleted with `orphan`: its dependents lose their reference to it, then it goes. */
  async orphan(owner: Tracked, objects: Tracked[]): Promise<void> {
    for (const dep of dependentsOf(owner.obj, objects)) {
      const [ns, name] = nameOf(dep);
      await unlessGone(this.ctx.api.patch(dep.res, ns, name, dropRefsPatch(dep.obj, [owner.obj.metadata.uid!])));
    }
    await this.dropFinalizer(owner, ORPHAN);
  }

  private async dropFinalizer(t: Tracked, finalizer: string): Promise<void> {
    const [ns, name] = nameOf(t);
    await unlessGone(this.ctx.api.patch(t.res, ns, name, dropFinalizerPatch(t.obj, finalizer)));
  }
}
