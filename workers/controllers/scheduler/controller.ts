/**
 * The scheduler (reporting component and field manager `default-scheduler`): binds every pending
 * pod whose schedulerName is default-scheduler to a node, through `POST pods/binding`.
 *
 * Keys: there is one, `pending` ("the pending pods"), so a batch of changes, however large, makes
 * one cycle that lists once and places all pending pods (cycle.ts). While unschedulable pods wait
 * (as far as this isolate knows: until its first cycle, it assumes they do), every pod or node
 * change maps to it, as any may make room. Otherwise only the change of a pod that is pending
 * does: a change of a bound pod, by far the most common, then costs no cycle. While unschedulable pods remain, the
 * key is also looked at again every RETRY_SECONDS. Node changes, pod deletions and the resync also
 * tell the cache of nodes and bound pods to list again (cache.ts).
 *
 * A pod's change brings the pod itself to the next cycle, as kube-scheduler's informer event
 * brings it to its queue: the answer of the write, if this isolate's controllers made it (a
 * ReplicaSet's pods: `ctx.written`, runner.ts), else the batch's shared read, which the other
 * controllers make too. A cycle asked for by such pods alone places them without listing the
 * pending pods (known-pods.ts). Anything else (a pod or node change while pods wait, a retry,
 * the resync, a failed binding) makes the next cycle list them all.
 *
 * One cycle at a time per isolate: a reconcile arriving while a cycle runs only asks that cycle
 * to run once more when it ends, so concurrent batches neither double-bind nor count the same
 * free cpu twice. A cycle ends once its bindings are started (in a batch, whose end waits for
 * them: `ctx.defer`); the pods being bound are left out of the next cycles until they are. (Isolates elsewhere may still race; the loser's binding gets a 409 and is
 * skipped.)
 *
 * Not done: the pod's own inter-pod (anti-)affinity and topologySpreadConstraints (ignored: only
 * the default spreading of a controller's pods is scored), preemption (reported, not performed),
 * volume filters, other profiles and extenders.
 */
import type { Controller, ControllerContext } from '../framework/controller.ts';
import { Rechecks } from '../nodelifecycle/recheck.ts';
import { SnapshotCache } from './cache.ts';
import { BINDING_STALE_MS, isPending, newBinder, scheduleCycle, SCHEDULER_NAME, type Reports } from './cycle.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import { KnownPods } from './known-pods.ts';

const KEY = 'pending';
const RETRY_SECONDS = 30;
const FAILED_BINDING_RETRY_SECONDS = 5;

/** A scheduler with its own memory (tests make fresh ones; the worker has one per isolate). */
export function newScheduler(): Controller {
  const rechecks = new Rechecks();
  const reported: Reports = new Map();
  const cache = new SnapshotCache();
  const binder = newBinder();
  const known = new KnownPods();
  /** when the cycle under way began its latest round (a cancelled request never clears it: see reconcile) */
  let runningSince: number | undefined;
  let again = false;
  /** whether the last cycle left pods it could not place (unknown, so true, before the first) */
  let waiting = true;

  async function cycle(ctx: ControllerContext): Promise<void> {
    rechecks.fired(KEY, ctx.now().getTime());
    // while pods wait, what made this cycle run may have made room for them: look at them all
    const only = known.take(waiting);
    let result: Awaited<ReturnType<typeof scheduleCycle>>;
    try {
      result = await scheduleCycle(ctx, cache, reported, binder, only);
    } catch (e) {
      known.mustList();
      throw e;
    }
    const { unschedulable, bindings, considered } = result;
    known.handled(considered);
    waiting = unschedulable > 0; // a cycle of known pods only runs while none waits
    if (unschedulable) {
      const now = ctx.now().getTime();
      await rechecks.at(ctx, KEY, now + RETRY_SECONDS * 1000, now);
    }
    if (!ctx.defer) return bindings;
    // the next cycle need not wait for them; a failed binding is tried again shortly
    ctx.defer(
      bindings.catch(async (e) => {
        known.mustList();
        console.error(`${SCHEDULER_NAME}: binding: ${(e as Error).message}`);
        await ctx.requeue(KEY, FAILED_BINDING_RETRY_SECONDS).catch(() => undefined);
      }),
    );
  }

  return {
    name: SCHEDULER_NAME,
    fieldManager: SCHEDULER_NAME,
    user: 'system:kube-scheduler',
    async keysFor(change, ctx) {
      if (change.group !== '' || (change.resource !== 'pods' && change.resource !== 'nodes')) return [];
      const mayMakeRoom = change.resource === 'nodes' || change.type === 'DELETED';
      if (change.resource === 'nodes') cache.nodeChanged();
      else if (change.type === 'DELETED') cache.invalidate();
      // while pods wait, any change may be the one that lets them in (a pod finishing, too)
      if (waiting) return known.mustList(), [KEY];
      if (mayMakeRoom) return [];
      // the pod as this batch wrote it (its answer), or as the batch read it (the other
      // controllers read it too): the next cycle places it without listing the pending pods
      const written = ctx.written?.<Pod>(RESOURCES.pods, change.namespace, change.name);
      const pod = written && Number(written.metadata.resourceVersion) >= change.rev ? written : await ctx.shared.get<Pod>(RESOURCES.pods, change.namespace, change.name);
      if (!pod || !isPending(pod)) return [];
      known.add(pod);
      return [KEY];
    },
    async resync() {
      cache.invalidate();
      known.mustList();
      return [KEY];
    },
    async reconcile(_key, ctx) {
      // one cycle at a time in the isolate; a cycle whose request the runtime cancelled never
      // clears runningSince, so past BINDING_STALE_MS it is presumed gone and this one runs
      if (runningSince !== undefined && Date.now() - runningSince < BINDING_STALE_MS) {
        again = true;
        return;
      }
      try {
        do {
          runningSince = Date.now();
          again = false;
          await cycle(ctx);
        } while (again);
      } finally {
        runningSince = undefined;
      }
    },
  };
}

export const scheduler = newScheduler();
