/**
 * Event expiry. Kubernetes stores each event with an etcd lease (kube-apiserver's --event-ttl,
 * 1 h), so events vanish on their own an hour after their last write; here the cron deletes them
 * once their last occurrence is older than EVENT_TTL_SECONDS. Deletions go through the store, so
 * watchers see them as DELETED events, as they would a lease expiring.
 */
import type { Event } from '../../lib/api/core/event.ts';
import type { EventsV1Event } from '../../lib/api/events.ts';
import type { KubeObject } from '../../lib/api/meta.ts';
import type { Env } from './env.ts';
import { committing } from './handlers/store-context.ts';
import { toCoreEvent } from './registry/kinds/event-common.ts';
import { byResource, storagePrefix } from './registry/index.ts';
import { deleteObject } from './rest/store.ts';
import type { Storage } from './storage/types.ts';

export const DEFAULT_EVENT_TTL_SECONDS = 3600;
const APISERVER = { username: 'system:apiserver', groups: ['system:masters'] };

/** When an event last happened: its series' last observation, else lastTimestamp, eventTime, creation. */
export function lastSeen(e: Event): number {
  for (const t of [e.series?.lastObservedTime, e.lastTimestamp, e.eventTime, e.metadata.creationTimestamp]) {
    const ms = t ? Date.parse(t) : NaN;
    if (!Number.isNaN(ms)) return ms;
  }
  return NaN;
}

/** Deletes the expired events of both event APIs; returns how many went. */
export async function expireEvents(env: Env, storage: Storage, cluster: string, waitUntil: (p: Promise<unknown>) => void): Promise<number> {
  const ttlSeconds = Number(env.EVENT_TTL_SECONDS ?? DEFAULT_EVENT_TTL_SECONDS);
  const ctx = committing(env, waitUntil, { storage, cluster, user: APISERVER, manager: 'kube-apiserver', dryRun: false, now: () => new Date() });
  const cutoff = ctx.now().getTime() - ttlSeconds * 1000;
  const kinds = [
    { desc: byResource('', 'v1', 'events'), asCore: (o: KubeObject) => o as Event },
    { desc: byResource('events.k8s.io', 'v1', 'events'), asCore: (o: KubeObject) => toCoreEvent(o as EventsV1Event) },
  ];
  const seen = new Set<string>(); // both APIs may read the same stored events
  let expired = 0;
  for (const { desc, asCore } of kinds) {
    if (!desc || seen.has(storagePrefix(desc))) continue;
    seen.add(storagePrefix(desc));
    const { items } = await storage.list(storagePrefix(desc), { filter: (o) => lastSeen(asCore(o)) < cutoff });
    for (const e of items) {
      const { namespace, name, resourceVersion } = e.metadata;
      try {
        // conditional: an event repeated since the listing lives on
        await deleteObject(ctx, desc, namespace ?? '', name!, { preconditions: { resourceVersion } });
        expired++;
      } catch (err) {
        const code = (err as { status?: { code?: number } }).status?.code;
        if (code !== 404 && code !== 409) throw err;
      }
    }
  }
  return expired;
}
