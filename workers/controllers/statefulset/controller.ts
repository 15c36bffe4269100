/**
 * StatefulSet controller: pods `<set>-<ordinal>` with stable identities and claims, created in
 * order and deleted in reverse (OrderedReady) or all at once (Parallel), updated from the highest
 * ordinal down to the partition, and the set's templates kept as ControllerRevisions for
 * `kubectl rollout history/undo/status`.
 *
 * Keys are StatefulSets. A pod's change maps to its controller; a pod that is gone cannot be read,
 * but its name says its set (`<set>-<ordinal>`), which is looked at (a set that is not there, or
 * not its owner, costs one read and does nothing).
 */
import type { StatefulSet } from '../../../lib/api/apps/statefulset.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import { fromLabelSelector, matches } from '../../../lib/selectors/label.ts';
import { keyOf, splitKey, type Controller } from '../framework/controller.ts';
import { STATEFULSETS } from '../history/resources.ts';
import { ownedRevisions, syncHistory, templateOf, truncateHistory } from '../history/revisions.ts';
import { claim, controllerOf } from '../replicaset/ownership.ts';
import { readySince } from '../replicaset/pods.ts';
import { requeueAt } from '../replicaset/requeue.ts';
import { isMemberOf, parentAndOrdinal, revisionOfPod } from './identity.ts';
import { sameStatus, statefulSetStatus } from './status.ts';
import { syncPass } from './sync.ts';

const NAME = 'statefulset-controller';

export const statefulSetController: Controller = {
  name: NAME,
  resyncMinutes: 5,

  async keysFor(change) {
    if (!change.namespace) return [];
    if (change.group === 'apps' && change.resource === 'statefulsets') return [`${change.namespace}/${change.name}`];
    if (change.group === '' && change.resource === 'pods') {
      const { parent, ordinal } = parentAndOrdinal(change.name);
      return ordinal >= 0 ? [`${change.namespace}/${parent}`] : [];
    }
    return [];
  },

  async resync(ctx) {
    return (await ctx.api.list<StatefulSet>(STATEFULSETS)).items.map(keyOf);
  },

  async reconcile(key, ctx) {
    const [namespace, name] = splitKey(key);
    const set = await ctx.shared.get<StatefulSet>(STATEFULSETS, namespace, name);
    if (!set) return; // gone: its pods are the garbage collector's
    const selector = fromLabelSelector(set.spec?.selector);
    const all = (await ctx.shared.list<Pod>(RESOURCES.pods, { namespace })).items;
    const mine = all.filter((p) => isMemberOf(set, p) && (!controllerOf(p) || controllerOf(p)?.uid === set.metadata.uid));
    const pods = await claim(ctx.api, RESOURCES.pods, set, mine, (p) => matches(selector, p.metadata.labels));

    const history = await syncHistory(ctx, set, await ownedRevisions(ctx, set));
    const current = history.revisions.find((r) => r.metadata.name === set.status?.currentRevision) ?? history.update;
    const pass = {
      ctx,
      set,
      current: { revision: current, template: templateOf(current) },
      update: { revision: history.update, template: structuredClone(set.spec?.template ?? {}) },
    };
    await syncPass(pass, pods);

    const now = ctx.now();
    const status = statefulSetStatus(set, pods, current.metadata.name!, history.update.metadata.name!, history.collisionCount, now);
    if (!sameStatus(set.status, status)) await ctx.api.update(STATEFULSETS, { ...set, status }, 'status');

    const live = new Set([current.metadata.name!, history.update.metadata.name!, ...pods.map(revisionOfPod)]);
    await truncateHistory(ctx, set, history.revisions, live);

    // availability after minReadySeconds is a matter of time, not of a change: look again then
    const min = set.spec?.minReadySeconds ?? 0;
    if (min > 0) {
      const due = pods.map(readySince).filter((t): t is number => t !== undefined && t + min * 1000 >= now.getTime());
      if (due.length) await requeueAt(ctx, key, Math.min(...due) + min * 1000 + 1000);
    }
  },
};
