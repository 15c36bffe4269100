/**
 * ReplicaSet controller: keeps `spec.replicas` pods matching the selector. It counts pods by their
 * labels, never by their content: a pod whose image was changed by hand still counts, a pod whose
 * labels stop matching is released (its ownerReference removed) and replaced, and an orphan that
 * matches is adopted. Pods being deleted or finished no longer count, so a deleted pod is replaced
 * while it is still terminating.
 *
 * Keys are ReplicaSets (`namespace/name`). A pod change maps to its controller, or, for an orphan,
 * to the ReplicaSets that would adopt it; a pod that is gone cannot be read, so its deletion maps
 * to the ReplicaSets of its namespace that may have counted it.
 */
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import { fromLabelSelector, matches } from '../../../lib/selectors/label.ts';
import { keyOf, splitKey, type Controller, type ControllerContext } from '../framework/controller.ts';
import { BURST_REPLICAS, createPods, deletePods, type ManageResult } from './manage.ts';
import { claim, controllerOf } from './ownership.ts';
import { isActive } from './pods.ts';
import { podsToDelete } from './rank.ts';
import { requeueAt } from './requeue.ts';
import { nextAvailableAt, replicaSetStatus, sameStatus } from './status.ts';

/**
 * The namespace's ReplicaSets, as the batch read them (one list for every controller and message
 * of the batch, shared-reads.ts): as new as the batch's changes, a ReplicaSet's own included. A
 * moment stale only delays an adoption (a new ReplicaSet looks at every pod).
 */
const replicaSetsOf = async (ctx: ControllerContext, namespace: string) => (await ctx.shared.list<ReplicaSet>(RESOURCES.replicasets, { namespace })).items;

/** Could have counted a pod: it has some, or should have. */
const mayHaveCounted = (rs: ReplicaSet) => (rs.status?.replicas ?? 0) > 0 || (rs.spec?.replicas ?? 1) !== (rs.status?.replicas ?? 0);

export const replicaSetController: Controller = {
  name: 'replicaset-controller',
  resyncMinutes: 5,
  // its status comes from the pods, each of whose changes keys it: a re-sync after its own status
  // write would only list them again
  ignoresOwnStatusWrites: true,

  async keysFor(change, ctx) {
    if (change.group === 'apps' && change.resource === 'replicasets') return [`${change.namespace}/${change.name}`];
    if (change.group === 'apps' && change.resource === 'deployments' && change.type === 'ADDED' && change.namespace) {
      // a new Deployment's ReplicaSet comes within this batch (runner.ts), and its first sync lists
      // the namespace's pods: they are read now, with the batch, not after the ReplicaSet's create
      // (no pod is its yet; an informer's copy would be as old)
      const prefetch = ctx.shared.list<Pod>(RESOURCES.pods, { namespace: change.namespace }).catch(() => undefined);
      if (ctx.defer) ctx.defer(prefetch);
      return [];
    }
    if (change.group !== '' || change.resource !== 'pods' || !change.namespace) return [];
    const pod = change.type === 'DELETED' ? undefined : await ctx.shared.get<Pod>(RESOURCES.pods, change.namespace, change.name);
    if (!pod) return (await replicaSetsOf(ctx, change.namespace)).filter(mayHaveCounted).map(keyOf);
    const ref = controllerOf(pod);
    if (ref) return ref.kind === 'ReplicaSet' && ref.apiVersion.startsWith('apps/') ? [`${change.namespace}/${ref.name}`] : [];
    if (!isActive(pod)) return [];
    return (await replicaSetsOf(ctx, change.namespace)).filter((rs) => matches(fromLabelSelector(rs.spec?.selector), pod.metadata.labels)).map(keyOf);
  },

  async resync(ctx) {
    return (await ctx.api.list<ReplicaSet>(RESOURCES.replicasets)).items.map(keyOf);
  },

  async reconcile(key, ctx) {
    const [namespace, name] = splitKey(key);
    // read with the batch (its change brought us here): the status write is conditional on it
    const rs = await ctx.shared.get<ReplicaSet>(RESOURCES.replicasets, namespace, name);
    if (!rs) return; // gone: its pods are the garbage collector's
    const now = ctx.now();
    const selector = fromLabelSelector(rs.spec?.selector);
    // shared with the other ReplicaSets of the batch: this one's own creations are not in it, but
    // it reconciles once with the batch's reads; again (after its own writes) or after a conflict,
    // it lists afresh (runner.ts)
    const all = (await ctx.shared.list<Pod>(RESOURCES.pods, { namespace })).items;
    const pods = await claim(ctx.api, RESOURCES.pods, rs, all.filter(isActive), (p) => matches(selector, p.metadata.labels));

    const result = rs.metadata.deletionTimestamp ? {} : await manageReplicas(ctx, rs, pods, all);
    const status = replicaSetStatus(rs, pods, result.failure, now);
    if (!sameStatus(rs.status, status)) await ctx.api.update(RESOURCES.replicasets, { ...rs, status }, 'status');

    // availability after minReadySeconds is a matter of time, not of a change: look again then
    const at = nextAvailableAt(rs, pods, now);
    if (at !== undefined) await requeueAt(ctx, key, at + 1000);
  },
};

async function manageReplicas(ctx: ControllerContext, rs: ReplicaSet, pods: Pod[], all: Pod[]): Promise<ManageResult> {
  const diff = pods.length - (rs.spec?.replicas ?? 1);
  if (diff < 0) return createPods(ctx, rs, -diff);
  if (diff === 0) return {};
  const victims = podsToDelete(pods, await siblingPods(ctx, rs, all), Math.min(diff, BURST_REPLICAS), ctx.now());
  return deletePods(ctx, rs, victims);
}

/**
 * The pods of this ReplicaSet and of the others with the same controller (a Deployment's old and
 * new ReplicaSets), to spread what remains across nodes. None for a ReplicaSet without controller.
 */
async function siblingPods(ctx: ControllerContext, rs: ReplicaSet, all: Pod[]): Promise<Pod[]> {
  const owner = controllerOf(rs);
  if (!owner) return [];
  const siblings = new Set((await replicaSetsOf(ctx, rs.metadata.namespace!)).filter((s) => controllerOf(s)?.uid === owner.uid).map((s) => s.metadata.uid));
  return all.filter((p) => siblings.has(controllerOf(p)?.uid));
}
