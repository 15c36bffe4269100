/**
 * DaemonSet controller: one pod per eligible node, pinned to it by node affinity and bound by the
 * scheduler, replaced by a rolling update (or by hand with OnDelete) when the template changes,
 * its templates kept as ControllerRevisions for `kubectl rollout history/undo/status`.
 *
 * Keys are DaemonSets. A pod maps to its controller; a deleted pod cannot be read, so it maps to
 * the DaemonSets of its namespace; any Node change (one joining, leaving, relabelled, tainted,
 * cordoned) maps to every DaemonSet, as Kubernetes' controller watches nodes.
 */
import type { DaemonSet } from '../../../lib/api/apps/daemonset.ts';
import type { Node } from '../../../lib/api/core/node.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { ApiError } from '../../../lib/client/client.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import { fromLabelSelector, matches } from '../../../lib/selectors/label.ts';
import { keyOf, splitKey, type Controller, type ControllerContext } from '../framework/controller.ts';
import { REVISION_HASH_LABEL } from '../history/hash.ts';
import { DAEMONSETS } from '../history/resources.ts';
import { ownedRevisions, syncHistory, truncateHistory } from '../history/revisions.ts';
import { emit } from '../replicaset/manage.ts';
import { claim, controllerOf } from '../replicaset/ownership.ts';
import { readySince } from '../replicaset/pods.ts';
import { requeueAt } from '../replicaset/requeue.ts';
import { planDaemonSet } from './plan.ts';
import { newDaemonPod, templateGeneration } from './pods.ts';
import { daemonSetStatus, sameStatus } from './status.ts';

const NAME = 'daemon-set-controller';

const errorText = (e: unknown) => (e instanceof ApiError ? (e.status?.message ?? e.message) : String(e));

/** read once per batch, for every message of it (shared-reads.ts) */
const daemonSetsIn = async (ctx: ControllerContext, namespace?: string) => (await ctx.shared.list<DaemonSet>(DAEMONSETS, { namespace })).items;

export const daemonSetController: Controller = {
  name: NAME,
  resyncMinutes: 5,

  async keysFor(change, ctx) {
    if (change.group === 'apps' && change.resource === 'daemonsets') return [`${change.namespace}/${change.name}`];
    if (change.group !== '') return [];
    if (change.resource === 'nodes') return (await daemonSetsIn(ctx)).map(keyOf);
    if (change.resource !== 'pods' || !change.namespace) return [];
    const pod = change.type === 'DELETED' ? undefined : await ctx.shared.get<Pod>(RESOURCES.pods, change.namespace, change.name);
    if (!pod) return (await daemonSetsIn(ctx, change.namespace)).map(keyOf);
    const ref = controllerOf(pod);
    if (ref) return ref.kind === 'DaemonSet' && ref.apiVersion.startsWith('apps/') ? [`${change.namespace}/${ref.name}`] : [];
    return (await daemonSetsIn(ctx, change.namespace)).filter((ds) => matches(fromLabelSelector(ds.spec?.selector), pod.metadata.labels)).map(keyOf);
  },

  async resync(ctx) {
    return (await ctx.api.list<DaemonSet>(DAEMONSETS)).items.map(keyOf);
  },

  async reconcile(key, ctx) {
    const [namespace, name] = splitKey(key);
    const ds = await ctx.shared.get<DaemonSet>(DAEMONSETS, namespace, name);
    if (!ds) return; // gone: its pods are the garbage collector's
    const selector = fromLabelSelector(ds.spec?.selector);
    const nodes = (await ctx.shared.list<Node>(RESOURCES.nodes)).items;
    const all = (await ctx.shared.list<Pod>(RESOURCES.pods, { namespace })).items;
    const pods = await claim(ctx.api, RESOURCES.pods, ds, all, (p) => matches(selector, p.metadata.labels));

    const history = await syncHistory(ctx, ds, await ownedRevisions(ctx, ds));
    const hash = history.update.metadata.labels?.[REVISION_HASH_LABEL] ?? '';
    const generation = templateGeneration(ds);
    const now = ctx.now();

    if (!ds.metadata.deletionTimestamp) {
      const plan = planDaemonSet({ ds, nodes, pods, hash, generation, now });
      await Promise.all([...plan.create.map((node) => createPod(ctx, ds, hash, node)), ...plan.delete.map((p) => deletePod(ctx, ds, p))]);
    }

    const status = daemonSetStatus(ds, nodes, pods, hash, generation, history.collisionCount, now);
    if (!sameStatus(ds.status, status)) await ctx.api.update(DAEMONSETS, { ...ds, status }, 'status');

    const live = new Set([history.update.metadata.name!]);
    const podHashes = new Set(pods.map((p) => p.metadata.labels?.[REVISION_HASH_LABEL]));
    for (const r of history.revisions) if (podHashes.has(r.metadata.labels?.[REVISION_HASH_LABEL])) live.add(r.metadata.name!);
    await truncateHistory(ctx, ds, history.revisions, live);

    // availability after minReadySeconds is a matter of time, not of a change: look again then
    const min = ds.spec?.minReadySeconds ?? 0;
    if (min > 0) {
      const due = pods.map(readySince).filter((t): t is number => t !== undefined && t + min * 1000 >= now.getTime());
      if (due.length) await requeueAt(ctx, key, Math.min(...due) + min * 1000 + 1000);
    }
  },
};

async function createPod(ctx: ControllerContext, ds: DaemonSet, hash: string, node: string): Promise<void> {
  try {
    const pod = await ctx.api.create<Pod>(RESOURCES.pods, ds.metadata.namespace, newDaemonPod(ds, hash, node));
    await emit(ctx.events.normal(ds as KubeObject, 'SuccessfulCreate', `Created pod: ${pod.metadata.name}`));
  } catch (e) {
    await emit(ctx.events.warning(ds as KubeObject, 'FailedCreate', `Error creating: ${errorText(e)}`));
    throw e;
  }
}

async function deletePod(ctx: ControllerContext, ds: DaemonSet, p: Pod): Promise<void> {
  try {
    if (!(await ctx.api.delete(RESOURCES.pods, p.metadata.namespace, p.metadata.name!))) return;
    await emit(ctx.events.normal(ds as KubeObject, 'SuccessfulDelete', `Deleted pod: ${p.metadata.name}`));
  } catch (e) {
    await emit(ctx.events.warning(ds as KubeObject, 'FailedDelete', `Error deleting: ${errorText(e)}`));
    throw e;
  }
}
