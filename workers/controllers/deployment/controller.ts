/**
 * Deployment controller: one ReplicaSet per pod template (`<deployment>-<pod-template-hash>`), the
 * new one grown and the old ones shrunk as the strategy allows (RollingUpdate or Recreate), their
 * revisions numbered for `kubectl rollout history/undo`, and the Deployment's status summed from
 * theirs. Each sync takes one step and writes; the writes' own change messages bring the next.
 *
 * Keys are Deployments. A ReplicaSet change maps to its controller, or, for an orphan, to the
 * Deployments that would adopt it; a deleted ReplicaSet cannot be read, so it maps to the
 * Deployments of its namespace. A deleted pod matters only to Recreate, which waits for the old
 * pods to be gone.
 */
import type { Deployment } from '../../../lib/api/apps/deployment.ts';
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import { fromLabelSelector, matches, selectorToString } from '../../../lib/selectors/label.ts';
import { keyOf, splitKey, type Controller, type ControllerContext } from '../framework/controller.ts';
import { emit } from '../replicaset/manage.ts';
import { controllerOf } from '../replicaset/ownership.ts';
import { getCondition, hasProgressDeadline, newCondition, REASON, setCondition } from './conditions.ts';
import { newAndOldReplicaSets } from './new-replicaset.ts';
import { syncDeploymentStatus } from './progress.ts';
import { claimReplicaSets } from './replicasets.ts';
import { rolloutRecreate } from './recreate.ts';
import { rolloutRolling } from './rolling.ts';
import { isScalingEvent, syncScaling } from './scale.ts';
import { latest, SyncAborted, writeHeldStatus, writeStatus, type Sync } from './sync.ts';

/** the namespace's Deployments, read once per batch for all its messages (shared-reads.ts) */
const listDeployments = async (ctx: ControllerContext, namespace: string) => (await ctx.shared.list<Deployment>(RESOURCES.deployments, { namespace })).items;

export const deploymentController: Controller = {
  name: 'deployment-controller',
  resyncMinutes: 5,

  async keysFor(change, ctx) {
    if (change.group === 'apps' && change.resource === 'deployments') return [`${change.namespace}/${change.name}`];
    if (!change.namespace) return [];
    if (change.group === 'apps' && change.resource === 'replicasets') {
      const rs = change.type === 'DELETED' ? undefined : await ctx.shared.get<ReplicaSet>(RESOURCES.replicasets, change.namespace, change.name);
      if (!rs) return (await listDeployments(ctx, change.namespace)).map(keyOf);
      const ref = controllerOf(rs);
      if (ref) return ref.kind === 'Deployment' && ref.apiVersion.startsWith('apps/') ? [`${change.namespace}/${ref.name}`] : [];
      return (await listDeployments(ctx, change.namespace)).filter((d) => matches(fromLabelSelector(d.spec?.selector), rs.metadata.labels)).map(keyOf);
    }
    if (change.group === '' && change.resource === 'pods' && change.type === 'DELETED') {
      const all = await listDeployments(ctx, change.namespace);
      return all.filter((d) => d.spec?.strategy?.type === 'Recreate').map(keyOf);
    }
    return [];
  },

  async resync(ctx) {
    return (await ctx.api.list<Deployment>(RESOURCES.deployments)).items.map(keyOf);
  },

  async reconcile(key, ctx) {
    const [namespace, name] = splitKey(key);
    // its ReplicaSets are read at the same time as it, not after: one round trip less per sync
    const replicaSets = ctx.shared.list<ReplicaSet>(RESOURCES.replicasets, { namespace });
    replicaSets.catch(() => undefined); // awaited below, or not needed
    // read with the batch (its status writes are conditional on it); worked on as a copy
    const d = await ctx.shared.get<Deployment>(RESOURCES.deployments, namespace, name);
    if (!d) return;
    try {
      await syncDeployment(ctx, key, structuredClone(d), async () => (await replicaSets).items);
    } catch (e) {
      if (!(e instanceof SyncAborted)) throw e;
    }
  },
};

async function syncDeployment(ctx: ControllerContext, key: string, d: Deployment, replicaSets: () => Promise<ReplicaSet[]>): Promise<void> {
  const now = ctx.now();
  if (isEverything(d)) {
    await emit(ctx.events.warning(d, 'SelectingAll', 'This deployment is selecting all pods. A non-empty selector is required.'));
    if ((d.status?.observedGeneration ?? 0) < (d.metadata.generation ?? 0)) {
      d.status = { ...d.status, observedGeneration: d.metadata.generation };
      await ctx.api.update(RESOURCES.deployments, d, 'status');
    }
    return;
  }
  const s: Sync = { ctx, key, d, rsList: await claimReplicaSets(ctx, d, await replicaSets()), now };
  if (d.metadata.deletionTimestamp) {
    const { newRS, oldRSs } = await newAndOldReplicaSets(s, false);
    return syncDeploymentStatus(s, [...oldRSs, newRS].map((rs) => latest(s, rs)), latest(s, newRS));
  }
  await checkPausedConditions(s);
  if (s.d.spec?.paused || (await isScalingEvent(s))) await syncScaling(s);
  else if (s.d.spec?.strategy?.type === 'Recreate') await rolloutRecreate(s, await podsByReplicaSet(s));
  else await rolloutRolling(s);
  await writeHeldStatus(s);
}

/** `selector: {}`: Kubernetes refuses to act on a Deployment that would take every pod. */
const isEverything = (d: Deployment) => {
  const sel = d.spec?.selector;
  return !!sel && !Object.keys(sel.matchLabels ?? {}).length && !(sel.matchExpressions ?? []).length;
};

/** A paused Deployment's Progressing is Unknown (so its deadline does not run), and says when it resumes. */
async function checkPausedConditions(s: Sync): Promise<void> {
  const d = s.d;
  if (!hasProgressDeadline(d)) return;
  const c = getCondition(d.status, 'Progressing');
  if (c?.reason === REASON.timedOut) return;
  const pausedNoted = c?.reason === REASON.paused;
  if (!!d.spec?.paused === pausedNoted) return;
  const [reason, message] = d.spec?.paused ? [REASON.paused, 'Deployment is paused'] : [REASON.resumed, 'Deployment is resumed'];
  setCondition((d.status ??= {}), newCondition('Progressing', 'Unknown', reason, message, s.now));
  await writeStatus(s);
}

/** The Deployment's pods, by the uid of their controlling ReplicaSet (Recreate waits on them). */
async function podsByReplicaSet(s: Sync): Promise<Map<string, Pod[]>> {
  const labelSelector = selectorToString(fromLabelSelector(s.d.spec?.selector));
  const { items } = await s.ctx.api.list<Pod>(RESOURCES.pods, { namespace: s.d.metadata.namespace, labelSelector });
  const owned = new Set(s.rsList.map((rs) => rs.metadata.uid));
  const byRS = new Map<string, Pod[]>([...owned].map((uid) => [uid!, []]));
  for (const p of items) {
    const uid = controllerOf(p)?.uid;
    if (uid && owned.has(uid)) byRS.get(uid)!.push(p);
  }
  return byRS;
}
