/**
 * The owners of a StatefulSet's claims under its persistentVolumeClaimRetentionPolicy
 * (updateClaimOwnerRefForSetAndPod): references to the set and to the pod are scrubbed, then
 * whenDeleted=Delete makes the set the claim's controller (deleting the set deletes it) and
 * whenScaled=Delete makes the pod its controller once the pod's ordinal is scaled away (deleting
 * the condemned pod deletes it). Retain/Retain leaves the claim to no one.
 */
import type { StatefulSet } from '../../../lib/api/apps/statefulset.ts';
import type { PersistentVolumeClaim } from '../../../lib/api/core/persistentvolume.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { OwnerReference } from '../../../lib/api/meta.ts';
import { groupOf } from '../../../lib/api/group-version.ts';
import { inRange, ordinalOf } from './identity.ts';

const ref = (apiVersion: string, kind: string, name: string, uid: string): OwnerReference => ({ apiVersion, kind, name, uid, controller: true, blockOwnerDeletion: true });

/** The claim's owner references as the policy wants them, or undefined when they already are. */
export function claimOwners(set: StatefulSet, claim: PersistentVolumeClaim, pod: Pod): OwnerReference[] | undefined {
  const refs = claim.metadata.ownerReferences ?? [];
  const isSet = (r: OwnerReference) => groupOf(r.apiVersion) === 'apps' && r.kind === 'StatefulSet' && r.name === set.metadata.name;
  const isPod = (r: OwnerReference) => groupOf(r.apiVersion) === '' && r.kind === 'Pod' && r.name === pod.metadata.name;
  // someone else controls it: leave it without our references and add none
  const otherController = refs.some((r) => r.controller && r.uid !== set.metadata.uid && r.uid !== pod.metadata.uid);
  const next = refs.filter((r) => !isSet(r) && !isPod(r));
  if (!otherController) {
    const policy = set.spec?.persistentVolumeClaimRetentionPolicy;
    const scaledDown = !inRange(set, ordinalOf(pod));
    const setRef = ref('apps/v1', 'StatefulSet', set.metadata.name!, set.metadata.uid!);
    const podRef = ref('v1', 'Pod', pod.metadata.name!, pod.metadata.uid!);
    if (policy?.whenScaled === 'Delete' && scaledDown) next.push(podRef);
    else if (policy?.whenDeleted === 'Delete') next.push(setRef);
  }
  const key = (rs: OwnerReference[]) => JSON.stringify(rs.map((r) => JSON.stringify(r)).sort());
  return key(next) === key(refs) ? undefined : next;
}
