/**
 * Metrics: the request counters of every apiserver isolate, in one place. Isolates send batches
 * of samples (`record`); `/metrics` renders the Prometheus text (`render`). Counters survive the
 * object's eviction (kept in its storage), like an API server's since its start.
 */
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../workers/apiserver/env.ts';
import { DURATION_BUCKETS, type RequestLabels, type Sample } from '../workers/apiserver/metrics/samples.ts';

interface State {
  /** request_total: labels+code → count */
  totals: Record<string, number>;
  /** duration: labels → per-bucket counts, sum, count */
  durations: Record<string, { buckets: number[]; sum: number; count: number }>;
}

const labelText = (l: Record<string, string>) =>
  Object.keys(l)
    .sort()
    .map((k) => `${k}="${l[k].replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)
    .join(',');

export class Metrics extends DurableObject<Env> {
  private state: State = { totals: {}, durations: {} };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.state = (await ctx.storage.get<State>('state')) ?? this.state;
    });
  }

  async record(samples: Sample[]): Promise<void> {
    for (const s of samples) {
      const key = JSON.stringify(s.labels);
      const totalKey = JSON.stringify({ ...s.labels, code: String(s.code) });
      this.state.totals[totalKey] = (this.state.totals[totalKey] ?? 0) + 1;
      const d = (this.state.durations[key] ??= { buckets: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 });
      DURATION_BUCKETS.forEach((b, i) => {
        if (s.seconds <= b) d.buckets[i]++;
      });
      d.sum += s.seconds;
      d.count++;
    }
    await this.ctx.storage.put('state', this.state);
  }

  /** Forgets every counter (the cluster was deleted). */
  async clear(): Promise<void> {
    this.state = { totals: {}, durations: {} };
    await this.ctx.storage.deleteAll();
  }

  async render(): Promise<string> {
    const out: string[] = [
      '# HELP apiserver_request_total Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
      '# TYPE apiserver_request_total counter',
    ];
    for (const [k, n] of Object.entries(this.state.totals)) out.push(`apiserver_request_total{${labelText(JSON.parse(k))}} ${n}`);
    out.push(
      '# HELP apiserver_request_duration_seconds Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.',
      '# TYPE apiserver_request_duration_seconds histogram',
    );
    for (const [k, d] of Object.entries(this.state.durations)) {
      const labels = JSON.parse(k) as RequestLabels & Record<string, string>;
      DURATION_BUCKETS.forEach((b, i) => out.push(`apiserver_request_duration_seconds_bucket{${labelText({ ...labels, le: String(b) })}} ${d.buckets[i]}`));
      out.push(`apiserver_request_duration_seconds_bucket{${labelText({ ...labels, le: '+Inf' })}} ${d.count}`);
      out.push(`apiserver_request_duration_seconds_sum{${labelText(labels)}} ${d.sum}`);
      out.push(`apiserver_request_duration_seconds_count{${labelText(labels)}} ${d.count}`);
    }
    return out.join('\n') + '\n';
  }
}
