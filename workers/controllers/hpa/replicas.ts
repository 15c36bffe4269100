/**
 * The replica count a resource metric asks for (Kubernetes' ReplicaCalculator.GetResourceReplicas,
 * and the raw-value variant): ratio = usage / target over the pods that have metrics,
 * desired = ceil(ratio × pods), nothing changes within the tolerance (0.1). Pods are grouped as
 * Kubernetes groups them: deleted or failed pods are ignored; pending pods, and for CPU pods not
 * Ready within their first 5 minutes, are unready (their usage does not count, and counts as 0 %
 * when scaling up); pods without metrics count as 100 % of their request (or the target when it
 * is higher) when scaling down and 0 % when scaling up, so neither direction is overdone. A
 * recommendation that flips direction once those are counted is no change.
 */

export const TOLERANCE = 0.1;
const CPU_INITIALIZATION_MS = 5 * 60_000;

export interface PodSample {
  name: string;
  phase?: string;
  deleting?: boolean;
  ready: boolean;
  /** when it started (epoch ms); undefined: not started */
  startedAt?: number;
  /** the sum of its containers' requests of the resource (milli-units); undefined when a container has none */
  request?: number;
  /** the container missing a request, for the message */
  missingRequestIn?: string;
}

export type Outcome = { replicas: number; utilization?: number; rawAverage: number } | { error: string };

/** Milli-units of usage per pod from the metrics API. */
export type Usage = Map<string, number>;

function group(pods: PodSample[], usage: Usage, resource: string, now: number) {
  const ready: string[] = [];
  const unready: string[] = [];
  const missing: string[] = [];
  for (const p of pods) {
    if (p.deleting || p.phase === 'Failed') continue;
    if (p.phase === 'Pending') {
      unready.push(p.name);
      continue;
    }
    if (!usage.has(p.name)) {
      missing.push(p.name);
      continue;
    }
    if (resource === 'cpu' && !p.ready && (p.startedAt === undefined || now - p.startedAt < CPU_INITIALIZATION_MS)) {
      unready.push(p.name);
      continue;
    }
    ready.push(p.name);
  }
  return { ready, unready, missing };
}

/** Replicas for a Utilization target (percentage of request). */
export function replicasForUtilization(current: number, pods: PodSample[], usage: Usage, resource: string, target: number, now: number, tolerance = TOLERANCE): Outcome {
  if (!pods.length) return { error: 'no pods returned by selector while calculating replica count' };
  const { ready, unready, missing } = group(pods, usage, resource, now);
  const metrics = new Map(ready.map((n) => [n, usage.get(n)!]));
  if (!metrics.size) return { error: 'did not receive metrics for targeted pods (pods might be unready)' };
  const requests = new Map<string, number>();
  for (const p of pods) {
    if (p.request === undefined) return { error: `missing request for ${resource} in container ${p.missingRequestIn ?? ''} of Pod ${p.name}` };
    requests.set(p.name, p.request);
  }
  const ratioOf = (m: Map<string, number>) => {
    let used = 0;
    let requested = 0;
    for (const [n, u] of m) {
      used += u;
      requested += requests.get(n) ?? 0;
    }
    if (requested === 0) return undefined;
    const utilization = Math.trunc((used * 100) / requested);
    return { ratio: utilization / target, utilization, raw: Math.trunc(used / m.size) };
  };
  const first = ratioOf(metrics);
  if (!first) return { error: `missing request for ${resource}` };
  const scaleUpWithUnready = unready.length > 0 && first.ratio > 1;
  if (!scaleUpWithUnready && !missing.length) {
    if (Math.abs(1 - first.ratio) <= tolerance) return { replicas: current, utilization: first.utilization, rawAverage: first.raw };
    return { replicas: Math.ceil(first.ratio * ready.length), utilization: first.utilization, rawAverage: first.raw };
  }
  if (missing.length) {
    if (first.ratio < 1) {
      const fallback = Math.max(100, target);
      for (const n of missing) metrics.set(n, ((requests.get(n) ?? 0) * fallback) / 100);
    } else if (first.ratio > 1) for (const n of missing) metrics.set(n, 0);
  }
  if (scaleUpWithUnready) for (const n of unready) metrics.set(n, 0);
  const second = ratioOf(metrics)!;
  const keep = { replicas: current, utilization: first.utilization, rawAverage: first.raw };
  if (Math.abs(1 - second.ratio) <= tolerance || (first.ratio < 1 && second.ratio > 1) || (first.ratio > 1 && second.ratio < 1)) return keep;
  const replicas = Math.ceil(second.ratio * metrics.size);
  if ((second.ratio < 1 && replicas > current) || (second.ratio > 1 && replicas < current)) return keep;
  return { replicas, utilization: first.utilization, rawAverage: first.raw };
}

/** Replicas for an AverageValue target (milli-units per pod), as GetRawResourceReplicas: usage over the target, without requests. */
export function replicasForAverageValue(current: number, pods: PodSample[], usage: Usage, resource: string, targetMilli: number, now: number, tolerance = TOLERANCE): Outcome {
  if (!pods.length) return { error: 'no pods returned by selector while calculating replica count' };
  const { ready, unready, missing } = group(pods, usage, resource, now);
  const metrics = new Map(ready.map((n) => [n, usage.get(n)!]));
  if (!metrics.size) return { error: 'did not receive metrics for targeted pods (pods might be unready)' };
  const ratioOf = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0) / m.size / targetMilli;
  const raw = Math.trunc([...metrics.values()].reduce((a, b) => a + b, 0) / metrics.size);
  const first = ratioOf(metrics);
  const scaleUpWithUnready = unready.length > 0 && first > 1;
  if (!scaleUpWithUnready && !missing.length) {
    if (Math.abs(1 - first) <= tolerance) return { replicas: current, rawAverage: raw };
    return { replicas: Math.ceil(first * ready.length), rawAverage: raw };
  }
  if (missing.length) for (const n of missing) metrics.set(n, first < 1 ? targetMilli : 0);
  if (scaleUpWithUnready) for (const n of unready) metrics.set(n, 0);
  const second = ratioOf(metrics);
  if (Math.abs(1 - second) <= tolerance || (first < 1 && second > 1) || (first > 1 && second < 1)) return { replicas: current, rawAverage: raw };
  const replicas = Math.ceil(second * metrics.size);
  if ((second < 1 && replicas > current) || (second > 1 && replicas < current)) return { replicas: current, rawAverage: raw };
  return { replicas, rawAverage: raw };
}
