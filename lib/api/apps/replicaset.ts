/** apps/v1 ReplicaSet: keeps a stable set of replica Pods running. */
import * as v from 'valibot';
import { int32, int64, list, message, obj, str, time } from '../../schema/fields.ts';
import { labelSelector, objectEntries, type KubeObject, type LabelSelector } from '../meta.ts';
import { podTemplateSpec, type Out, type PodTemplateSpec } from '../core/pod.ts';

export const replicaSetSpec = message({
  replicas: int32(1, {
    ptr: true,
    doc: 'Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller/#what-is-a-replicationcontroller',
  }),
  minReadySeconds: int32(4, { doc: 'Minimum seconds a newly created pod should be ready without crashing to be considered available.' }),
  selector: obj(2, labelSelector, {
    ptr: true,
    keep: true,
    doc: "Selector is a label query over pods that should match the replica count. Label keys and values that must match in order to be controlled by this replica set. It must match the pod template's labels. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors",
  }),
  template: obj(3, podTemplateSpec, { doc: 'Template is the object that describes the pod that will be created if insufficient replicas are detected.' }),
});

export const replicaSetCondition = message({
  type: str(1, { keep: true, doc: 'Type of replica set condition.' }),
  status: str(2, { keep: true, doc: 'Status of the condition, one of True, False, Unknown.' }),
  lastTransitionTime: time(3, { doc: 'The last time the condition transitioned from one status to another.' }),
  reason: str(4, { doc: "The reason for the condition's last transition." }),
  message: str(5, { doc: 'A human readable message indicating details about the transition.' }),
});

export const replicaSetStatus = message({
  replicas: int32(1, {
    keep: true,
    doc: 'Replicas is the most recently observed number of replicas. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller/#what-is-a-replicationcontroller',
  }),
  fullyLabeledReplicas: int32(2, { doc: 'The number of pods that have labels matching the labels of the pod template of the replicaset.' }),
  readyReplicas: int32(4, { doc: 'readyReplicas is the number of pods targeted by this ReplicaSet with a Ready Condition.' }),
  availableReplicas: int32(5, { doc: 'The number of available replicas (ready for at least minReadySeconds) for this replica set.' }),
  observedGeneration: int64(3, { doc: 'ObservedGeneration reflects the generation of the most recently observed ReplicaSet.' }),
  conditions: list(6, replicaSetCondition, {
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
    doc: "Represents the latest available observations of a replica set's current state.",
  }),
});

export const replicaSetSchema = v.object({
  ...objectEntries,
  spec: obj(2, replicaSetSpec, { doc: 'Spec defines the specification of the desired behavior of the ReplicaSet.' }),
  status: obj(3, replicaSetStatus, { doc: 'Status is the most recently observed status of the ReplicaSet.' }),
});

export type ReplicaSetSpec = Omit<Out<typeof replicaSetSpec>, 'selector' | 'template'> & { selector?: LabelSelector; template?: PodTemplateSpec };
export type ReplicaSetStatus = Out<typeof replicaSetStatus>;
export type ReplicaSetCondition = Out<typeof replicaSetCondition>;

export interface ReplicaSet extends KubeObject {
  spec?: ReplicaSetSpec;
  status?: ReplicaSetStatus;
}
