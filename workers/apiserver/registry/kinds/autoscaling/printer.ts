/** The HorizontalPodAutoscaler Table (kubectl get hpa), as Kubernetes 1.32 prints it. */
import type { HorizontalPodAutoscaler, MetricSpec, MetricStatus } from '../../../../../lib/api/hpa.ts';
import { canonical } from '../../../../../lib/quantity/quantity.ts';
import { age, ageColumn, column, nameColumn } from '../../printing.ts';
import type { TableColumn } from '../../types.ts';

export const hpaColumns: TableColumn[] = [
  nameColumn,
  column('Reference', 'string', 'scaleTargetRef points to the target resource to scale, and is used to the pods for which metrics should be collected, as well as to actually change the replica count.'),
  column('Targets', 'string', 'metrics contains the specifications for which to use to calculate the desired replica count (the maximum replica count across all metrics will be used).  The desired replica count is calculated multiplying the ratio between the target value and the current value by the current number of pods.  Ergo, metrics used must decrease as the pod count is increased, and vice-versa.  See the individual metric source types for more information about how each type of metric must respond.'),
  column('MinPods', 'string', 'minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down.  It defaults to 1 pod.  minReplicas is allowed to be 0 if the alpha feature gate HPAScaleToZero is enabled and at least one Object or External metric is configured.  Scaling is active as long as at least one metric value is available.'),
  column('MaxPods', 'integer', 'maxReplicas is the upper limit for the number of replicas to which the autoscaler can scale up. It cannot be less that minReplicas.'),
  column('Replicas', 'integer', 'currentReplicas is current number of replicas of pods managed by this autoscaler, as last seen by the autoscaler.'),
  ageColumn,
];

const UNKNOWN = '<unknown>';
const q = (v: string | number | null | undefined) => (v == null ? UNKNOWN : canonical(v));

function one(spec: MetricSpec, status: MetricStatus | undefined): string {
  switch (spec.type) {
    case 'External': {
      const t = spec.external?.target;
      if (t?.averageValue != null) return `${q(status?.external?.current?.averageValue)}/${canonical(t.averageValue)} (avg)`;
      return `${status?.external ? q(status.external.current?.value) : UNKNOWN}/${q(t?.value)}`;
    }
    case 'Pods':
      return `${status?.pods ? q(status.pods.current?.averageValue) : UNKNOWN}/${q(spec.pods?.target?.averageValue)}`;
    case 'Object': {
      const t = spec.object?.target;
      if (t?.averageValue != null) return `${q(status?.object?.current?.averageValue)}/${canonical(t.averageValue)} (avg)`;
      return `${status?.object ? q(status.object.current?.value) : UNKNOWN}/${q(t?.value)}`;
    }
    case 'Resource':
    case 'ContainerResource': {
      const src = spec.type === 'Resource' ? spec.resource : spec.containerResource;
      const cur = spec.type === 'Resource' ? status?.resource : status?.containerResource;
      const name = src?.name ?? '';
      if (src?.target?.averageValue != null) return `${name}: ${cur ? q(cur.current?.averageValue) : UNKNOWN}/${canonical(src.target.averageValue)}`;
      const current = cur?.current?.averageUtilization != null ? `${cur.current.averageUtilization}%` : UNKNOWN;
      const target = src?.target?.averageUtilization != null ? `${src.target.averageUtilization}%` : '<auto>';
      return `${name}: ${current}/${target}`;
    }
    default:
      return '<unknown type>';
  }
}

/** formatHPAMetrics: at most two, then "+ N more..." */
export function formatHpaMetrics(specs: MetricSpec[] | null | undefined, statuses: MetricStatus[] | null | undefined): string {
  if (!specs?.length) return '<none>';
  const list = specs.map((s, i) => one(s, statuses?.[i]));
  return list.length > 2 ? `${list.slice(0, 2).join(', ')} + ${list.length - 2} more...` : list.join(', ');
}

export function hpaCells(hpa: HorizontalPodAutoscaler, now: number): unknown[] {
  const spec = hpa.spec ?? {};
  return [
    hpa.metadata.name ?? '',
    `${spec.scaleTargetRef?.kind ?? ''}/${spec.scaleTargetRef?.name ?? ''}`,
    formatHpaMetrics(spec.metrics, hpa.status?.currentMetrics),
    spec.minReplicas != null ? String(spec.minReplicas) : '<unset>',
    spec.maxReplicas ?? 0,
    hpa.status?.currentReplicas ?? 0,
    age(hpa.metadata.creationTimestamp, now),
  ];
}
