/** apps/v1 StatefulSet: pods with stable identities and storage. Field numbers from k8s.io/api apps/v1 generated.proto. */
import * as v from 'valibot';
import { int32, int64, intOrString, list, message, obj, str, time } from '../../schema/fields.ts';
import { labelSelector, objectEntries, type KubeObject, type LabelSelector } from '../meta.ts';
import { podTemplateSpec, type Out, type PodTemplateSpec } from '../core/pod.ts';
import { persistentVolumeClaim, type PersistentVolumeClaim } from '../core/persistentvolume.ts';

export const rollingUpdateStatefulSetStrategy = message({
  partition: int32(1, { ptr: true, doc: 'Partition indicates the ordinal at which the StatefulSet should be partitioned for updates. Defaults to 0.' }),
  maxUnavailable: intOrString(2, { ptr: true, doc: 'The maximum number of pods that can be unavailable during the update. Alpha (MaxUnavailableStatefulSet).' }),
});

export const statefulSetUpdateStrategy = message({
  type: str(1, { doc: 'Type indicates the type of the StatefulSetUpdateStrategy: RollingUpdate or OnDelete. Default is RollingUpdate.' }),
  rollingUpdate: obj(2, rollingUpdateStatefulSetStrategy, { ptr: true, doc: 'RollingUpdate is used to communicate parameters when Type is RollingUpdateStatefulSetStrategyType.' }),
});

export const statefulSetPersistentVolumeClaimRetentionPolicy = message({
  whenDeleted: str(1, { doc: 'What happens to PVCs created from volumeClaimTemplates when the StatefulSet is deleted: Retain (default) or Delete.' }),
  whenScaled: str(2, { doc: 'What happens to PVCs created from volumeClaimTemplates when the StatefulSet is scaled down: Retain (default) or Delete.' }),
});

export const statefulSetOrdinals = message({
  start: int32(1, { doc: 'start is the number representing the first replica\'s index. Defaults to 0.' }),
});

export const statefulSetSpec = message({
  replicas: int32(1, { ptr: true, doc: 'replicas is the desired number of replicas of the given Template. Defaults to 1.' }),
  selector: obj(2, labelSelector, { ptr: true, keep: true, doc: "selector is a label query over pods that should match the replica count. It must match the pod template's labels." }),
  template: obj(3, podTemplateSpec, { doc: 'template is the object that describes the pod that will be created if insufficient replicas are detected.' }),
  volumeClaimTemplates: list(4, persistentVolumeClaim, { listType: 'atomic', doc: 'volumeClaimTemplates is a list of claims that pods are allowed to reference.' }),
  serviceName: str(5, { doc: 'serviceName is the name of the service that governs this StatefulSet.' }),
  podManagementPolicy: str(6, { doc: 'podManagementPolicy controls how pods are created during initial scale up, when replacing pods on nodes, or when scaling down: OrderedReady (default) or Parallel.' }),
  updateStrategy: obj(7, statefulSetUpdateStrategy, { doc: 'updateStrategy indicates the StatefulSetUpdateStrategy that will be employed to update Pods in the StatefulSet when a revision is made to Template.' }),
  revisionHistoryLimit: int32(8, { ptr: true, doc: "revisionHistoryLimit is the maximum number of revisions that will be maintained in the StatefulSet's revision history. Defaults to 10." }),
  minReadySeconds: int32(9, { doc: 'Minimum number of seconds for which a newly created pod should be ready without any of its container crashing for it to be considered available.' }),
  persistentVolumeClaimRetentionPolicy: obj(10, statefulSetPersistentVolumeClaimRetentionPolicy, { ptr: true, doc: 'persistentVolumeClaimRetentionPolicy describes the lifecycle of persistent volume claims created from volumeClaimTemplates.' }),
  ordinals: obj(11, statefulSetOrdinals, { ptr: true, doc: 'ordinals controls the numbering of replica indices in a StatefulSet.' }),
});

export const statefulSetCondition = message({
  type: str(1, { keep: true, doc: 'Type of statefulset condition.' }),
  status: str(2, { keep: true, doc: 'Status of the condition, one of True, False, Unknown.' }),
  lastTransitionTime: time(3, { doc: 'Last time the condition transitioned from one status to another.' }),
  reason: str(4, { doc: "The reason for the condition's last transition." }),
  message: str(5, { doc: 'A human readable message indicating details about the transition.' }),
});

export const statefulSetStatus = message({
  observedGeneration: int64(1, { doc: "observedGeneration is the most recent generation observed for this StatefulSet." }),
  replicas: int32(2, { keep: true, doc: 'replicas is the number of Pods created by the StatefulSet controller.' }),
  readyReplicas: int32(3, { doc: 'readyReplicas is the number of pods created for this StatefulSet with a Ready Condition.' }),
  currentReplicas: int32(4, { doc: 'currentReplicas is the number of Pods created by the StatefulSet controller from the StatefulSet version indicated by currentRevision.' }),
  updatedReplicas: int32(5, { doc: 'updatedReplicas is the number of Pods created by the StatefulSet controller from the StatefulSet version indicated by updateRevision.' }),
  currentRevision: str(6, { doc: 'currentRevision, if not empty, indicates the version of the StatefulSet used to generate Pods in the sequence [0,currentReplicas).' }),
  updateRevision: str(7, { doc: 'updateRevision, if not empty, indicates the version of the StatefulSet used to generate Pods in the sequence [replicas-updatedReplicas,replicas)' }),
  collisionCount: int32(9, { ptr: true, doc: 'collisionCount is the count of hash collisions for the StatefulSet.' }),
  conditions: list(10, statefulSetCondition, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'map', listMapKeys: ['type'], doc: "Represents the latest available observations of a statefulset's current state." }),
  availableReplicas: int32(11, { keep: true, doc: 'Total number of available pods (ready for at least minReadySeconds) targeted by this statefulset.' }),
});

export const statefulSetSchema = v.object({
  ...objectEntries,
  spec: obj(2, statefulSetSpec, { doc: 'Spec defines the desired identities of pods in this set.' }),
  status: obj(3, statefulSetStatus, { doc: 'Status is the current status of Pods in this StatefulSet.' }),
});

export type StatefulSetSpec = Omit<Out<typeof statefulSetSpec>, 'selector' | 'template' | 'volumeClaimTemplates'> & {
  selector?: LabelSelector;
  template?: PodTemplateSpec;
  volumeClaimTemplates?: PersistentVolumeClaim[] | null;
};
export type StatefulSetStatus = Out<typeof statefulSetStatus>;
export type StatefulSetCondition = Out<typeof statefulSetCondition>;

export interface StatefulSet extends KubeObject {
  spec?: StatefulSetSpec;
  status?: StatefulSetStatus;
}
