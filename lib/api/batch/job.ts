/** batch/v1 Job: pods run to completion (field numbers of k8s.io/api/batch/v1 generated.proto). */
import * as v from 'valibot';
import { bool, int32, int64, list, message, obj, str, strList, time } from '../../schema/fields.ts';
import { labelSelector, objectEntries, objectMeta, type KubeObject, type LabelSelector, type ObjectMeta } from '../meta.ts';
import { podTemplateSpec, type Out, type PodTemplateSpec } from '../core/pod.ts';

export const podFailurePolicyOnExitCodes = message({
  containerName: str(1, { ptr: true, doc: 'Restricts the check for exit codes to the container with the specified name. When null, the rule applies to all containers.' }),
  operator: str(2, { doc: 'Represents the relationship between the container exit code(s) and the specified values: In or NotIn.' }),
  values: list(3, v.pipe(v.number(), v.integer()), { listType: 'set', doc: 'Specifies the set of values. The list of values must be ordered and must not contain duplicates.' }),
});

export const podFailurePolicyOnPodConditionsPattern = message({
  type: str(1, { doc: 'Specifies the required Pod condition type.' }),
  status: str(2, { doc: 'Specifies the required Pod condition status. Defaults to True.' }),
});

export const podFailurePolicyRule = message({
  action: str(1, { doc: 'Specifies the action taken on a pod failure when the requirements are satisfied: FailJob, FailIndex, Ignore or Count.' }),
  onExitCodes: obj(2, podFailurePolicyOnExitCodes, { ptr: true, doc: 'Represents the requirement on the container exit codes.' }),
  onPodConditions: list(3, podFailurePolicyOnPodConditionsPattern, { listType: 'atomic', doc: 'Represents the requirement on the pod conditions.' }),
});

export const podFailurePolicy = message({
  rules: list(1, podFailurePolicyRule, { listType: 'atomic', doc: 'A list of pod failure policy rules. The rules are evaluated in order.' }),
});

export const successPolicyRule = message({
  succeededIndexes: str(1, { ptr: true, doc: 'succeededIndexes specifies the set of indexes which need to be contained in the actual set of the succeeded indexes for the Job.' }),
  succeededCount: int32(2, { ptr: true, doc: 'succeededCount specifies the minimal required size of the actual set of the succeeded indexes for the Job.' }),
});

export const successPolicy = message({
  rules: list(1, successPolicyRule, { listType: 'atomic', doc: 'rules represents the list of alternative rules for the declaring the Jobs as successful before `.status.succeeded >= .spec.completions`.' }),
});

export const jobSpec = message({
  parallelism: int32(1, { ptr: true, doc: 'Specifies the maximum desired number of pods the job should run at any given time.' }),
  completions: int32(2, { ptr: true, doc: 'Specifies the desired number of successfully finished pods the job should be run with.' }),
  activeDeadlineSeconds: int64(3, { ptr: true, doc: 'Specifies the duration in seconds relative to the startTime that the job may be continuously active before the system tries to terminate it.' }),
  podFailurePolicy: obj(11, podFailurePolicy, { ptr: true, doc: 'Specifies the policy of handling failed pods.' }),
  successPolicy: obj(16, successPolicy, { ptr: true, doc: 'successPolicy specifies the policy when the Job can be declared as succeeded.' }),
  backoffLimit: int32(7, { ptr: true, doc: 'Specifies the number of retries before marking this job failed. Defaults to 6.' }),
  backoffLimitPerIndex: int32(12, { ptr: true, doc: 'Specifies the limit for the number of retries within an index before marking this index as failed.' }),
  maxFailedIndexes: int32(13, { ptr: true, doc: 'Specifies the maximal number of failed indexes before marking the Job as failed, when backoffLimitPerIndex is set.' }),
  selector: obj(4, labelSelector, { ptr: true, doc: 'A label query over pods that should match the pod count. Normally, the system sets this field for you.' }),
  manualSelector: bool(5, { ptr: true, doc: 'manualSelector controls generation of pod labels and pod selectors.' }),
  template: obj(6, podTemplateSpec, { doc: 'Describes the pod that will be created when executing a job. The only allowed template.spec.restartPolicy values are "Never" or "OnFailure".' }),
  ttlSecondsAfterFinished: int32(8, { ptr: true, doc: 'ttlSecondsAfterFinished limits the lifetime of a Job that has finished execution (either Complete or Failed).' }),
  completionMode: str(9, { ptr: true, doc: 'completionMode specifies how Pod completions are tracked. It can be `NonIndexed` (default) or `Indexed`.' }),
  suspend: bool(10, { ptr: true, doc: 'suspend specifies whether the Job controller should create Pods or not.' }),
  podReplacementPolicy: str(14, { ptr: true, doc: 'podReplacementPolicy specifies when to create replacement Pods: TerminatingOrFailed or Failed.' }),
  managedBy: str(15, { ptr: true, doc: 'ManagedBy field indicates the controller that manages a Job.' }),
});

export const jobCondition = message({
  type: str(1, { keep: true, doc: 'Type of job condition, Complete or Failed.' }),
  status: str(2, { keep: true, doc: 'Status of the condition, one of True, False, Unknown.' }),
  lastProbeTime: time(3, { doc: 'Last time the condition was checked.' }),
  lastTransitionTime: time(4, { doc: 'Last time the condition transit from one status to another.' }),
  reason: str(5, { doc: "(brief) reason for the condition's last transition." }),
  message: str(6, { doc: 'Human readable message indicating details about last transition.' }),
});

export const uncountedTerminatedPods = message({
  succeeded: strList(1, { listType: 'set', doc: 'succeeded holds UIDs of succeeded Pods.' }),
  failed: strList(2, { listType: 'set', doc: 'failed holds UIDs of failed Pods.' }),
});

export const jobStatus = message({
  conditions: list(1, jobCondition, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'atomic', doc: "The latest available observations of an object's current state." }),
  startTime: time(2, { doc: 'Represents time when the job controller started processing a job.' }),
  completionTime: time(3, { doc: 'Represents time when the job was completed.' }),
  active: int32(4, { doc: 'The number of pending and running pods which are not terminating (without a deletionTimestamp).' }),
  succeeded: int32(5, { doc: 'The number of pods which reached phase Succeeded.' }),
  failed: int32(6, { doc: 'The number of pods which reached phase Failed.' }),
  terminating: int32(11, { ptr: true, doc: 'The number of pods which are terminating (in phase Pending or Running and have a deletionTimestamp).' }),
  completedIndexes: str(7, { doc: 'completedIndexes holds the completed indexes when .spec.completionMode = "Indexed" in a text format.' }),
  failedIndexes: str(10, { ptr: true, doc: 'FailedIndexes holds the failed indexes when spec.backoffLimitPerIndex is set.' }),
  uncountedTerminatedPods: obj(8, uncountedTerminatedPods, { ptr: true, doc: 'uncountedTerminatedPods holds the UIDs of Pods that have terminated but the job controller hasn\'t yet accounted for in the status counters.' }),
  ready: int32(9, { ptr: true, doc: 'The number of active pods which have a Ready condition and are not terminating (without a deletionTimestamp).' }),
});

export const jobSchema = v.object({
  ...objectEntries,
  spec: obj(2, jobSpec, { doc: 'Specification of the desired behavior of a job.' }),
  status: obj(3, jobStatus, { doc: 'Current status of a job.' }),
});

/** JobTemplateSpec (CronJob's jobTemplate). */
export const jobTemplateSpec = message({
  metadata: obj(1, objectMeta, { doc: 'Standard object\'s metadata of the jobs created from this template.' }),
  spec: obj(2, jobSpec, { doc: 'Specification of the desired behavior of the job.' }),
});

export type PodFailurePolicyRule = Out<typeof podFailurePolicyRule>;
export type JobSpec = Omit<Out<typeof jobSpec>, 'selector' | 'template'> & { selector?: LabelSelector; template?: PodTemplateSpec };
export type JobStatus = Out<typeof jobStatus>;
export type JobCondition = Out<typeof jobCondition>;
export interface JobTemplateSpec {
  metadata?: Partial<ObjectMeta>;
  spec?: JobSpec;
}

export interface Job extends KubeObject {
  spec?: JobSpec;
  status?: JobStatus;
}
