/**
 * horizontal-pod-autoscaler: every 15 s (Kubernetes' --horizontal-pod-autoscaler-sync-period),
 * and on every change of an autoscaler, reads the target's scale subresource, its pods and their
 * metrics (metrics.k8s.io, served from the nodes' usage), computes the replica count each metric
 * asks for (replicas.ts: tolerance, unready and missing pods), takes the highest, stabilizes and
 * limits it (behavior.ts), writes it through `/scale`, and reports status, conditions and events
 * with Kubernetes' reasons and messages. The 15 s clock is a delayed queue message per
 * autoscaler, one pending at a time (nodelifecycle/recheck.ts); the cron resync restarts a lost
 * one. Recommendations and scale events (the stabilization windows and rate policies) are kept in
 * memory per cluster and isolate, as kube-controller-manager keeps them: a new isolate starts with
 * none, which at worst lets one scale-down come before its window.
 */
import type { HorizontalPodAutoscaler, HpaCondition, MetricSpec, MetricStatus } from '../../../lib/api/hpa.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { groupOf } from '../../../lib/api/group-version.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { parseQuantity } from '../../../lib/quantity/quantity.ts';
import type { Controller, ControllerContext } from '../framework/controller.ts';
import { keyOf, splitKey } from '../framework/controller.ts';
import { Rechecks } from '../nodelifecycle/recheck.ts';
import { limit, recordScale, rulesOf, stabilize, type Memory } from './behavior.ts';
import { replicasForAverageValue, replicasForUtilization, type PodSample, type Usage } from './replicas.ts';

export const SYNC_SECONDS = 15;
const HPA = { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers', namespaced: true };
const PODS = { group: '', version: 'v1', resource: 'pods', namespaced: true };
const POD_METRICS = { group: 'metrics.k8s.io', version: 'v1beta1', resource: 'pods', namespaced: true };
/** the scale targets served, by group and kind (a REST mapping by group and kind: the target's version is not looked at) */
const SCALABLE: Record<string, string> = { 'apps/Deployment': 'deployments', 'apps/ReplicaSet': 'replicasets', 'apps/StatefulSet': 'statefulsets' };

interface Scale extends KubeObject {
  spec?: { replicas?: number };
  status?: { replicas?: number; selector?: string };
}

const milli = (q: string | number | undefined | null) => (q == null ? undefined : Number(parseQuantity(q)?.nano ?? 0n) / 1e6);

export function newHpaController(): Controller {
  const memory = new Map<string, Memory>();
  const rechecks = new Rechecks();
  return {
    name: 'horizontal-pod-autoscaler',
    keysFor: (change) => (change.group === 'autoscaling' && change.resource === 'horizontalpodautoscalers' ? [`${change.namespace}/${change.name}`] : []),
    resync: async (ctx) => (await ctx.api.list<HorizontalPodAutoscaler>(HPA)).items.map(keyOf),
    resyncMinutes: 1,
    async reconcile(key, ctx) {
      const now = ctx.now().getTime();
      rechecks.fired(key, now);
      const [namespace, name] = splitKey(key);
      const hpa = await ctx.api.get<HorizontalPodAutoscaler>(HPA, namespace, name);
      if (!hpa || hpa.metadata.deletionTimestamp) {
        memory.delete(key);
        rechecks.forget(key);
        return;
      }
      let mem = memory.get(key);
      if (!mem) memory.set(key, (mem = { recommendations: [], up: [], down: [] }));
      await reconcileAutoscaler(ctx, hpa, mem, now);
      await rechecks.at(ctx, key, now + SYNC_SECONDS * 1000, now);
    },
  };
}

type Conditions = Map<string, Omit<HpaCondition, 'type'>>;

async function reconcileAutoscaler(ctx: ControllerContext, hpa: HorizontalPodAutoscaler, mem: Memory, now: number): Promise<void> {
  const ns = hpa.metadata.namespace!;
  const spec = hpa.spec ?? {};
  const ref = spec.scaleTargetRef ?? {};
  const conditions: Conditions = new Map();
  const set = (type: string, status: string, reason: string, message: string) => conditions.set(type, { status, reason, message });
  const status = { ...(hpa.status ?? {}), observedGeneration: hpa.metadata.generation };
  const write = () => writeStatus(ctx, hpa, status, conditions, now);

  const group = groupOf(ref.apiVersion ?? '');
  const resource = SCALABLE[`${group}/${ref.kind ?? ''}`];
  const scalePath = resource ? `/apis/${group}/v1/namespaces/${encodeURIComponent(ns)}/${resource}/${encodeURIComponent(ref.name ?? '')}/scale` : undefined;
  let scale: Scale | undefined;
  try {
    if (!scalePath) throw new Error(`no matches for kind "${ref.kind}" in group "${group}"`);
    scale = (await (await ctx.api.request('GET', scalePath)).json()) as Scale;
  } catch (e) {
    const msg = `the HPA controller was unable to get the target's current scale: ${(e as Error).message}`;
    set('AbleToScale', 'False', 'FailedGetScale', msg);
    await ctx.events.warning(hpa, 'FailedGetScale', (e as Error).message);
    return write();
  }
  set('AbleToScale', 'True', 'SucceededGetScale', "the HPA controller was able to get the target's current scale");
  const current = scale.spec?.replicas ?? 0;
  status.currentReplicas = scale.status?.replicas ?? 0;
  const min = spec.minReplicas ?? 1;
  const max = spec.maxReplicas ?? 0;

  let desired: number;
  let reason = '';
  if (current === 0 && min !== 0) {
    set('ScalingActive', 'False', 'ScalingDisabled', 'scaling is disabled since the replica count of the target is zero');
    status.desiredReplicas = 0;
    return write();
  } else if (current > max) {
    desired = max;
    reason = 'Current number of replicas above Spec.MaxReplicas';
  } else if (current < min) {
    desired = min;
    reason = 'Current number of replicas below Spec.MinReplicas';
  } else {
    const computed = await computeFromMetrics(ctx, hpa, scale, current, now);
    if ('error' in computed) {
      set('ScalingActive', 'False', computed.reason, `the HPA was unable to compute the replica count: ${computed.error}`);
      await ctx.events.warning(hpa, computed.reason, computed.error);
      status.currentMetrics = computed.statuses;
      status.desiredReplicas = status.desiredReplicas ?? current;
      return write();
    }
    set('ScalingActive', 'True', 'ValidMetricFound', `the HPA was able to successfully calculate a replica count from ${computed.metricName}`);
    status.currentMetrics = computed.statuses;
    const { up, down } = rulesOf(spec.behavior);
    const stabilized = stabilize(mem, current, computed.replicas, up, down, now);
    const limited = limit(mem, current, stabilized, min, max, up, down, now);
    set('ScalingLimited', limited.reason === 'DesiredWithinRange' ? 'False' : 'True', limited.reason, limited.message);
    desired = limited.replicas;
    reason = desired > current ? `${computed.metricName} above target` : 'All metrics below target';
  }

  if (desired !== current) {
    try {
      await ctx.api.request('PUT', scalePath!, { body: { ...scale, spec: { replicas: desired } } });
    } catch (e) {
      set('AbleToScale', 'False', 'FailedUpdateScale', `the HPA controller was unable to update the target scale: ${(e as Error).message}`);
      await ctx.events.warning(hpa, 'FailedRescale', `New size: ${desired}; reason: ${reason}; error: ${(e as Error).message}`);
      return write();
    }
    const { up, down } = rulesOf(spec.behavior);
    recordScale(mem, current, desired, up, down, now);
    set('AbleToScale', 'True', 'SucceededRescale', `the HPA controller was able to update the target scale to ${desired}`);
    await ctx.events.normal(hpa, 'SuccessfulRescale', `New size: ${desired}; reason: ${reason}`);
    status.lastScaleTime = new Date(now).toISOString().replace(/\.\d+Z$/, 'Z');
  } else if (conditions.get('AbleToScale')?.reason === 'SucceededGetScale') {
    set('AbleToScale', 'True', 'ReadyForNewScale', 'recommended size matches current size');
  }
  status.desiredReplicas = desired;
  return write();
}

type Computed = { replicas: number; metricName: string; statuses: MetricStatus[] } | { error: string; reason: string; statuses: MetricStatus[] };

/** The highest recommendation of the autoscaler's metrics (only resource metrics are served here). */
async function computeFromMetrics(ctx: ControllerContext, hpa: HorizontalPodAutoscaler, scale: Scale, current: number, now: number): Promise<Computed> {
  const selector = scale.status?.selector;
  if (!selector) return { error: 'selector is required', reason: 'SelectorRequired', statuses: [] };
  const ns = hpa.metadata.namespace!;
  const [pods, metrics] = await Promise.all([ctx.api.list<Pod>(PODS, { namespace: ns, labelSelector: selector }), ctx.api.list<KubeObject & { containers?: { name: string; usage?: Record<string, string> }[] }>(POD_METRICS, { namespace: ns, labelSelector: selector }).catch(() => ({ items: [] }))]);
  let best: { replicas: number; metricName: string } | undefined;
  const statuses: MetricStatus[] = [];
  let firstError: { error: string; reason: string } | undefined;
  for (const m of hpa.spec?.metrics ?? []) {
    const r = oneMetric(m, pods.items, metrics.items, current, now);
    if ('error' in r) {
      firstError ??= r;
      continue;
    }
    statuses.push(r.status);
    if (!best || r.replicas > best.replicas) best = { replicas: r.replicas, metricName: r.metricName };
  }
  if (!best) return { ...(firstError ?? { error: 'no metrics', reason: 'FailedGetResourceMetric' }), statuses };
  return { ...best, statuses };
}

function oneMetric(m: MetricSpec, pods: Pod[], podMetrics: { metadata: { name?: string }; containers?: { name: string; usage?: Record<string, string> }[] }[], current: number, now: number): { replicas: number; metricName: string; status: MetricStatus } | { error: string; reason: string } {
  const src = m.type === 'Resource' ? m.resource : m.type === 'ContainerResource' ? m.containerResource : undefined;
  if (!src) return { error: `the metric type ${m.type} is not served (no custom or external metrics API)`, reason: m.type === 'Pods' ? 'FailedGetPodsMetric' : m.type === 'Object' ? 'FailedGetObjectMetric' : 'FailedGetExternalMetric' };
  const resource = src.name ?? 'cpu';
  const container = m.type === 'ContainerResource' ? m.containerResource?.container : undefined;
  const usage: Usage = new Map();
  for (const pm of podMetrics) {
    const cs = (pm.containers ?? []).filter((c) => !container || c.name === container);
    if (!cs.length) continue;
    usage.set(pm.metadata.name!, cs.reduce((n, c) => n + (milli(c.usage?.[resource]) ?? 0), 0));
  }
  const samples: PodSample[] = pods.map((p) => {
    const cs = (p.spec?.containers ?? []).filter((c) => !container || c.name === container);
    const missing = cs.find((c) => milli(c.resources?.requests?.[resource]) === undefined);
    const ready = (p.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
    return {
      name: p.metadata.name!,
      phase: p.status?.phase,
      deleting: !!p.metadata.deletionTimestamp,
      ready,
      startedAt: p.status?.startTime ? Date.parse(p.status.startTime) : undefined,
      request: missing ? undefined : cs.reduce((n, c) => n + (milli(c.resources?.requests?.[resource]) ?? 0), 0),
      missingRequestIn: missing?.name,
    };
  });
  const target = src.target ?? {};
  const failed = m.type === 'Resource' ? 'FailedGetResourceMetric' : 'FailedGetContainerResourceMetric';
  if (target.averageValue != null) {
    const r = replicasForAverageValue(current, samples, usage, resource, milli(target.averageValue) ?? 0, now);
    if ('error' in r) return { error: `failed to get ${resource} usage: ${r.error}`, reason: failed };
    const current_ = { averageValue: `${r.rawAverage}m` };
    return { replicas: r.replicas, metricName: `${resource} resource`, status: m.type === 'Resource' ? { type: 'Resource', resource: { name: resource, current: current_ } } : { type: 'ContainerResource', containerResource: { name: resource, container, current: current_ } } };
  }
  const r = replicasForUtilization(current, samples, usage, resource, target.averageUtilization ?? 80, now);
  if ('error' in r) return { error: `failed to get ${resource} utilization: ${r.error}`, reason: failed };
  const cur = { averageUtilization: r.utilization, averageValue: `${r.rawAverage}m` };
  return {
    replicas: r.replicas,
    metricName: `${resource} resource utilization (percentage of request)`,
    status: m.type === 'Resource' ? { type: 'Resource', resource: { name: resource, current: cur } } : { type: 'ContainerResource', containerResource: { name: resource, container, current: cur } },
  };
}

/** Writes status and conditions (lastTransitionTime kept while a condition's status holds) when they changed. */
async function writeStatus(ctx: ControllerContext, hpa: HorizontalPodAutoscaler, status: NonNullable<HorizontalPodAutoscaler['status']>, conditions: Conditions, now: number): Promise<void> {
  const stamp = new Date(now).toISOString().replace(/\.\d+Z$/, 'Z');
  const old = hpa.status?.conditions ?? [];
  const merged: HpaCondition[] = [...old.filter((c) => !conditions.has(c.type!))];
  for (const [type, c] of conditions) {
    const prev = old.find((o) => o.type === type);
    merged.push({ type, status: c.status, lastTransitionTime: prev && prev.status === c.status ? prev.lastTransitionTime : stamp, reason: c.reason, message: c.message });
  }
  const order = ['AbleToScale', 'ScalingActive', 'ScalingLimited'];
  merged.sort((a, b) => order.indexOf(a.type!) - order.indexOf(b.type!));
  const next = { ...status, conditions: merged };
  if (JSON.stringify(next) === JSON.stringify(hpa.status)) return;
  await ctx.api.update<HorizontalPodAutoscaler>(HPA, { ...hpa, status: next }, 'status');
}
