/**
 * The probes' bookkeeping, as the kubelet keeps it: defaults (period 10 s, timeout 1 s,
 * success 1, failure 3, no initial delay), the result before any probe ran (readiness: not
 * ready; liveness: alive; startup: not started), and results that flip only after
 * `successThreshold` / `failureThreshold` consecutive outcomes the other way.
 */
import type { Probe } from '../../lib/api/core/pod.ts';

export type ProbeKind = 'startup' | 'readiness' | 'liveness';
export type ProbeResult = 'success' | 'failure' | 'unknown';

export interface ProbeParams {
  initialDelayMs: number;
  periodMs: number;
  timeoutMs: number;
  successThreshold: number;
  failureThreshold: number;
}

export function probeParams(p: Probe, kind: ProbeKind): ProbeParams {
  const positive = (v: number | undefined, d: number) => (v && v > 0 ? v : d);
  return {
    initialDelayMs: Math.max(0, p.initialDelaySeconds ?? 0) * 1000,
    periodMs: positive(p.periodSeconds, 10) * 1000,
    timeoutMs: positive(p.timeoutSeconds, 1) * 1000,
    // liveness and startup probes must have successThreshold 1 (validation enforces it too)
    successThreshold: kind === 'readiness' ? positive(p.successThreshold, 1) : 1,
    failureThreshold: positive(p.failureThreshold, 3),
  };
}

export interface ProbeTracker {
  result: ProbeResult;
  successes: number;
  failures: number;
}

export function initialTracker(kind: ProbeKind): ProbeTracker {
  const result: ProbeResult = kind === 'liveness' ? 'success' : kind === 'readiness' ? 'failure' : 'unknown';
  return { result, successes: 0, failures: 0 };
}

/** The tracker after one probe's outcome. */
export function observe(t: ProbeTracker, params: ProbeParams, ok: boolean): ProbeTracker {
  const successes = ok ? t.successes + 1 : 0;
  const failures = ok ? 0 : t.failures + 1;
  let result = t.result;
  if (ok && successes >= params.successThreshold) result = 'success';
  if (!ok && failures >= params.failureThreshold) result = 'failure';
  return { result, successes, failures };
}

/** When the next probe runs: not before the initial delay after the start, then every period. */
export function nextProbeAt(startedAt: number, lastRun: number | undefined, params: ProbeParams): number {
  const first = startedAt + params.initialDelayMs;
  return lastRun === undefined ? first : Math.max(first, lastRun + params.periodMs);
}
