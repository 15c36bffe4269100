/**
 * Garbage collector (generic-garbage-collector): cascading deletion through ownerReferences.
 *
 * Change messages name objects, never their content (but for two facts: whether the owner
 * references changed, whether the object is being deleted; a write with neither is skipped), and
 * a deleted object cannot be read back: so a written object is looked at by itself (an owner being deleted in the foreground or with
 * `orphan`, or a dependent whose owners may be gone), while a deletion in a namespace is followed
 * by a scan of that namespace (dependents whose owner just went, foreground owners whose last
 * blocking dependent just went). The cron resync scans the whole cluster.
 *
 * Keys: `obj/<group>/<resource>/<namespace>/<name>` (namespace empty when cluster-scoped),
 * `scan/<namespace>`, `scan/*` for every namespace and the cluster scope.
 */
import { isEvent } from '../interest.ts';
import type { ChangeMessage } from '../../apiserver/env.ts';
import { isConflict } from '../../../lib/client/client.ts';
import { ROOT_CLUSTER } from '../../../lib/auth/tokens.ts';
import type { Controller, ControllerContext } from '../framework/controller.ts';
import { Collector, snapshot, type Tracked } from './collector.ts';
import { dependentsOf, isDeletingDependents, isOrphaning } from './references.ts';
import { resourceMap, type ResourceMap } from './resources.ts';
import { groupOf } from '../../../lib/api/group-version.ts';

const ALL = '*';
/** re-check a cluster-scoped owner waiting for dependents (their deletions scan namespaces, not it) */
const RECHECK_SECONDS = 5;
/** a scan that lost races is run again soon rather than retried at once over every object */
const SCAN_RETRY_SECONDS = 1;
/**
 * Scans of everything for cluster-scoped deletions, per cluster: one at once, then at most one
 * per window (the later ones wait for the window's end, one pending message for all). The window
 * is a second, or four times the last such scan's duration, so that a burst's scans take at most
 * about a quarter of the controllers' time however big the cluster (deleting a class's clusters one
 * after another made a scan of the root's every kind per Cluster: 200 deletions, ~8 000 lists,
 * workerd +97 MB while they ran). A scan that comes from the queue (the window's end, the cron)
 * counts as one too: before, the requeued scan at a window's end did not, and a burst ran two a
 * second.
 */
const WIDE_SCAN_EVERY_MS = 1_000;
const WIDE_SCAN_WINDOW_PER_SCAN = 4;
/** per isolate, by cluster: when the last scan of everything started, and how long it took; bounded */
const wideScans = new Map<string, { at: number; tookMs: number }>();
const MAX_WIDE_SCANS = 4_096;

export const forgetWideScans = () => wideScans.clear();

const windowOf = (last: { tookMs: number }) => Math.max(WIDE_SCAN_EVERY_MS, WIDE_SCAN_WINDOW_PER_SCAN * last.tookMs);

function noteWideScan(cluster: string, at: number, tookMs: number): void {
  if (wideScans.size >= MAX_WIDE_SCANS && !wideScans.has(cluster)) wideScans.delete(wideScans.keys().next().value!);
  wideScans.set(cluster, { at, tookMs });
}

/** The keys a cluster-scoped deletion leads to: the scan of everything now, or its requeue to the window's end. */
async function wideScan(changed: string, ctx: ControllerContext): Promise<string[]> {
  const cluster = changed || ROOT_CLUSTER;
  const now = ctx.now().getTime();
  const last = wideScans.get(cluster);
  if (last === undefined || now - last.at >= windowOf(last)) {
    noteWideScan(cluster, now, last?.tookMs ?? 0);
    return [scanKey(ALL)];
  }
  await ctx.requeue(scanKey(ALL), (last.at + windowOf(last) - now) / 1000);
  return [];
}

/** A scan of everything, timed for the window (wideScan). */
async function timedWideScan(ctx: ControllerContext, map: ResourceMap, key: string): Promise<void> {
  const cluster = ctx.cluster || ROOT_CLUSTER;
  const at = ctx.now().getTime();
  noteWideScan(cluster, at, wideScans.get(cluster)?.tookMs ?? 0);
  try {
    await scan(ctx, map, key, undefined);
  } finally {
    noteWideScan(cluster, at, ctx.now().getTime() - at);
  }
}

const objectKey = (group: string, resource: string, namespace: string, name: string) => `obj/${group}/${resource}/${namespace}/${name}`;
const scanKey = (namespace: string) => `scan/${namespace}`;

export const garbageCollector: Controller = {
  name: 'generic-garbage-collector',
  resyncMinutes: 10,
  async keysFor(change: ChangeMessage, ctx) {
    if (isEvent(change)) return [];
    // a write that neither changed the owner references nor deletes: nothing for the collector
    // (leases renewed, statuses written), as Kubernetes' graph builder ignores such updates
    if (change.type !== 'DELETED' && change.ownersChanged === false && !change.deleting) return [];
    if (change.type !== 'DELETED') return [objectKey(change.group, change.resource, change.namespace ?? '', change.name)];
    if (change.namespace) return [scanKey(change.namespace)];
    // a deleted namespace is emptied by the namespace controller; any other cluster-scoped owner
    // may have dependents anywhere
    return change.group === '' && change.resource === 'namespaces' ? [] : wideScan(change.cluster, ctx);
  },
  resync: async () => [scanKey(ALL)],
  async reconcile(key, ctx) {
    const map = await resourceMap(ctx.api, { cluster: ctx.cluster });
    const parts = key.split('/');
    if (parts[0] === 'scan') return parts[1] === ALL ? timedWideScan(ctx, map, key) : scan(ctx, map, key, parts[1]);
    if (parts[0] === 'obj' && parts.length === 5) return reconcileObject(ctx, map, parts[1], parts[2], parts[3], parts[4]);
  },
};

async function reconcileObject(ctx: ControllerContext, map: ResourceMap, group: string, resource: string, namespace: string, name: string): Promise<void> {
  const res = map.byResource(group, resource);
  if (!res || !map.collectable.includes(res)) return;
  // a shared read: what is decided on it is written conditionally on its resourceVersion
  const obj = await ctx.shared.get(res, res.namespaced ? namespace : undefined, name);
  if (!obj) return;
  const t: Tracked = { res, obj };
  const collector = new Collector(ctx, map);
  // an owner's dependents live in its namespace, or anywhere for a cluster-scoped owner
  const scope = () => snapshot(ctx, map, res.namespaced ? namespace : undefined);
  if (isOrphaning(obj)) return collector.orphan(t, await scope());
  if (isDeletingDependents(obj)) return foreground(ctx, collector, t, await scope());
  let objects: Promise<Tracked[]> | undefined;
  await collector.attempt(t, async () => dependentsOf(obj, await (objects ??= scope())).length > 0);
}

/** A foreground owner; one that is cluster-scoped is looked at again while it waits. */
async function foreground(ctx: ControllerContext, collector: Collector, owner: Tracked, objects: Tracked[]): Promise<void> {
  const released = await collector.foreground(owner, objects);
  if (!released && !owner.res.namespaced) await ctx.requeue(objectKey(owner.res.group, owner.res.resource, '', owner.obj.metadata.name!), RECHECK_SECONDS);
}

/**
 * Everything in a namespace (or the cluster) at once: owners being deleted first, then each
 * dependent whose owners are not all present in the same listing (confirmed by reading them).
 */
async function scan(ctx: ControllerContext, map: ResourceMap, key: string, namespace: string | undefined): Promise<void> {
  const objects = await snapshot(ctx, map, namespace);
  const collector = new Collector(ctx, map);
  const present = new Map(objects.map((t) => [t.obj.metadata.uid, t]));
  const handled = new Set<string | undefined>();
  let lostRaces = false;
  const step = async (t: Tracked, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (e) {
      if (!isConflict(e)) throw e;
      lostRaces = true;
    }
    handled.add(t.obj.metadata.uid);
  };
  for (const t of objects) {
    if (isOrphaning(t.obj)) await step(t, () => collector.orphan(t, objects));
    else if (isDeletingDependents(t.obj)) await step(t, () => foreground(ctx, collector, t, objects));
    else continue;
    // what the owner's handling touched is no longer as listed
    for (const dep of dependentsOf(t.obj, objects)) handled.add(dep.obj.metadata.uid);
  }
  for (const t of objects) {
    if (handled.has(t.obj.metadata.uid) || t.obj.metadata.deletionTimestamp || allOwnersPresent(t, present)) continue;
    await step(t, () => collector.attempt(t, async () => dependentsOf(t.obj, objects).length > 0));
  }
  if (lostRaces) await ctx.requeue(key, SCAN_RETRY_SECONDS);
}

/** Every owner reference resolves, in this listing, to a live owner of that kind and uid. */
function allOwnersPresent(t: Tracked, present: Map<string | undefined, Tracked>): boolean {
  return (t.obj.metadata.ownerReferences ?? []).every((ref) => {
    const owner = present.get(ref.uid);
    if (!owner || owner.res.kind !== ref.kind || owner.res.group !== groupOf(ref.apiVersion) || isDeletingDependents(owner.obj)) return false;
    return !owner.res.namespaced || owner.obj.metadata.namespace === t.obj.metadata.namespace;
  });
}
