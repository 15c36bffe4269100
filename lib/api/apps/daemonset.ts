/** apps/v1 DaemonSet: one pod per eligible node. Field numbers from k8s.io/api apps/v1 generated.proto. */
import * as v from 'valibot';
import { int32, int64, intOrString, list, message, obj, str, time } from '../../schema/fields.ts';
import { labelSelector, objectEntries, type KubeObject, type LabelSelector } from '../meta.ts';
import { podTemplateSpec, type Out, type PodTemplateSpec } from '../core/pod.ts';

export const rollingUpdateDaemonSet = message({
  maxUnavailable: intOrString(1, { ptr: true, doc: 'The maximum number of DaemonSet pods that can be unavailable during the update. Defaults to 1.' }),
  maxSurge: intOrString(2, { ptr: true, doc: 'The maximum number of nodes with an existing available DaemonSet pod that can have an updated DaemonSet pod during an update. Defaults to 0.' }),
});

export const daemonSetUpdateStrategy = message({
  type: str(1, { doc: 'Type of daemon set update. Can be "RollingUpdate" or "OnDelete". Default is RollingUpdate.' }),
  rollingUpdate: obj(2, rollingUpdateDaemonSet, { ptr: true, doc: 'Rolling update config params. Present only if type = "RollingUpdate".' }),
});

export const daemonSetSpec = message({
  selector: obj(1, labelSelector, { ptr: true, doc: "A label query over pods that are managed by the daemon set. It must match the pod template's labels." }),
  template: obj(2, podTemplateSpec, { doc: 'An object that describes the pod that will be created.' }),
  updateStrategy: obj(3, daemonSetUpdateStrategy, { doc: 'An update strategy to replace existing DaemonSet pods with new pods.' }),
  minReadySeconds: int32(4, { doc: 'The minimum number of seconds for which a newly created DaemonSet pod should be ready without any of its container crashing, for it to be considered available. Defaults to 0.' }),
  revisionHistoryLimit: int32(6, { ptr: true, doc: 'The number of old history to retain to allow rollback. Defaults to 10.' }),
});

export const daemonSetCondition = message({
  type: str(1, { keep: true, doc: 'Type of DaemonSet condition.' }),
  status: str(2, { keep: true, doc: 'Status of the condition, one of True, False, Unknown.' }),
  lastTransitionTime: time(3, { doc: 'Last time the condition transitioned from one status to another.' }),
  reason: str(4, { doc: "The reason for the condition's last transition." }),
  message: str(5, { doc: 'A human readable message indicating details about the transition.' }),
});

export const daemonSetStatus = message({
  currentNumberScheduled: int32(1, { keep: true, doc: 'The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod.' }),
  numberMisscheduled: int32(2, { keep: true, doc: 'The number of nodes that are running the daemon pod, but are not supposed to run the daemon pod.' }),
  desiredNumberScheduled: int32(3, { keep: true, doc: 'The total number of nodes that should be running the daemon pod (including nodes correctly running the daemon pod).' }),
  numberReady: int32(4, { keep: true, doc: 'numberReady is the number of nodes that should be running the daemon pod and have one or more of the daemon pod running with a Ready Condition.' }),
  observedGeneration: int64(5, { doc: 'The most recent generation observed by the daemon set controller.' }),
  updatedNumberScheduled: int32(6, { doc: 'The total number of nodes that are running updated daemon pod' }),
  numberAvailable: int32(7, { doc: 'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available (ready for at least spec.minReadySeconds)' }),
  numberUnavailable: int32(8, { doc: 'The number of nodes that should be running the daemon pod and have none of the daemon pod running and available (ready for at least spec.minReadySeconds)' }),
  collisionCount: int32(9, { ptr: true, doc: 'Count of hash collisions for the DaemonSet.' }),
  conditions: list(10, daemonSetCondition, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'map', listMapKeys: ['type'], doc: "Represents the latest available observations of a DaemonSet's current state." }),
});

export const daemonSetSchema = v.object({
  ...objectEntries,
  spec: obj(2, daemonSetSpec, { doc: 'The desired behavior of this daemon set.' }),
  status: obj(3, daemonSetStatus, { doc: 'The current status of this daemon set.' }),
});

export type DaemonSetSpec = Omit<Out<typeof daemonSetSpec>, 'selector' | 'template'> & { selector?: LabelSelector; template?: PodTemplateSpec };
export type DaemonSetStatus = Out<typeof daemonSetStatus>;

export interface DaemonSet extends KubeObject {
  spec?: DaemonSetSpec;
  status?: DaemonSetStatus;
}
