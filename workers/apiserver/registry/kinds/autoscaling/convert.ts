/**
 * autoscaling/v1 ⇄ v2, as Kubernetes converts them: v1 says only CPU utilization, so what v2 says
 * beyond it travels in v1's annotations (the keys Kubernetes uses): other metrics, current
 * metrics, conditions and behavior, each as JSON. Here their JSON is v2's shape (Kubernetes writes
 * the metrics in v2beta1's older shape); a v1 client that keeps the annotations keeps them all.
 */
import type { HorizontalPodAutoscaler, HorizontalPodAutoscalerV1, MetricSpec, MetricStatus } from '../../../../../lib/api/hpa.ts';

export const ANNOTATIONS = {
  metrics: 'autoscaling.alpha.kubernetes.io/metrics',
  currentMetrics: 'autoscaling.alpha.kubernetes.io/current-metrics',
  conditions: 'autoscaling.alpha.kubernetes.io/conditions',
  behavior: 'autoscaling.alpha.kubernetes.io/behavior',
} as const;

const isCpuUtilization = (m: MetricSpec) => m.type === 'Resource' && m.resource?.name === 'cpu' && m.resource.target?.averageUtilization != null;
const isCpuUtilizationStatus = (m: MetricStatus) => m.type === 'Resource' && m.resource?.name === 'cpu';

function parse<T>(text: string | undefined): T | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export function toV1(hpa: HorizontalPodAutoscaler): HorizontalPodAutoscalerV1 {
  const spec = hpa.spec ?? {};
  const status = hpa.status ?? {};
  const cpu = spec.metrics?.find(isCpuUtilization);
  const others = (spec.metrics ?? []).filter((m) => m !== cpu);
  const currentCpu = status.currentMetrics?.find(isCpuUtilizationStatus);
  const otherCurrent = (status.currentMetrics ?? []).filter((m) => m !== currentCpu);
  const annotations: Record<string, string> = { ...hpa.metadata.annotations };
  if (others.length) annotations[ANNOTATIONS.metrics] = JSON.stringify(others);
  if (otherCurrent.length) annotations[ANNOTATIONS.currentMetrics] = JSON.stringify(otherCurrent);
  if (status.conditions?.length) annotations[ANNOTATIONS.conditions] = JSON.stringify(status.conditions);
  if (spec.behavior) annotations[ANNOTATIONS.behavior] = JSON.stringify(spec.behavior);
  const metadata = { ...hpa.metadata };
  if (Object.keys(annotations).length) metadata.annotations = annotations;
  return {
    ...(hpa.apiVersion ? { apiVersion: 'autoscaling/v1' } : {}),
    ...(hpa.kind ? { kind: 'HorizontalPodAutoscaler' } : {}),
    metadata,
    spec: {
      scaleTargetRef: spec.scaleTargetRef ?? { kind: '', name: '' },
      ...(spec.minReplicas != null ? { minReplicas: spec.minReplicas } : {}),
      maxReplicas: spec.maxReplicas ?? 0,
      ...(cpu ? { targetCPUUtilizationPercentage: cpu.resource!.target!.averageUtilization } : {}),
    },
    status: {
      ...(status.observedGeneration != null ? { observedGeneration: status.observedGeneration } : {}),
      ...(status.lastScaleTime ? { lastScaleTime: status.lastScaleTime } : {}),
      currentReplicas: status.currentReplicas ?? 0,
      desiredReplicas: status.desiredReplicas ?? 0,
      ...(currentCpu?.resource?.current?.averageUtilization != null ? { currentCPUUtilizationPercentage: currentCpu.resource.current.averageUtilization } : {}),
    },
  };
}

export function fromV1(hpa: HorizontalPodAutoscalerV1): HorizontalPodAutoscaler {
  const spec = hpa.spec ?? {};
  const status = hpa.status ?? {};
  const annotations = { ...hpa.metadata.annotations };
  const others = parse<MetricSpec[]>(annotations[ANNOTATIONS.metrics]) ?? [];
  const otherCurrent = parse<MetricStatus[]>(annotations[ANNOTATIONS.currentMetrics]) ?? [];
  const conditions = parse<NonNullable<HorizontalPodAutoscaler['status']>['conditions']>(annotations[ANNOTATIONS.conditions]);
  const behavior = parse<NonNullable<HorizontalPodAutoscaler['spec']>['behavior']>(annotations[ANNOTATIONS.behavior]);
  for (const key of Object.values(ANNOTATIONS)) delete annotations[key];
  const metadata = { ...hpa.metadata };
  if (Object.keys(annotations).length) metadata.annotations = annotations;
  else delete metadata.annotations;
  const cpu: MetricSpec[] = spec.targetCPUUtilizationPercentage != null ? [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: spec.targetCPUUtilizationPercentage } } }] : [];
  const cpuNow: MetricStatus[] = status.currentCPUUtilizationPercentage != null ? [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: status.currentCPUUtilizationPercentage } } }] : [];
  const metrics = [...cpu, ...others];
  const currentMetrics = [...cpuNow, ...otherCurrent];
  return {
    ...(hpa.apiVersion ? { apiVersion: 'autoscaling/v2' } : {}),
    ...(hpa.kind ? { kind: 'HorizontalPodAutoscaler' } : {}),
    metadata,
    spec: {
      ...(spec.scaleTargetRef ? { scaleTargetRef: spec.scaleTargetRef } : {}),
      ...(spec.minReplicas != null ? { minReplicas: spec.minReplicas } : {}),
      maxReplicas: spec.maxReplicas ?? 0,
      ...(metrics.length ? { metrics } : {}),
      ...(behavior ? { behavior } : {}),
    },
    status: {
      ...(status.observedGeneration != null ? { observedGeneration: status.observedGeneration } : {}),
      ...(status.lastScaleTime ? { lastScaleTime: status.lastScaleTime } : {}),
      ...(status.currentReplicas ? { currentReplicas: status.currentReplicas } : {}),
      desiredReplicas: status.desiredReplicas ?? 0,
      ...(currentMetrics.length ? { currentMetrics } : {}),
      ...(conditions?.length ? { conditions } : {}),
    },
  };
}
