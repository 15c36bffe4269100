/**
 * The watch hubs of a cluster's resources (durable/watch-hub.ts), and the pokes that tell them the
 * log moved. A hub that answers a poke with no watcher is not poked again by this isolate for
 * QUIET_MS: a write to a resource nobody watches then costs no Durable Object call (one per hub
 * at most every QUIET_MS, which also lets an unused hub be evicted). A watch opened through this
 * isolate ends that at once; one opened through another isolate meanwhile is fed by the hub's own
 * polling of the log (every second) until this isolate's next poke: only its first moments may
 * lag, never lose an event (the log is the source, a poke only a hint).
 */
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';

const QUIET_MS = 2_000;
const MAX_REMEMBERED = 10_000;

/** by hub name: until when it is not poked, and when this isolate last opened a watch on it */
const hubs = new Map<string, { quietUntil: number; watchedAt: number }>();

const hubName = (cluster: string, desc: KindDescriptor) => `${cluster}/${desc.group}/${desc.resource}`;

export function hubFor(env: AppEnv['Bindings'], cluster: string, desc: KindDescriptor) {
  return env.WATCH_HUB.get(env.WATCH_HUB.idFromName(hubName(cluster, desc)));
}

function stateOf(name: string) {
  let s = hubs.get(name);
  if (!s) {
    if (hubs.size >= MAX_REMEMBERED) hubs.clear();
    hubs.set(name, (s = { quietUntil: 0, watchedAt: 0 }));
  }
  return s;
}

/** This isolate opens a watch on the hub: poke it from now on. */
export function noteWatched(cluster: string, desc: KindDescriptor): void {
  const s = stateOf(hubName(cluster, desc));
  s.quietUntil = 0;
  s.watchedAt = Date.now();
}

/** Tells the hubs of `descs` (each once: a resource's versions share one) the log moved to `rev`. */
export function pokeHubs(env: AppEnv['Bindings'], cluster: string, descs: KindDescriptor[], rev: number): Promise<void>[] {
  const byHub = new Map(descs.map((d) => [hubName(cluster, d), d]));
  return [...byHub.values()].map((d) => pokeHub(env, cluster, d, rev));
}

/** Tells the hub the log moved to `rev`, unless it said lately that nobody watches it. */
export async function pokeHub(env: AppEnv['Bindings'], cluster: string, desc: KindDescriptor, rev: number): Promise<void> {
  const s = stateOf(hubName(cluster, desc));
  const sentAt = Date.now();
  if (s.quietUntil > sentAt) return;
  const watchers = await hubFor(env, cluster, desc).poke(rev);
  // a watch this isolate opened lately is not undone by the answer: its request may still be on
  // its way to the hub, overtaken by this poke (a fresh hub's first events would wait for its poll)
  if (watchers === 0 && s.watchedAt < sentAt - QUIET_MS) s.quietUntil = Date.now() + QUIET_MS;
}
