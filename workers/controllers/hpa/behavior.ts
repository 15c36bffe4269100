/**
 * From a metric's recommendation to the replica count (Kubernetes' normalizeDesiredReplicasWithBehaviors):
 * stabilization (scale up to the lowest recommendation of the scale-up window, down to the
 * highest of the scale-down window), then the behavior's rate policies over the scale events of
 * each policy's period, then minReplicas/maxReplicas. The recommendations and scale events are the
 * controller's memory of each autoscaler (controller.ts).
 */
import type { ScalingRules } from '../../../lib/api/hpa.ts';
import { defaultScaleDown, defaultScaleUp } from '../../apiserver/registry/kinds/autoscaling/defaults.ts';

export const DEFAULT_DOWNSCALE_STABILIZATION_SECONDS = 300;

export interface Recommendation {
  at: number;
  replicas: number;
}
export interface ScaleEvent {
  at: number;
  /** replicas added (scale up) or removed (scale down) */
  change: number;
}
export interface Memory {
  recommendations: Recommendation[];
  up: ScaleEvent[];
  down: ScaleEvent[];
}

export interface Limited {
  replicas: number;
  /** ScalingLimited's reason and message */
  reason: string;
  message: string;
}

/** Stabilizes `desired` against the windows and records it. */
export function stabilize(mem: Memory, current: number, desired: number, up: ScalingRules, down: ScalingRules, now: number): number {
  const upWindow = (up.stabilizationWindowSeconds ?? 0) * 1000;
  const downWindow = (down.stabilizationWindowSeconds ?? DEFAULT_DOWNSCALE_STABILIZATION_SECONDS) * 1000;
  let upRec = desired;
  let downRec = desired;
  for (const r of mem.recommendations) {
    if (r.at > now - upWindow) upRec = Math.min(upRec, r.replicas);
    if (r.at > now - downWindow) downRec = Math.max(downRec, r.replicas);
  }
  const keep = Math.max(upWindow, downWindow);
  mem.recommendations = mem.recommendations.filter((r) => r.at > now - keep);
  mem.recommendations.push({ at: now, replicas: desired });
  let rec = current;
  if (rec < upRec) rec = upRec;
  if (rec > downRec) rec = downRec;
  return rec;
}

const changedWithin = (events: ScaleEvent[], periodSeconds: number, now: number) => events.filter((e) => e.at > now - periodSeconds * 1000).reduce((n, e) => n + e.change, 0);

export function scaleUpLimit(current: number, mem: Memory, rules: ScalingRules, now: number): number {
  if (rules.selectPolicy === 'Disabled') return current;
  const min = rules.selectPolicy === 'Min';
  let result = min ? Infinity : -Infinity;
  for (const p of rules.policies ?? []) {
    const start = current - changedWithin(mem.up, p.periodSeconds ?? 0, now) + changedWithin(mem.down, p.periodSeconds ?? 0, now);
    const proposed = p.type === 'Pods' ? start + (p.value ?? 0) : Math.ceil(start * (1 + (p.value ?? 0) / 100));
    result = min ? Math.min(result, proposed) : Math.max(result, proposed);
  }
  return Number.isFinite(result) ? result : current;
}

export function scaleDownLimit(current: number, mem: Memory, rules: ScalingRules, now: number): number {
  if (rules.selectPolicy === 'Disabled') return current;
  const min = rules.selectPolicy === 'Min';
  let result = min ? -Infinity : Infinity;
  for (const p of rules.policies ?? []) {
    const start = current - changedWithin(mem.up, p.periodSeconds ?? 0, now) + changedWithin(mem.down, p.periodSeconds ?? 0, now);
    const proposed = p.type === 'Pods' ? start - (p.value ?? 0) : Math.trunc(start * (1 - (p.value ?? 0) / 100));
    result = min ? Math.max(result, proposed) : Math.min(result, proposed);
  }
  return Number.isFinite(result) ? result : current;
}

/** The rate policies and the bounds. */
export function limit(mem: Memory, current: number, desired: number, minReplicas: number, maxReplicas: number, up: ScalingRules, down: ScalingRules, now: number): Limited {
  if (desired > current) {
    const rate = Math.max(current, scaleUpLimit(current, mem, up, now));
    const [bound, reason, message] = maxReplicas > rate ? [rate, 'ScaleUpLimit', 'the desired replica count is increasing faster than the maximum scale rate'] : [maxReplicas, 'TooManyReplicas', 'the desired replica count is more than the maximum replica count'];
    if (desired > bound) return { replicas: bound, reason, message };
  } else if (desired < current) {
    const rate = Math.min(current, scaleDownLimit(current, mem, down, now));
    const [bound, reason, message] = minReplicas < rate ? [rate, 'ScaleDownLimit', 'the desired replica count is decreasing faster than the maximum scale rate'] : [minReplicas, 'TooFewReplicas', 'the desired replica count is less than the minimum replica count'];
    if (desired < bound) return { replicas: bound, reason, message };
  }
  return { replicas: desired, reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
}

/** The rules in force: the autoscaler's behavior, or the defaults. */
export function rulesOf(behavior: { scaleUp?: ScalingRules | null; scaleDown?: ScalingRules | null } | null | undefined): { up: ScalingRules; down: ScalingRules } {
  return { up: behavior?.scaleUp ?? defaultScaleUp(), down: behavior?.scaleDown ?? defaultScaleDown() };
}

/** Remembers a rescale for the rate policies; forgets events older than the longest period. */
export function recordScale(mem: Memory, from: number, to: number, up: ScalingRules, down: ScalingRules, now: number): void {
  const longest = Math.max(0, ...(up.policies ?? []).map((p) => p.periodSeconds ?? 0), ...(down.policies ?? []).map((p) => p.periodSeconds ?? 0)) * 1000;
  mem.up = mem.up.filter((e) => e.at > now - longest);
  mem.down = mem.down.filter((e) => e.at > now - longest);
  if (to > from) mem.up.push({ at: now, change: to - from });
  else if (to < from) mem.down.push({ at: now, change: from - to });
}
