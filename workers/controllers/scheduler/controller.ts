/**
 * The scheduler (reporting component and field manager `default-scheduler`): binds every pending
 * pod whose schedulerName is default-scheduler to a node, through `POST pods/binding`.
 *
 * Keys: there is one, `pending` ("the pending pods"), so a batch of changes, however large, makes
 * one cycle that lists once and places all pending pods (cycle.ts). While unschedulable pods wait
 * (as far as this isolate knows: until its first cycle, it assumes they do), every pod or node
 * change maps to it, as any may make room. Otherwise only a new pod, or the change of a pod that
 * is pending (read with the batch), does: a change of a bound pod, by far the most common, then
 * costs no cycle (each one lists the pending pods among all pods). While unschedulable pods remain, the
 * key is also looked at again every RETRY_SECONDS. Node changes, pod deletions and the resync also
 * tell the cache of nodes and bound pods to list again (cache.ts).
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
import { isPending, newBinder, scheduleCycle, SCHEDULER_NAME, type Reports } from './cycle.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';

const KEY = 'pending';
const RETRY_SECONDS = 30;
const FAILED_BINDING_RETRY_SECONDS = 5;

/** A scheduler with its own memory (tests make fresh ones; the worker has one per isolate). */
export function newScheduler(): Controller {
  const rechecks = new Rechecks();
  const reported: Reports = new Map();
  const cache = new SnapshotCache();
  const binder = newBinder();
  let running = false;
  let again = false;
  /** whether the last cycle left pods it could not place (unknown, so true, before the first) */
  let waiting = true;

  async function cycle(ctx: ControllerContext): Promise<void> {
    rechecks.fired(KEY, ctx.now().getTime());
    const { unschedulable, bindings } = await scheduleCycle(ctx, cache, reported, binder);
    waiting = unschedulable > 0;
    if (unschedulable) {
      const now = ctx.now().getTime();
      await rechecks.at(ctx, KEY, now + RETRY_SECONDS * 1000, now);
    }
    if (!ctx.defer) return bindings;
    // the next cycle need not wait for them; a failed binding is tried again shortly
    ctx.defer(
      bindings.catch(async (e) => {
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
      if (mayMakeRoom) cache.invalidate();
      // while pods wait, any change may be the one that lets them in (a pod finishing, too)
      if (waiting) return [KEY];
      if (mayMakeRoom) return [];
      if (change.type === 'ADDED') return [KEY]; // a new pod is pending but for rare exceptions: no read on this path
      const pod = await ctx.shared.get<Pod>(RESOURCES.pods, change.namespace, change.name);
      return pod && isPending(pod) ? [KEY] : [];
    },
    async resync() {
      cache.invalidate();
      return [KEY];
    },
    async reconcile(_key, ctx) {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          await cycle(ctx);
        } while (again);
      } finally {
        running = false;
      }
    },
  };
}

export const scheduler = newScheduler();
