/**
 * Runs controllers on a batch of queue messages.
 *
 * Delivery guarantees of the queue (and so of this runner): at least once, in no particular
 * order, possibly batched with unrelated messages, of any cluster. The runner therefore
 * - splits the batch by cluster: each cluster's messages are run by that cluster's controllers,
 *   through that cluster's API path, with reads shared within the cluster only, side by side
 *   with the other clusters';
 * - dedupes: a key is reconciled once per batch however many messages name it;
 * - retries a reconcile that lost a write race (409) a few times with a fresh read (reads of its
 *   own, not the batch's shared ones), and once one whose write found its object gone (404), as
 *   happens when the batch's read predates a deletion;
 * - requeues, with a delay, a key whose reconcile failed otherwise (and the cron resync would
 *   catch it anyway).
 *
 * Within a batch, controllers run side by side; each maps the messages to keys concurrently and
 * reconciles up to `workers` distinct keys at once (never one key twice at once). Reads of the
 * changed objects are shared by all controllers (shared-reads.ts). The batch is done, and
 * acknowledged, once every reconcile and every event it recorded is written: the local queue
 * delivers the next batch only then, so the time a batch takes is the latency every change
 * queued behind it waits.
 */
import type { ChangeMessage } from '../../apiserver/env.ts';
import { isConflict, isNotFound } from '../../../lib/client/client.ts';
import type { Env, QueueMessage } from '../env.ts';
import type { Controller, ControllerContext, Settings } from './controller.ts';
import { controllerClient, informerReads } from './identity.ts';
import { ROOT_CLUSTER } from '../../../lib/auth/tokens.ts';
import { correlatorFor, eventRecorder } from './events.ts';
import { eachLimited } from './limit.ts';
import { resyncDue } from './resync.ts';
import { SharedReads } from './shared-reads.ts';

const CONFLICT_RETRIES = 5;
const FAILURE_REQUEUE_SECONDS = 5;
/** keysFor calls in flight at once per controller (most read one object) */
const KEYS_AT_ONCE = 16;
const DEFAULT_WORKERS = 5;

export function settingsFrom(env: Env): Settings {
  return { nodeMonitorGraceSeconds: Number(env.NODE_MONITOR_GRACE_SECONDS ?? 50), clusterCA: env.CLUSTER_CA };
}

/** A controller's context in one cluster for one batch (or one resync); `shared` defaults to reads of its own. */
export function contextFor(env: Env, c: Controller, cluster: string, shared = new SharedReads()): ControllerContext {
  const reads = informerReads(env, cluster);
  const api = controllerClient(env, c, cluster, reads);
  const now = () => new Date();
  return {
    cluster,
    api,
    shared: shared.through(reads),
    events: eventRecorder(api, c.name, now, correlatorFor(cluster)),
    requeue: async (key, seconds) => {
      await env.CHANGES.send({ type: 'REQUEUE', cluster, controller: c.name, key }, { delaySeconds: Math.max(0, Math.ceil(seconds)) });
    },
    settings: settingsFrom(env),
    now,
  };
}

/** The keys `messages` (of one cluster) lead `c` to; a resync request, every key. */
async function keysOf(c: Controller, ctx: ControllerContext, messages: QueueMessage[]): Promise<string[]> {
  const keys = new Set<string>();
  if (c.resync && messages.some((m) => m.type === 'RESYNC') && resyncDue(c, ctx.now())) for (const k of await c.resync(ctx)) keys.add(k);
  await eachLimited(messages, KEYS_AT_ONCE, async (m) => {
    if (m.type === 'REQUEUE') {
      if (m.controller === c.name) keys.add(m.key);
    } else if (m.type !== 'RESYNC') for (const k of await c.keysFor(m as ChangeMessage, ctx)) keys.add(k);
  });
  return [...keys];
}

/** The controllers of a cluster: the same for all, or a set per cluster (index.ts). */
export type ControllersOf = Controller[] | ((cluster: string) => Controller[]);

/** Reconciles every key the messages lead to, cluster by cluster, side by side; resolves when all are done. */
export async function runMessages(env: Env, controllers: ControllersOf, messages: QueueMessage[]): Promise<void> {
  const byCluster = new Map<string, QueueMessage[]>();
  for (const m of messages) {
    const cluster = m.cluster || ROOT_CLUSTER;
    let ms = byCluster.get(cluster);
    if (!ms) byCluster.set(cluster, (ms = []));
    ms.push(m);
  }
  // one cluster failing (the batch is then delivered again) does not hold the others back
  const results = await Promise.allSettled([...byCluster].map(([cluster, ms]) => runCluster(env, typeof controllers === 'function' ? controllers(cluster) : controllers, cluster, ms)));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

async function runCluster(env: Env, controllers: Controller[], cluster: string, messages: QueueMessage[]): Promise<void> {
  const shared = new SharedReads();
  const trace = (env as any).TRACE_CONTROLLERS ? ([] as string[]) : undefined; // TEMP-TRACE
  const T0 = Date.now(); // TEMP-TRACE
  await Promise.all(
    controllers.map(async (c) => {
      const ctx = contextFor(env, c, cluster, shared);
      const t0 = Date.now(); // TEMP-TRACE
      const keys = await keysOf(c, ctx, messages);
      const t1 = Date.now(); // TEMP-TRACE
      await reconcileAll(c, ctx, keys);
      const t2 = Date.now(); // TEMP-TRACE
      if (trace && (keys.length || t2 - t0 > 2)) trace.push(`${c.name} keysFor ${t1 - t0}ms reconcile ${keys.length} keys ${t2 - t1}ms (done +${t2 - T0})`); // TEMP-TRACE
    }),
  );
  if (trace) console.error(`[trace] ${T0 % 100000} batch ${messages.length} msgs [${messages.map((m) => (m.type === 'REQUEUE' ? 'RQ:' + m.controller : (m as any).resource + ':' + (m as any).name + ':' + m.type)).join(' ')}] ${Date.now() - T0}ms\n  ${trace.join('\n  ')}`); // TEMP-TRACE
}

/** Reconciles `keys` (distinct), `c.workers` at a time, then waits for the events they recorded. */
export async function reconcileAll(c: Controller, ctx: ControllerContext, keys: string[]): Promise<void> {
  try {
    await eachLimited(keys, c.workers ?? DEFAULT_WORKERS, (key) => reconcileOne(c, ctx, key));
  } finally {
    await ctx.events.flush();
  }
}

async function reconcileOne(c: Controller, ctx: ControllerContext, key: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      // after a lost race, what was read with the batch is too old: read afresh
      return await c.reconcile(key, attempt === 1 ? ctx : { ...ctx, shared: ctx.api });
    } catch (e) {
      if (isConflict(e) && attempt < CONFLICT_RETRIES) continue; // someone wrote first: read again
      if (isNotFound(e) && attempt === 1) continue; // deleted since the batch read it: read again
      console.error(`${c.name}: reconcile ${key}: ${(e as Error).message}`);
      await ctx.requeue(key, FAILURE_REQUEUE_SECONDS).catch(() => undefined);
      return;
    }
  }
}
