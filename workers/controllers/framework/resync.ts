/**
 * How often the cron resync visits a controller. The resync only catches what a lost change
 * message left behind, and each visit costs reads of every key (the garbage collector lists
 * everything): the expensive controllers are visited every few minutes, as Kubernetes' own
 * periods are minutes (resource-quota-sync-period and namespace-sync-period are 5 m; the garbage
 * collector and the workload controllers resync from their informers' memory, which costs no
 * request). Each controller's visits fall on minutes of their own (an offset from its name), so
 * they do not all come in the same cron run.
 */
import type { Controller } from './controller.ts';

/** Whether the cron run of the minute holding `at` resyncs `c`. */
export function resyncDue(c: Pick<Controller, 'name' | 'resyncMinutes'>, at: Date): boolean {
  const every = Math.max(1, Math.floor(c.resyncMinutes ?? 1));
  if (every === 1) return true;
  const minute = Math.floor(at.getTime() / 60_000);
  if (!Number.isFinite(minute)) return true; // no time given: visit
  return (minute + offset(c.name)) % every === 0;
}

function offset(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}
