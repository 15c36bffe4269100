/**
 * Runs controllers on a batch of queue messages.
 *
 * Delivery guarantees of the queue (and so of this runner): at least once, in no particular
 * order, possibly batched with unrelated messages, of any cluster. The runner therefore
 * - splits the batch by cluster: each cluster's messages are run by that cluster's controllers,
 *   through that cluster's API path, with reads shared within the cluster only, side by side
 *   with the other clusters';
 * - dedupes: a key is reconciled once per batch however many messages name it, and again only
 *   when a controller's own write during the batch leads to it (BatchRun below);
 * - retries a reconcile that lost a write race (409) a few times with a fresh read (reads of its
 *   own, not the batch's shared ones), and once one whose write found its object gone (404), as
 *   happens when the batch's read predates a deletion;
 * - requeues, with a delay, a key whose reconcile failed otherwise (and the cron resync would
 *   catch it anyway).
 *
 * Within a batch, controllers run side by side; each maps the messages to keys concurrently and
 * reconciles up to `workers` distinct keys at once (never one key twice at once: key-queue.ts).
 * Reads of the changed objects are shared by all controllers (shared-reads.ts). The batch is done, and
 * acknowledged, once every reconcile and every event it recorded is written: the local queue
 * delivers the next batch only then, so the time a batch takes is the latency every change
 * queued behind it waits.
 */
import type { ChangeMessage } from '../../apiserver/env.ts';
import { controllersAct } from '../interest.ts';
import { isConflict, isNotFound } from '../../../lib/client/client.ts';
import type { Env, QueueMessage, RequeueMessage } from '../env.ts';
import type { Controller, ControllerContext, Settings } from './controller.ts';
import { controllerClient, informerReads } from './identity.ts';
import { ROOT_CLUSTER } from '../../../lib/auth/tokens.ts';
import { correlatorFor, eventRecorder } from './events.ts';
import { EventOutbox } from './event-outbox.ts';
import { eachLimited } from './limit.ts';
import { resyncDue } from './resync.ts';
import { SharedReads } from './shared-reads.ts';
import { KeyQueue, type Seeds } from './key-queue.ts';
import { resourcePath, type Resource } from '../../../lib/client/resources.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { alreadyHandled, markHandled, reportingWrites, type OwnWrite, type Touch } from './own-writes.ts';
import { Work } from './work.ts';
import { pendingRequeues, requeueId } from './requeues.ts';

const CONFLICT_RETRIES = 5;
const FAILURE_REQUEUE_SECONDS = 5;
/** keysFor calls in flight at once per controller (most read one object) */
const KEYS_AT_ONCE = 16;
const DEFAULT_WORKERS = 5;
/** own writes handled within one batch of one cluster at most (a runaway loop then goes through the queue) */
const MAX_OWN_CHANGES = 2_000;
/** waves of own writes sought at once (BatchRun.startWave) */
const WAVES_AT_ONCE = 2;
/**
 * Events written at once, all the batch's controllers together, in the order recorded
 * (event-outbox.ts). Not held back for the chain's sake: events held and released together
 * were written side by side, their commit order a race (`kubectl get events` by
 * resourceVersion showed Scheduled before SuccessfulCreate).
 */
const EVENT_WRITES_AT_ONCE = 16;

export function settingsFrom(env: Env): Settings {
  return { nodeMonitorGraceSeconds: Number(env.NODE_MONITOR_GRACE_SECONDS ?? 50), clusterCA: env.CLUSTER_CA };
}

/** A controller's context in one cluster for one batch (or one resync); `shared` defaults to reads of its own. */
export function contextFor(env: Env, c: Controller, cluster: string, shared = new SharedReads(), onWrite?: (w: OwnWrite) => void, onTouch?: Touch, events?: EventOutbox): ControllerContext {
  const reads = informerReads(env, cluster);
  const client = controllerClient(env, c, cluster, reads);
  const api = onWrite ? reportingWrites(client, cluster, onWrite, onTouch) : client;
  const now = () => new Date();
  return {
    cluster,
    api,
    shared: shared.through(reads),
    events: eventRecorder(api, c.name, now, correlatorFor(cluster), events),
    requeue: (key, seconds) => sendRequeue(env, { type: 'REQUEUE', cluster, controller: c.name, key }, seconds),
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

/** Sends `m` due in `seconds`, unless a message for its key is already due by then: one pending message per key, the earliest (requeues.ts). */
async function sendRequeue(env: Env, m: RequeueMessage, seconds: number): Promise<void> {
  const id = requeueId(m.cluster || ROOT_CLUSTER, m.controller, m.key);
  const delaySeconds = Math.max(0, Math.ceil(seconds));
  const now = Date.now();
  const at = now + delaySeconds * 1000;
  if (!pendingRequeues.ask(id, at, now)) return;
  try {
    await env.CHANGES.send(m, { delaySeconds });
  } catch (e) {
    pendingRequeues.forget(id, at);
    throw e;
  }
}

/** A requeue came: a later one asked for its key meanwhile (requeues.ts) is sent now. */
async function sendLater(env: Env, m: RequeueMessage): Promise<void> {
  const later = pendingRequeues.delivered(requeueId(m.cluster || ROOT_CLUSTER, m.controller, m.key));
  if (later === undefined) return;
  await sendRequeue(env, m, (later - Date.now()) / 1000).catch((e: Error) => console.error(`controllers: requeue ${m.controller} ${m.key}: ${e.message}`));
}

/** The controllers of a cluster: the same for all, or a set per cluster (index.ts). */
export type ControllersOf = Controller[] | ((cluster: string) => Controller[]);

/** Reconciles every key the messages lead to, cluster by cluster, side by side; resolves when all are done. */
export async function runMessages(env: Env, controllers: ControllersOf, messages: QueueMessage[]): Promise<void> {
  const byCluster = new Map<string, QueueMessage[]>();
  const laterSends: Promise<void>[] = [];
  for (const m of messages) {
    if (m.type === 'REQUEUE') laterSends.push(sendLater(env, m));
    // the queue's copy of a controller's own write, handled when it was answered (own-writes.ts)
    if (m.type !== 'REQUEUE' && m.type !== 'RESYNC' && alreadyHandled(m)) continue;
    const cluster = m.cluster || ROOT_CLUSTER;
    let ms = byCluster.get(cluster);
    if (!ms) byCluster.set(cluster, (ms = []));
    ms.push(m);
  }
  // one cluster failing (the batch is then delivered again) does not hold the others back
  const results = await Promise.allSettled([...byCluster].map(([cluster, ms]) => runCluster(env, typeof controllers === 'function' ? controllers(cluster) : controllers, cluster, ms)));
  await Promise.all(laterSends);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * One cluster's part of a batch: each controller's keys go to its queue (key-queue.ts) as soon as
 * its keysFor found them, and the controllers' own creates and updates are handled as they are
 * answered (own-writes.ts): their keys are sought at once, in waves (the writes answered while a
 * wave is being sought make the next one, with reads shared among them), and reconciled with
 * fresh reads. So a chain of controllers (Deployment → ReplicaSet → pods → scheduler) runs within
 * one batch instead of one batch per link. Done when no reconcile and no wave is left, then the
 * events recorded are written.
 *
 * "Fresh" means: the objects written take the latest answer of their writes (`latest`, also
 * `ctx.written`), the kinds any write of the batch touched (sent, answered or not) are read
 * again, and the other kinds come from the batch's reads, which are as new as the batch's
 * changes (a ReplicaSet created in the batch lists the namespace's pods with the batch).
 */
class BatchRun {
  private readonly work = new Work();
  /** the events of all the batch's controllers, written in the order recorded once its reconciles are done (held) */
  private readonly events = new EventOutbox(EVENT_WRITES_AT_ONCE, true);
  private readonly queues = new Map<Controller, KeyQueue>();
  private readonly contexts: ControllerContext[] = [];
  /** own writes whose keys are still to be sought, each with the controller that made it */
  private readonly next: { w: OwnWrite; by: Controller }[] = [];
  /** what the batch's own writes answered, the latest revision of each object (ControllerContext.written) */
  private readonly latest: Seeds = new Map();
  /** the batch's reads (of its messages' changes), and the kinds its controllers' writes touched since */
  private batchReads?: SharedReads;
  private readonly touched = new Set<string>();
  private touchedAll = false;
  /** objects a write of the batch changed without its answer saying how (patches, deletes, bindings), and their kinds and namespaces */
  private readonly unreported = new Set<string>();
  private readonly unreportedScopes = new Set<string>();
  /** by kind and namespace: the creates and updates sent and not yet answered, and the objects written */
  private readonly sending = new Map<string, number>();
  private readonly writtenByScope = new Map<string, Set<string>>();
  /**
   * What waves and fresh reconciles may read with the batch: the kinds not touched, the latest
   * answer of each object the batch wrote that nothing changed unreported since, and the lists
   * of a kind in a namespace where every write of the batch is answered and reported
   * (shared-reads.ts).
   */
  private readonly parent = () =>
    this.batchReads && {
      reads: this.batchReads,
      shares: (res: Resource) => !this.touchedAll && !this.touched.has(`${res.group}/${res.resource}`),
      written: (path: string) => (this.touchedAll || this.unreported.has(path) ? undefined : this.latest.get(path)?.object),
      writtenIn: (res: Resource, namespace: string | undefined) => {
        const scope = scopeKey(res, namespace);
        if (this.touchedAll || this.unreportedScopes.has(scope) || this.sending.get(scope)) return undefined;
        return [...(this.writtenByScope.get(scope) ?? [])].map((path) => this.latest.get(path)!.object);
      },
    };
  private ownChanges = 0;
  private waves = 0;

  constructor(
    private readonly env: Env,
    private readonly controllers: Controller[],
    private readonly cluster: string,
  ) {}

  async run(messages: QueueMessage[]): Promise<void> {
    const shared = new SharedReads(messages.filter((m): m is ChangeMessage => m.type !== 'REQUEUE' && m.type !== 'RESYNC'), this.cluster);
    this.batchReads = shared;
    const results = await Promise.allSettled(
      this.controllers.map((c) =>
        this.work.track(async () => {
          const ctx = this.context(c, shared);
          this.queueOf(c, ctx).addAll(await keysOf(c, ctx, messages), { fresh: false });
        }),
      ),
    );
    await this.work.idle();
    await this.events.flush();
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  private context(c: Controller, shared: SharedReads): ControllerContext {
    const touch = (res: Resource | undefined, namespace?: string, name?: string) => {
      if (!res) return void (this.touchedAll = true);
      this.touched.add(`${res.group}/${res.resource}`);
      const scope = scopeKey(res, namespace);
      if (name !== undefined) {
        this.unreported.add(resourcePath(res, namespace, name));
        this.unreportedScopes.add(scope);
        return;
      }
      this.sending.set(scope, (this.sending.get(scope) ?? 0) + 1);
      return () => void this.sending.set(scope, this.sending.get(scope)! - 1);
    };
    const ctx = contextFor(this.env, c, this.cluster, shared, (w) => this.written(w, c), touch, this.events);
    ctx.defer = (work) => void this.work.track(() => work).catch(() => undefined);
    ctx.written = <T extends KubeObject>(res: Resource, namespace: string | undefined, name: string) => this.latest.get(resourcePath(res, namespace, name))?.object as T | undefined;
    this.contexts.push(ctx);
    return ctx;
  }

  /** `c`'s queue; its reconciles of the batch's keys read with `batchCtx`, the others afresh. */
  private queueOf(c: Controller, batchCtx?: ControllerContext): KeyQueue {
    let q = this.queues.get(c);
    if (!q) {
      const ctx = batchCtx ?? this.context(c, new SharedReads());
      q = new KeyQueue(c.workers ?? DEFAULT_WORKERS, this.work, (key, { fresh, seeds }) => {
        if (!fresh) return reconcileOne(c, ctx, key);
        const reads = new SharedReads([], this.cluster, this.parent());
        // a seed may have been written again since the key was added (by the reconcile then
        // running, whose write made it come again): the latest answer, or its status write is a 409
        for (const [path, seed] of seeds ?? []) {
          const newest = this.latest.get(path);
          reads.remember(seed.res, (newest && newest.rev > seed.rev ? newest : seed).object);
        }
        return reconcileOne(c, this.context(c, reads), key);
      });
      this.queues.set(c, q);
    }
    return q;
  }

  private written(w: OwnWrite, by: Controller): void {
    const path = resourcePath(w.res, w.object.metadata.namespace, w.object.metadata.name);
    if ((this.latest.get(path)?.rev ?? -1) < w.change.rev) this.latest.set(path, { rev: w.change.rev, object: w.object, res: w.res });
    const scope = scopeKey(w.res, w.object.metadata.namespace);
    let paths = this.writtenByScope.get(scope);
    if (!paths) this.writtenByScope.set(scope, (paths = new Set()));
    paths.add(path);
    if (this.ownChanges >= MAX_OWN_CHANGES) return; // past it, the queue's copies carry them
    this.ownChanges++;
    this.next.push({ w, by });
    this.startWave();
  }

  /**
   * At most WAVES_AT_ONCE waves are sought at once: a lone write is looked at as soon as it is
   * answered, and the writes of a burst (a ReplicaSet's hundred pods) gather into a few waves
   * that share their reads, as a batch's messages do.
   */
  private startWave(): void {
    if (this.waves >= WAVES_AT_ONCE || !this.next.length) return;
    this.waves++;
    // counted from now on (the write's reconcile is still under way, so the batch cannot end
    // first), and the next wave starts within this one's tracked work
    void this.work.track(async () => {
      try {
        await this.wave();
      } finally {
        this.waves--;
        this.startWave();
      }
    });
  }

  private async wave(): Promise<void> {
    await Promise.resolve(); // writes answered at the same moment join this wave
    const made = this.next.splice(0);
    if (!made.length) return;
    const writes = made.map(({ w }) => w);
    const changes = writes.map((w) => w.change);
    /** the changes `c` looks at: not its own status writes, when it ignores them */
    const changesFor = (c: Controller) => (c.ignoresOwnStatusWrites ? made.filter(({ w, by }) => !(by === c && w.subresource === 'status')).map(({ w }) => w.change) : changes);
    const shared = new SharedReads(changes, this.cluster, this.parent());
    const seeds: Seeds = new Map();
    for (const w of writes) {
      shared.remember(w.res, w.object);
      const path = resourcePath(w.res, w.object.metadata.namespace, w.object.metadata.name);
      if ((seeds.get(path)?.rev ?? -1) < w.change.rev) seeds.set(path, { rev: w.change.rev, object: w.object, res: w.res });
    }
    const results = await Promise.allSettled(
      this.controllers.map(async (c) => {
        const ctx = this.context(c, shared);
        this.queueOf(c).addAll(await keysOf(c, ctx, changesFor(c)), { fresh: true, seeds });
      }),
    );
    // a change whose keys were not all found is left to the queue's copy
    // (only those the API server sends: interest.ts)
    if (results.every((r) => r.status === 'fulfilled')) changes.filter(controllersAct).forEach(markHandled);
    else console.error(`controllers: own write: ${((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason as Error).message}`);
  }
}

/** A kind in a namespace (or cluster-wide), as the batch keeps track of its writes. */
const scopeKey = (res: Resource, namespace: string | undefined) => `${res.group}/${res.resource}/${res.namespaced ? (namespace ?? '') : ''}`;

async function runCluster(env: Env, controllers: Controller[], cluster: string, messages: QueueMessage[]): Promise<void> {
  await new BatchRun(env, controllers, cluster).run(messages);
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
