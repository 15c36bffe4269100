/** apps/v1 Deployment: declarative updates for Pods and ReplicaSets. */
import * as v from 'valibot';
import { bool, int32, int64, intOrString, list, message, obj, str, time } from '../../schema/fields.ts';
import { labelSelector, objectEntries, type KubeObject, type LabelSelector } from '../meta.ts';
import { podTemplateSpec, type Out, type PodTemplateSpec } from '../core/pod.ts';

export const rollingUpdateDeployment = message({
  maxUnavailable: intOrString(1, { ptr: true, doc: 'The maximum number (or %) of pods that can be unavailable during the update. Defaults to 25%.' }),
  maxSurge: intOrString(2, { ptr: true, doc: 'The maximum number (or %) of pods that can be scheduled above the desired number. Defaults to 25%.' }),
});

export const deploymentStrategy = message({
  type: str(1, { doc: 'Type of deployment: "Recreate" or "RollingUpdate". Default is RollingUpdate.' }),
  rollingUpdate: obj(2, rollingUpdateDeployment, { ptr: true, doc: 'Rolling update config params. Present only if type = RollingUpdate.' }),
});

export const deploymentSpec = message({
  replicas: int32(1, { ptr: true, doc: 'Number of desired pods. Defaults to 1.' }),
  selector: obj(2, labelSelector, {
    ptr: true,
    keep: true,
    doc: "Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment. It must match the pod template's labels.",
  }),
  template: obj(3, podTemplateSpec, { doc: 'Template describes the pods that will be created.' }),
  strategy: obj(4, deploymentStrategy, { patchStrategy: 'retainKeys', doc: 'The deployment strategy to use to replace existing pods with new ones.' }),
  minReadySeconds: int32(5, { doc: 'Minimum seconds a newly created pod should be ready without crashing to be considered available.' }),
  revisionHistoryLimit: int32(6, { ptr: true, doc: 'The number of old ReplicaSets to retain to allow rollback. Defaults to 10.' }),
  paused: bool(7, { doc: 'Indicates that the deployment is paused.' }),
  progressDeadlineSeconds: int32(9, { ptr: true, doc: 'Seconds for the deployment to make progress before it is considered failed. Defaults to 600s.' }),
});

export const deploymentCondition = message({
  type: str(1, { keep: true, doc: 'Type of deployment condition: Available, Progressing or ReplicaFailure.' }),
  status: str(2, { keep: true, doc: 'Status of the condition, one of True, False, Unknown.' }),
  lastUpdateTime: time(6, { doc: 'The last time this condition was updated.' }),
  lastTransitionTime: time(7, { doc: 'Last time the condition transitioned from one status to another.' }),
  reason: str(4, { doc: "The reason for the condition's last transition." }),
  message: str(5, { doc: 'A human readable message indicating details about the transition.' }),
});

export const deploymentStatus = message({
  observedGeneration: int64(1, { doc: 'The generation observed by the deployment controller.' }),
  replicas: int32(2, { doc: 'Total number of non-terminated pods targeted by this deployment (their labels match the selector).' }),
  updatedReplicas: int32(3, { doc: 'Total number of non-terminated pods targeted by this deployment that have the desired template spec.' }),
  readyReplicas: int32(7, { doc: 'Total number of non-terminated pods targeted by this Deployment with a Ready Condition.' }),
  availableReplicas: int32(4, { doc: 'Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.' }),
  unavailableReplicas: int32(5, { doc: 'Total number of unavailable pods targeted by this deployment.' }),
  conditions: list(6, deploymentCondition, {
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
    doc: "Represents the latest available observations of a deployment's current state.",
  }),
  collisionCount: int32(8, { ptr: true, doc: 'Count of hash collisions for the Deployment, used to name the newest ReplicaSet.' }),
});

export const deploymentSchema = v.object({
  ...objectEntries,
  spec: obj(2, deploymentSpec, { doc: 'Specification of the desired behavior of the Deployment.' }),
  status: obj(3, deploymentStatus, { doc: 'Most recently observed status of the Deployment.' }),
});

export type DeploymentSpec = Omit<Out<typeof deploymentSpec>, 'selector' | 'template'> & { selector?: LabelSelector; template?: PodTemplateSpec };
export type DeploymentStatus = Out<typeof deploymentStatus>;
export type DeploymentCondition = Out<typeof deploymentCondition>;

export interface Deployment extends KubeObject {
  spec?: DeploymentSpec;
  status?: DeploymentStatus;
}
