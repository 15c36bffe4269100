/**
 * Where the pod watch starts again after it stopped — the rules of client-go's reflector, each
 * branch with its reason. Pure, so each rule is tested.
 */
export type WatchEnd =
  /** nothing listed yet: the agent has just started */
  | { kind: 'start' }
  /** the server ended the stream normally (its timeout, a restart of the hub) */
  | { kind: 'closed' }
  /** the watch could not be opened or broke (network, 5xx) */
  | { kind: 'failed' }
  /** the server said our resourceVersion is compacted away (410 Gone / Expired) */
  | { kind: 'expired' };

export type NextStep =
  | { action: 'list' }
  | { action: 'watch'; resourceVersion: string };

export function nextStep(end: WatchEnd, lastResourceVersion: string | undefined): NextStep {
  switch (end.kind) {
    case 'start':
      // the first view must be complete: list, then watch from the list's resourceVersion
      return { action: 'list' };
    case 'expired':
      // events between our version and now are gone: only a fresh list tells what changed,
      // including pods deleted meanwhile (those missing from it)
      return { action: 'list' };
    case 'closed':
    case 'failed':
      // nothing is lost while the log still holds our version: resume right after it; if it
      // was compacted meanwhile, the server answers 410 and the next step is a list
      return lastResourceVersion ? { action: 'watch', resourceVersion: lastResourceVersion } : { action: 'list' };
  }
}

/** Delay before reconnecting after failures in a row: 0.5 s doubling to 30 s; none after a normal end. */
export function reconnectDelay(end: WatchEnd, failuresInARow: number): number {
  if (end.kind !== 'failed') return 0;
  return Math.min(30_000, 500 * 2 ** Math.max(0, failuresInARow - 1));
}
