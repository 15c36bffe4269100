/**
 * One cluster's request counters, as a Metrics object keeps them (durable/metrics.ts) and
 * `/metrics` shows them: apiserver_request_total by labels and code, and the duration histogram.
 * Plain data, so that the object stores them as they are.
 */
import { DURATION_BUCKETS, type RequestLabels, type Sample } from './samples.ts';

export interface Counters {
  /** request_total: labels+code → count */
  totals: Record<string, number>;
  /** duration: labels → per-bucket counts, sum, count */
  durations: Record<string, { buckets: number[]; sum: number; count: number }>;
}

export const emptyCounters = (): Counters => ({ totals: {}, durations: {} });

export function count(c: Counters, s: Sample): void {
  const key = JSON.stringify(s.labels);
  const totalKey = JSON.stringify({ ...s.labels, code: String(s.code) });
  c.totals[totalKey] = (c.totals[totalKey] ?? 0) + 1;
  const d = (c.durations[key] ??= { buckets: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 });
  DURATION_BUCKETS.forEach((b, i) => {
    if (s.seconds <= b) d.buckets[i]++;
  });
  d.sum += s.seconds;
  d.count++;
}

const labelText = (l: Record<string, string>) =>
  Object.keys(l)
    .sort()
    .map((k) => `${k}="${l[k].replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)
    .join(',');

/** The Prometheus text of `c`. */
export function renderCounters(c: Counters): string {
  const out: string[] = [
    '# HELP apiserver_request_total Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
    '# TYPE apiserver_request_total counter',
  ];
  for (const [k, n] of Object.entries(c.totals)) out.push(`apiserver_request_total{${labelText(JSON.parse(k))}} ${n}`);
  out.push(
    '# HELP apiserver_request_duration_seconds Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.',
    '# TYPE apiserver_request_duration_seconds histogram',
  );
  for (const [k, d] of Object.entries(c.durations)) {
    const labels = JSON.parse(k) as RequestLabels & Record<string, string>;
    DURATION_BUCKETS.forEach((b, i) => out.push(`apiserver_request_duration_seconds_bucket{${labelText({ ...labels, le: String(b) })}} ${d.buckets[i]}`));
    out.push(`apiserver_request_duration_seconds_bucket{${labelText({ ...labels, le: '+Inf' })}} ${d.count}`);
    out.push(`apiserver_request_duration_seconds_sum{${labelText(labels)}} ${d.sum}`);
    out.push(`apiserver_request_duration_seconds_count{${labelText(labels)}} ${d.count}`);
  }
  return out.join('\n') + '\n';
}
