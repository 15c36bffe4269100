/**
 * The tenant clusters the cron visits: those written since its last visit, so an idle cluster
 * costs the cron nothing and a visit costs O(clusters that changed), read from the recent end of
 * the log (Storage.segmentsWrittenAfter), never O(clusters).
 *
 * The cursor is the log revision of the last visit, kept in the isolate. An isolate without one
 * (the first run, or a fresh isolate, as cron invocations often get) starts at the compaction
 * point, which lags the log by the compaction window (5 min) and so covers the minute since the
 * previous run: a cluster may be visited a few times more, never skipped.
 *
 * A cluster whose only writes since are the creations of its bootstrap (bootstrap.ts: every
 * system object, written in one batch by the API server itself) is not visited: nothing in it can
 * have been missed by a controller, and a visit (every controller's listing, the default policy's
 * reconciliation) would cost an empty cluster about a second of CPU, a class's worth at once.
 */
import type { Storage } from '../storage/types.ts';
import { CLUSTERS_PREFIX } from '../storage/scoped.ts';
import { isServed } from './records.ts';

let cursor = 0;

/**
 * Tenant clusters written since the previous call (`root`: the root cluster's storage), but those
 * whose writes are exactly `bootstrapWrites` creations (a new cluster's bootstrap).
 */
export async function tenantsChangedSinceLastVisit(root: Storage, bootstrapWrites: number): Promise<string[]> {
  const after = Math.max(cursor, await root.compactedRev());
  const { current, segments } = await root.segmentsWrittenAfter(after, CLUSTERS_PREFIX);
  cursor = Math.max(cursor, current);
  const written = segments.filter((s) => !(s.writes === bootstrapWrites && s.creates === bootstrapWrites)).map((s) => s.name);
  const served = await Promise.all(written.map(async (name) => ((await isServed(root, name)) ? name : undefined)));
  return served.filter((n): n is string => n !== undefined);
}

/** For tests: forget the cursor. */
export const resetCursor = () => void (cursor = 0);
