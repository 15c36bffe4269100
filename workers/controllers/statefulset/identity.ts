/**
 * A StatefulSet pod's identity and storage, as Kubernetes' stateful_set_utils: its name is
 * `<set>-<ordinal>`, its hostname that name and its subdomain the governing Service, its labels say
 * its name, index and revision, and each volumeClaimTemplate becomes a claim
 * `<template>-<set>-<ordinal>` that the pod's volume of the template's name points at.
 */
import type { ControllerRevision } from '../../../lib/api/apps/controllerrevision.ts';
import type { StatefulSet } from '../../../lib/api/apps/statefulset.ts';
import type { PersistentVolumeClaim } from '../../../lib/api/core/persistentvolume.ts';
import type { Pod, PodTemplateSpec } from '../../../lib/api/core/pod.ts';
import { REVISION_HASH_LABEL } from '../history/hash.ts';
import { controllerRef } from '../replicaset/ownership.ts';

export const POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';
export const POD_INDEX_LABEL = 'apps.kubernetes.io/pod-index';

const ORDINAL = /^(.*)-([0-9]+)$/;

/** The parent's name and the ordinal of a pod name; ordinal -1 when the name has none. */
export function parentAndOrdinal(name: string | undefined): { parent: string; ordinal: number } {
  const m = ORDINAL.exec(name ?? '');
  if (!m) return { parent: '', ordinal: -1 };
  const ordinal = Number(m[2]);
  return Number.isSafeInteger(ordinal) && ordinal <= 2147483647 ? { parent: m[1], ordinal } : { parent: '', ordinal: -1 };
}

export const ordinalOf = (p: Pod) => parentAndOrdinal(p.metadata.name).ordinal;
export const podName = (set: StatefulSet, ordinal: number) => `${set.metadata.name}-${ordinal}`;
export const isMemberOf = (set: StatefulSet, p: Pod) => parentAndOrdinal(p.metadata.name).parent === set.metadata.name;
export const startOrdinal = (set: StatefulSet) => set.spec?.ordinals?.start ?? 0;
/** The ordinals [start, start+replicas) the set should have. */
export const inRange = (set: StatefulSet, ordinal: number) => ordinal >= startOrdinal(set) && ordinal < startOrdinal(set) + (set.spec?.replicas ?? 1);

export const claimName = (set: StatefulSet, template: string, ordinal: number) => `${template}-${set.metadata.name}-${ordinal}`;

/** The claims of the pod at `ordinal`, by template name (getPersistentVolumeClaims). */
export function claimsFor(set: StatefulSet, ordinal: number): Map<string, PersistentVolumeClaim> {
  const out = new Map<string, PersistentVolumeClaim>();
  for (const t of set.spec?.volumeClaimTemplates ?? []) {
    const template = t.metadata?.name ?? '';
    const labels = { ...t.metadata?.labels, ...set.spec?.selector?.matchLabels };
    const metadata: PersistentVolumeClaim['metadata'] = { name: claimName(set, template, ordinal), namespace: set.metadata.namespace, labels };
    if (t.metadata?.annotations && Object.keys(t.metadata.annotations).length) metadata.annotations = { ...t.metadata.annotations };
    out.set(template, { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata, spec: structuredClone(t.spec ?? {}) });
  }
  return out;
}

/** Gives the pod its name, hostname, subdomain and identity labels (updateIdentity); returns whether anything changed. */
export function setIdentity(set: StatefulSet, p: Pod, ordinal: number): boolean {
  const before = JSON.stringify([p.metadata.labels, p.spec?.hostname, p.spec?.subdomain]);
  const name = podName(set, ordinal);
  p.metadata.labels = { ...p.metadata.labels, [POD_NAME_LABEL]: name, [POD_INDEX_LABEL]: String(ordinal) };
  const spec = (p.spec ??= {});
  spec.hostname = name;
  if (set.spec?.serviceName) spec.subdomain = set.spec.serviceName;
  else delete spec.subdomain;
  return JSON.stringify([p.metadata.labels, p.spec?.hostname, p.spec?.subdomain]) !== before;
}

/** Points the pod's volumes named like claim templates at its claims (updateStorage). */
function setStorage(set: StatefulSet, p: Pod, ordinal: number): void {
  const claims = claimsFor(set, ordinal);
  if (!claims.size) return;
  const spec = (p.spec ??= {});
  const volumes = (spec.volumes ?? []).filter((v) => !claims.has(v.name ?? ''));
  for (const [template, claim] of claims) volumes.push({ name: template, persistentVolumeClaim: { claimName: claim.metadata.name! } });
  spec.volumes = volumes;
}

/** The pod at `ordinal` from a template of a revision (newVersionedStatefulSetPod). */
export function newPod(set: StatefulSet, template: PodTemplateSpec, revision: ControllerRevision, ordinal: number): Pod {
  const m = template.metadata ?? {};
  const metadata: Pod['metadata'] = { name: podName(set, ordinal), namespace: set.metadata.namespace, ownerReferences: [controllerRef(set)] };
  metadata.labels = { ...m.labels };
  if (m.annotations && Object.keys(m.annotations).length) metadata.annotations = { ...m.annotations };
  if (m.finalizers?.length) metadata.finalizers = [...m.finalizers];
  const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata, spec: structuredClone(template.spec ?? {}) as Pod['spec'] };
  setIdentity(set, pod, ordinal);
  setStorage(set, pod, ordinal);
  pod.metadata.labels![REVISION_HASH_LABEL] = revision.metadata.name!;
  return pod;
}

export const revisionOfPod = (p: Pod) => p.metadata.labels?.[REVISION_HASH_LABEL] ?? '';
