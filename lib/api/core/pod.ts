/**
 * core/v1 Pod: the schema of the object and the types other parts import. The pieces (container,
 * volume, scheduling, security, status) live in ./pod/, one concept per file.
 */
import * as v from 'valibot';
import { obj } from '../../schema/fields.ts';
import { objectEntries, type KubeObject } from '../meta.ts';
import { container, containerPort, envVar, ephemeralContainer, resourceRequirements, volumeMount } from './pod/container.ts';
import { probe } from './pod/probe.ts';
import { affinity, toleration, topologySpreadConstraint } from './pod/scheduling.ts';
import { podSpec, podTemplateSpec } from './pod/spec.ts';
import { containerState, containerStatus, podCondition, podStatus } from './pod/status.ts';
import { volume } from './pod/volume.ts';
import type { Out } from './pod/out.ts';

export { container, ephemeralContainer, containerPort, envVar, resourceRequirements, volumeMount } from './pod/container.ts';
export { probe, lifecycle } from './pod/probe.ts';
export { affinity, toleration, topologySpreadConstraint } from './pod/scheduling.ts';
export { podSecurityContext, securityContext } from './pod/security.ts';
export { podSpec, podTemplateSpec } from './pod/spec.ts';
export { containerState, containerStatus, podCondition, podStatus } from './pod/status.ts';
export { volume } from './pod/volume.ts';
export type { Out } from './pod/out.ts';

export const podSchema = v.object({
  ...objectEntries,
  spec: obj(2, podSpec, { doc: 'Specification of the desired behavior of the pod.' }),
  status: obj(3, podStatus, { doc: 'Most recently observed status of the pod. Populated by the system. Read-only.' }),
});

export type PodSpec = Out<typeof podSpec>;
export type PodTemplateSpec = Out<typeof podTemplateSpec>;
export type PodStatus = Out<typeof podStatus>;
export type Container = Out<typeof container>;
export type EphemeralContainer = Out<typeof ephemeralContainer>;
export type ContainerPort = Out<typeof containerPort>;
export type EnvVar = Out<typeof envVar>;
export type ResourceRequirements = Out<typeof resourceRequirements>;
export type VolumeMount = Out<typeof volumeMount>;
export type Volume = Out<typeof volume>;
export type Probe = Out<typeof probe>;
export type Toleration = Out<typeof toleration>;
export type Affinity = Out<typeof affinity>;
export type TopologySpreadConstraint = Out<typeof topologySpreadConstraint>;
export type ContainerStatus = Out<typeof containerStatus>;
export type ContainerState = Out<typeof containerState>;
export type PodCondition = Out<typeof podCondition>;

export interface Pod extends KubeObject {
  spec?: PodSpec;
  status?: PodStatus;
}

/** Whether the pod's volumes name a claim: a persistentVolumeClaim, or a generic ephemeral volume's. A pod's volumes never change. */
export const usesClaims = (pod: Pod): boolean => (pod.spec?.volumes ?? []).some((v) => v.persistentVolumeClaim || v.ephemeral);
