/**
 * Reads that keysFor repeats for many messages of one batch (the ReplicaSets or Deployments of a
 * namespace, for each pod change), done once per batch: the runner gives each batch its own API
 * client, which keys the cache, so nothing outlives the batch. A read that fails is forgotten.
 */
import type { ControllerContext } from '../framework/controller.ts';

const byBatch = new WeakMap<object, Map<string, Promise<unknown>>>();

export function oncePerBatch<T>(ctx: ControllerContext, key: string, read: () => Promise<T>): Promise<T> {
  let cache = byBatch.get(ctx.api);
  if (!cache) byBatch.set(ctx.api, (cache = new Map()));
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    cache.set(key, (hit = read()));
    hit.catch(() => cache.delete(key));
  }
  return hit;
}

/** Drops a cached read (its object changed within the batch). */
export const forget = (ctx: ControllerContext, key: string) => void byBatch.get(ctx.api)?.delete(key);
