/**
 * autoscaling/v2 and autoscaling/v1 HorizontalPodAutoscaler. v2 is the stored form; v1 (CPU
 * utilization only) is converted from it (workers/apiserver/registry/kinds/autoscaling/convert.ts).
 */
import * as v from 'valibot';
import { int32, int64, list, message, obj, quantity, str, time } from '../schema/fields.ts';
import { labelSelector, objectEntries, type KubeObject, type LabelSelector } from './meta.ts';
import type { Out } from './core/pod.ts';

export const crossVersionObjectReference = message({
  kind: str(1, { keep: true, doc: 'kind is the kind of the referent; More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds' }),
  name: str(2, { keep: true, doc: 'name is the name of the referent; More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names' }),
  apiVersion: str(3, { doc: 'apiVersion is the API version of the referent' }),
});

const metricTarget = message({
  type: str(1, { keep: true, doc: 'type represents whether the metric type is Utilization, Value, or AverageValue' }),
  value: quantity(2, { doc: 'value is the target value of the metric (as a quantity).' }),
  averageValue: quantity(3, { doc: 'averageValue is the target value of the average of the metric across all relevant pods (as a quantity)' }),
  averageUtilization: int32(4, { doc: 'averageUtilization is the target value of the average of the resource metric across all relevant pods, represented as a percentage of the requested value of the resource for the pods. Currently only valid for Resource metric source type' }),
});

const metricValueStatus = message({
  value: quantity(1, { doc: 'value is the current value of the metric (as a quantity).' }),
  averageValue: quantity(2, { doc: 'averageValue is the current value of the average of the metric across all relevant pods (as a quantity)' }),
  averageUtilization: int32(3, { doc: 'currentAverageUtilization is the current value of the average of the resource metric across all relevant pods, represented as a percentage of the requested value of the resource for the pods.' }),
});

const metricIdentifier = message({
  name: str(1, { keep: true, doc: 'name is the name of the given metric' }),
  selector: obj(2, labelSelector, { doc: 'selector is the string-encoded form of a standard kubernetes label selector for the given metric' }),
});

const target = (pb: number) => obj(pb, metricTarget, { doc: 'target specifies the target value for the given metric' });
const current = (pb: number) => obj(pb, metricValueStatus, { doc: 'current contains the current value for the given metric' });
const metric = (pb: number) => obj(pb, metricIdentifier, { doc: 'metric identifies the target metric by name and selector' });
const resourceName = str(1, { keep: true, doc: 'name is the name of the resource in question.' });
const containerName = str(3, { keep: true, doc: 'container is the name of the container in the pods of the scaling target' });
const describedObject = (pb: number) => obj(pb, crossVersionObjectReference, { doc: 'describedObject specifies the descriptions of a object,such as kind,name apiVersion' });

export const metricSpec = message({
  type: str(1, { keep: true, doc: 'type is the type of metric source.  It should be one of "ContainerResource", "External", "Object", "Pods" or "Resource", each mapping to a matching field in the object.' }),
  object: obj(2, { describedObject: describedObject(1), target: target(2), metric: metric(3) }, { doc: 'object refers to a metric describing a single kubernetes object (for example, hits-per-second on an Ingress object).' }),
  pods: obj(3, { metric: metric(1), target: target(2) }, { doc: 'pods refers to a metric describing each pod in the current scale target (for example, transactions-processed-per-second).' }),
  resource: obj(4, { name: resourceName, target: target(2) }, { doc: 'resource refers to a resource metric (such as those specified in requests and limits) known to Kubernetes describing each pod in the current scale target (e.g. CPU or memory).' }),
  containerResource: obj(7, { name: resourceName, target: target(2), container: containerName }, { doc: 'containerResource refers to a resource metric (such as those specified in requests and limits) known to Kubernetes describing a single container in each pod of the current scale target (e.g. CPU or memory).' }),
  external: obj(5, { metric: metric(1), target: target(2) }, { doc: 'external refers to a global metric that is not associated with any Kubernetes object.' }),
});

export const metricStatus = message({
  type: str(1, { keep: true, doc: 'type is the type of metric source.  It will be one of "ContainerResource", "External", "Object", "Pods" or "Resource", each corresponds to a matching field in the object.' }),
  object: obj(2, { metric: metric(1), current: current(2), describedObject: describedObject(3) }, { doc: 'object refers to a metric describing a single kubernetes object (for example, hits-per-second on an Ingress object).' }),
  pods: obj(3, { metric: metric(1), current: current(2) }, { doc: 'pods refers to a metric describing each pod in the current scale target (for example, transactions-processed-per-second).' }),
  resource: obj(4, { name: resourceName, current: current(2) }, { doc: 'resource refers to a resource metric (such as those specified in requests and limits) known to Kubernetes describing each pod in the current scale target (e.g. CPU or memory).' }),
  containerResource: obj(7, { name: resourceName, current: current(2), container: containerName }, { doc: 'container resource refers to a resource metric (such as those specified in requests and limits) known to Kubernetes describing a single container in each pod in the current scale target (e.g. CPU or memory).' }),
  external: obj(5, { metric: metric(1), current: current(2) }, { doc: 'external refers to a global metric that is not associated with any Kubernetes object.' }),
});

const scalingPolicy = message({
  type: str(1, { keep: true, doc: 'type is used to specify the scaling policy.' }),
  value: int32(2, { keep: true, doc: 'value contains the amount of change which is permitted by the policy. It must be greater than zero' }),
  periodSeconds: int32(3, { keep: true, doc: 'periodSeconds specifies the window of time for which the policy should hold true. PeriodSeconds must be greater than zero and less than or equal to 1800 (30 min).' }),
});

const scalingRules = message({
  stabilizationWindowSeconds: int32(3, { ptr: true, doc: 'stabilizationWindowSeconds is the number of seconds for which past recommendations should be considered while scaling up or scaling down.' }),
  selectPolicy: str(1, { doc: 'selectPolicy is used to specify which policy should be used. If not set, the default value Max is used.' }),
  policies: list(2, scalingPolicy, { listType: 'atomic', doc: 'policies is a list of potential scaling polices which can be used during scaling.' }),
});

export const hpaCondition = message({
  type: str(1, { keep: true, doc: 'type describes the current condition' }),
  status: str(2, { keep: true, doc: 'status is the status of the condition (True, False, Unknown)' }),
  lastTransitionTime: time(3, { doc: 'lastTransitionTime is the last time the condition transitioned from one status to another' }),
  reason: str(4, { doc: "reason is the reason for the condition's last transition." }),
  message: str(5, { doc: 'message is a human-readable explanation containing details about the transition' }),
});

export const hpaV2Spec = message({
  scaleTargetRef: obj(1, crossVersionObjectReference, { keep: true, doc: 'scaleTargetRef points to the target resource to scale, and is used to the pods for which metrics should be collected, as well as to actually change the replica count.' }),
  minReplicas: int32(2, { ptr: true, doc: 'minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down.  It defaults to 1 pod.' }),
  maxReplicas: int32(3, { keep: true, doc: 'maxReplicas is the upper limit for the number of replicas to which the autoscaler can scale up. It cannot be less that minReplicas.' }),
  metrics: list(4, metricSpec, { listType: 'atomic', doc: 'metrics contains the specifications for which to use to calculate the desired replica count (the maximum replica count across all metrics will be used). If not set, the default metric will be set to 80% average CPU utilization.' }),
  behavior: obj(
    5,
    { scaleUp: obj(1, scalingRules, { doc: 'scaleUp is scaling policy for scaling Up.' }), scaleDown: obj(2, scalingRules, { doc: 'scaleDown is scaling policy for scaling Down.' }) },
    { doc: 'behavior configures the scaling behavior of the target in both Up and Down directions (scaleUp and scaleDown fields respectively). If not set, the default HPAScalingRules for scale up and scale down are used.' },
  ),
});

export const hpaV2Status = message({
  observedGeneration: int64(1, { doc: 'observedGeneration is the most recent generation observed by this autoscaler.' }),
  lastScaleTime: time(2, { doc: 'lastScaleTime is the last time the HorizontalPodAutoscaler scaled the number of pods, used by the autoscaler to control how often the number of pods is changed.' }),
  currentReplicas: int32(3, { doc: 'currentReplicas is current number of replicas of pods managed by this autoscaler, as last seen by the autoscaler.' }),
  desiredReplicas: int32(4, { keep: true, doc: 'desiredReplicas is the desired number of replicas of pods managed by this autoscaler, as last calculated by the autoscaler.' }),
  currentMetrics: list(5, metricStatus, { listType: 'atomic', doc: 'currentMetrics is the last read state of the metrics used by this autoscaler.' }),
  conditions: list(6, hpaCondition, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'map', listMapKeys: ['type'], doc: 'conditions is the set of conditions required for this autoscaler to scale its target, and indicates whether or not those conditions are met.' }),
});

export const hpaV2Schema = v.object({
  ...objectEntries,
  spec: obj(2, hpaV2Spec, { doc: 'spec is the specification for the behaviour of the autoscaler. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status.' }),
  status: obj(3, hpaV2Status, { doc: 'status is the current information about the autoscaler.' }),
});

export const hpaV1Spec = message({
  scaleTargetRef: obj(1, crossVersionObjectReference, { keep: true, doc: 'reference to scaled resource; horizontal pod autoscaler will learn the current resource consumption and will set the desired number of pods by using its Scale subresource.' }),
  minReplicas: int32(2, { ptr: true, doc: 'minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down.  It defaults to 1 pod.' }),
  maxReplicas: int32(3, { keep: true, doc: 'maxReplicas is the upper limit for the number of pods that can be set by the autoscaler; cannot be smaller than MinReplicas.' }),
  targetCPUUtilizationPercentage: int32(4, { ptr: true, doc: 'targetCPUUtilizationPercentage is the target average CPU utilization (represented as a percentage of requested CPU) over all the pods; if not specified the default autoscaling policy will be used.' }),
});

export const hpaV1Status = message({
  observedGeneration: int64(1, { doc: 'observedGeneration is the most recent generation observed by this autoscaler.' }),
  lastScaleTime: time(2, { doc: 'lastScaleTime is the last time the HorizontalPodAutoscaler scaled the number of pods; used by the autoscaler to control how often the number of pods is changed.' }),
  currentReplicas: int32(3, { keep: true, doc: 'currentReplicas is the current number of replicas of pods managed by this autoscaler.' }),
  desiredReplicas: int32(4, { keep: true, doc: 'desiredReplicas is the  desired number of replicas of pods managed by this autoscaler.' }),
  currentCPUUtilizationPercentage: int32(5, { ptr: true, doc: 'currentCPUUtilizationPercentage is the current average CPU utilization over all pods, represented as a percentage of requested CPU, e.g. 70 means that an average pod is using now 70% of its requested CPU.' }),
});

export const hpaV1Schema = v.object({
  ...objectEntries,
  spec: obj(2, hpaV1Spec, { doc: 'spec defines the behaviour of autoscaler. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status.' }),
  status: obj(3, hpaV1Status, { doc: 'status is the current information about the autoscaler.' }),
});

export type CrossVersionObjectReference = { kind?: string; name?: string; apiVersion?: string };
export type MetricTarget = Out<typeof metricTarget>;
export type MetricValueStatus = Out<typeof metricValueStatus>;
export interface MetricSpec {
  type?: string;
  resource?: { name?: string; target?: MetricTarget };
  containerResource?: { name?: string; container?: string; target?: MetricTarget };
  pods?: { metric?: { name?: string; selector?: LabelSelector }; target?: MetricTarget };
  object?: { describedObject?: CrossVersionObjectReference; metric?: { name?: string; selector?: LabelSelector }; target?: MetricTarget };
  external?: { metric?: { name?: string; selector?: LabelSelector }; target?: MetricTarget };
}
export interface MetricStatus {
  type?: string;
  resource?: { name?: string; current?: MetricValueStatus };
  containerResource?: { name?: string; container?: string; current?: MetricValueStatus };
  pods?: { metric?: { name?: string }; current?: MetricValueStatus };
  object?: { metric?: { name?: string }; current?: MetricValueStatus; describedObject?: CrossVersionObjectReference };
  external?: { metric?: { name?: string }; current?: MetricValueStatus };
}
export interface ScalingPolicy {
  type?: string;
  value?: number;
  periodSeconds?: number;
}
export interface ScalingRules {
  stabilizationWindowSeconds?: number | null;
  selectPolicy?: string;
  policies?: ScalingPolicy[] | null;
}
export type HpaCondition = Out<typeof hpaCondition>;

export interface HpaV2Spec {
  scaleTargetRef?: CrossVersionObjectReference;
  minReplicas?: number | null;
  maxReplicas?: number;
  metrics?: MetricSpec[] | null;
  behavior?: { scaleUp?: ScalingRules | null; scaleDown?: ScalingRules | null } | null;
}
export interface HpaV2Status {
  observedGeneration?: number;
  lastScaleTime?: string;
  currentReplicas?: number;
  desiredReplicas?: number;
  currentMetrics?: MetricStatus[] | null;
  conditions?: HpaCondition[] | null;
}
export interface HorizontalPodAutoscaler extends KubeObject {
  spec?: HpaV2Spec;
  status?: HpaV2Status;
}

export interface HorizontalPodAutoscalerV1 extends KubeObject {
  spec?: { scaleTargetRef?: CrossVersionObjectReference; minReplicas?: number | null; maxReplicas?: number; targetCPUUtilizationPercentage?: number | null };
  status?: { observedGeneration?: number; lastScaleTime?: string; currentReplicas?: number; desiredReplicas?: number; currentCPUUtilizationPercentage?: number | null };
}
