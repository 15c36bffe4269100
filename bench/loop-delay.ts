/**
 * A process's event-loop delay: how long a callback that was due waited for the loop. Node's
 * histogram records each whole interval between its timer's runs, the timer's own period
 * included; that period is taken off here, so an idle loop reads ~0 ms, not ~10.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoopDelay {
  p99Ms: number;
  maxMs: number;
}

const RESOLUTION_MS = 10;

export function loopDelayMonitor() {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const beyondPeriod = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  return {
    /** the delay since the last `take()` (or the start), then starts over */
    take(): LoopDelay {
      const delay = { p99Ms: beyondPeriod(histogram.percentile(99)), maxMs: beyondPeriod(histogram.max) };
      histogram.reset();
      return delay;
    },
  };
}
