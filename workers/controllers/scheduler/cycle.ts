/**
 * One scheduling cycle with its I/O: one list of the pending pods, then (only if there are any)
 * the nodes and bound pods (cache.ts: listed again only when something changed), every decision
 * made in memory (plan.ts), then the bindings and reports written concurrently. A pod that was
 * bound or deleted by someone else meanwhile (409/404) is skipped, and the cache listed again.
 *
 * As kube-scheduler's binding cycle, the bindings need not be done for the next cycle to start:
 * the cycle returns them as a promise (`bindings`), and the pods being bound are placed already
 * (assumed in the cache; `Binder.inFlight` keeps the next cycles from placing them again).
 */
import type { Pod, PodCondition } from '../../../lib/api/core/pod.ts';
import { isConflict, isNotFound } from '../../../lib/client/client.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { ControllerContext } from '../framework/controller.ts';
import type { SnapshotCache } from './cache.ts';
import { plan, type Decision } from './plan.ts';
import { noteVolumeConstraints } from '../volume/scheduling.ts';

export const SCHEDULER_NAME = 'default-scheduler';
const ACTIVE = 'status.phase!=Succeeded,status.phase!=Failed';
const PENDING = `spec.nodeName=,spec.schedulerName=${SCHEDULER_NAME},${ACTIVE}`;
/** Requests in flight at once (bindings, events, status patches). */
const CONCURRENCY = 16;
/** A pod still unschedulable with the same message is reported again after this long. */
const REPORT_AGAIN_MS = 5 * 60_000;

const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const asPod = (p: Pod): Pod => ({ ...p, apiVersion: 'v1', kind: 'Pod' });

/** Gated and terminating pods wait; everything else pending is ours. */
const schedulable = (p: Pod) => !p.metadata.deletionTimestamp && !p.spec?.schedulingGates?.length;

/** A pod the next cycle would try to place (what PENDING selects, and schedulable). */
export const isPending = (p: Pod) =>
  !p.spec?.nodeName && (p.spec?.schedulerName ?? SCHEDULER_NAME) === SCHEDULER_NAME && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed' && schedulable(p);

/** The last FailedScheduling report per pod uid, so that a pod retried often does not flood events. */
export type Reports = Map<string, { message: string; at: number }>;

/** POST pods/binding; false when the pod was bound or deleted by someone else meanwhile. */
async function bind(ctx: ControllerContext, cache: SnapshotCache, pod: Pod, node: string): Promise<boolean> {
  const { namespace, name, uid } = pod.metadata;
  try {
    await ctx.api.post(RESOURCES.pods, namespace, name!, 'binding', {
      apiVersion: 'v1',
      kind: 'Binding',
      metadata: { name, namespace, uid },
      target: { apiVersion: 'v1', kind: 'Node', name: node },
    });
    return true;
  } catch (e) {
    cache.invalidate(); // the assumed binding did not happen
    if (isConflict(e) || isNotFound(e)) return false;
    throw e;
  }
}

/** Event FailedScheduling, then PodScheduled=False with the same message (when it changed). */
async function reportFailure(ctx: ControllerContext, reported: Reports, d: Failure, now: Date): Promise<void> {
  const { pod } = d;
  const uid = pod.metadata.uid!;
  const last = reported.get(uid);
  if (!last || last.message !== d.message || now.getTime() - last.at >= REPORT_AGAIN_MS) {
    await ctx.events.warning(asPod(pod), 'FailedScheduling', d.message);
    reported.set(uid, { message: d.message, at: now.getTime() });
  }
  const current = pod.status?.conditions?.find((c) => c.type === 'PodScheduled');
  if (current?.status === 'False' && current.reason === d.reason && current.message === d.message) return;
  const condition: PodCondition = {
    type: 'PodScheduled',
    status: 'False',
    lastProbeTime: null as unknown as string,
    lastTransitionTime: current?.status === 'False' && current.lastTransitionTime ? current.lastTransitionTime : rfc3339(now),
    reason: d.reason,
    message: d.message,
  };
  try {
    await ctx.api.patch(RESOURCES.pods, pod.metadata.namespace, pod.metadata.name!, { status: { conditions: [condition] } }, 'strategic', 'status');
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
}

/** Runs `work` over `items`, at most `limit` at a time, collecting errors instead of stopping. */
async function eachLimited<T>(items: T[], limit: number, errors: unknown[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item).catch((e) => errors.push(e));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface CycleResult {
  /** pods whose binding was started */
  placed: number;
  unschedulable: number;
  /** the uids of the pods it placed or found unschedulable */
  considered: string[];
  /** the bindings and their Scheduled events; rejects with the first failure other than 409/404 */
  bindings: Promise<void>;
}

/**
 * The bindings under way, across the cycles of one scheduler: their pods (by uid, with their node
 * and when the binding began). Plain data that outlives the request that began a binding: one
 * the runtime cancelled never ends its bindings, so past BINDING_STALE_MS they count as lost and
 * the pod is placed again (a binding is one API call). The bindings' concurrency is the cycle's
 * own (a gate shared across requests would hand slots between them: framework/api-gate.ts).
 */
export interface Binder {
  inFlight: Map<string, { pod: Pod; node: string; since: number }>;
}

export const BINDING_STALE_MS = 60_000;

export const newBinder = (): Binder => ({ inFlight: new Map() });

function forgetLostBindings(binder: Binder, now: number): void {
  for (const [uid, b] of binder.inFlight) if (now - b.since > BINDING_STALE_MS) binder.inFlight.delete(uid);
}

type Placement = Extract<Decision, { node: string }>;
type Failure = Exclude<Decision, Placement>;

/**
 * `known`: the pending pods to place, known without a list (scheduler/known-pods.ts); without it,
 * every pending pod is listed.
 */
export async function scheduleCycle(ctx: ControllerContext, cache: SnapshotCache, reported: Reports, binder = newBinder(), known?: Pod[]): Promise<CycleResult> {
  const items = known ?? (await ctx.api.list<Pod>(RESOURCES.pods, { fieldSelector: PENDING })).items;
  forgetLostBindings(binder, Date.now());
  // a pod being bound is placed already: assumed in the cache, not placed again
  const pending = items.filter((p) => schedulable(p) && !binder.inFlight.has(p.metadata.uid!));
  const considered = pending.map((p) => p.metadata.uid!);
  if (!known) {
    const waiting = new Set(considered);
    for (const uid of reported.keys()) if (!waiting.has(uid)) reported.delete(uid);
  }
  if (!pending.length) return { placed: 0, unschedulable: 0, considered, bindings: Promise.resolve() };

  await noteVolumeConstraints(ctx, pending);
  const decisions = plan(pending, await cache.get(ctx, binder.inFlight));
  const placements = decisions.filter((d): d is Placement => d.node !== undefined);
  const failures = decisions.filter((d): d is Failure => d.node === undefined);
  const bindings = bindAll(ctx, cache, binder, placements);
  const errors: unknown[] = [];
  const now = ctx.now();
  await eachLimited(failures, CONCURRENCY, errors, (d) => reportFailure(ctx, reported, d, now));
  if (errors.length) {
    await bindings.catch(() => undefined);
    throw errors[0];
  }
  return { placed: placements.length, unschedulable: failures.length, considered, bindings };
}

/** Binds the placements, at most CONCURRENCY at once, then records their Scheduled events. */
async function bindAll(ctx: ControllerContext, cache: SnapshotCache, binder: Binder, placements: Placement[]): Promise<void> {
  const errors: unknown[] = [];
  const bound: Placement[] = [];
  const since = Date.now();
  for (const d of placements) binder.inFlight.set(d.pod.metadata.uid!, { ...d, since });
  await eachLimited(placements, CONCURRENCY, errors, async (d) => {
    try {
      if (await bind(ctx, cache, d.pod, d.node)) bound.push(d);
    } finally {
      binder.inFlight.delete(d.pod.metadata.uid!);
    }
  });
  // events once every pod of the cycle is bound: a large cycle gets running sooner
  await eachLimited(bound, CONCURRENCY, errors, ({ pod, node }) =>
    ctx.events.normal(asPod(pod), 'Scheduled', `Successfully assigned ${pod.metadata.namespace}/${pod.metadata.name} to ${node}`),
  );
  if (errors.length) throw errors[0];
}
