/**
 * The pure decisions of the binder about one side of a binding: the phase a volume should be in
 * given its claim, what a released volume's reclaim policy asks for, and the objects a binding
 * makes (Kubernetes' syncVolume, bindVolumeToClaim, bindClaimToVolume).
 */
import type { PersistentVolume, PersistentVolumeClaim } from '../../../lib/api/core/persistentvolume.ts';
import { ANN_BIND_COMPLETED, ANN_BOUND_BY_CONTROLLER } from './annotations.ts';

export type VolumePhase = 'Available' | 'Bound' | 'Released';

/**
 * No claimRef, or a claimRef without uid (pre-bound by its author, waiting for the claim):
 * Available. A claimRef whose claim exists with that uid: Bound. Its claim gone (or replaced by a
 * new one of the same name): Released.
 */
export function volumePhase(pv: PersistentVolume, claim: PersistentVolumeClaim | undefined): VolumePhase {
  const ref = pv.spec?.claimRef;
  if (!ref || !ref.uid) return 'Available';
  if (!claim || claim.metadata.uid !== ref.uid) return 'Released';
  // a claim bound to another volume while this one names it: this volume is not really in use
  if (claim.spec?.volumeName && claim.spec.volumeName !== pv.metadata.name) return 'Released';
  return 'Bound';
}

export type Reclaim = 'delete' | 'retain' | 'unsupported';

/** What happens to a Released volume: Delete removes it, Retain keeps it (an admin's job), Recycle is gone from Kubernetes. */
export function reclaimOf(pv: PersistentVolume): Reclaim {
  const policy = pv.spec?.persistentVolumeReclaimPolicy ?? 'Retain';
  return policy === 'Delete' ? 'delete' : policy === 'Retain' ? 'retain' : 'unsupported';
}

/** The volume as bound to the claim: claimRef with the claim's uid; bound-by-controller when we set it. */
export function boundVolume(pv: PersistentVolume, pvc: PersistentVolumeClaim): PersistentVolume {
  const out = structuredClone(pv);
  const ref = out.spec?.claimRef;
  if (ref?.uid === pvc.metadata.uid) return out;
  out.spec ??= {};
  if (!ref) out.metadata.annotations = { ...(out.metadata.annotations ?? {}), [ANN_BOUND_BY_CONTROLLER]: 'yes' };
  out.spec.claimRef = { kind: 'PersistentVolumeClaim', namespace: pvc.metadata.namespace, name: pvc.metadata.name, uid: pvc.metadata.uid, apiVersion: 'v1', resourceVersion: pvc.metadata.resourceVersion };
  return out;
}

/** The claim as bound to the volume: volumeName, bind-completed (and bound-by-controller when we chose the volume). */
export function boundClaim(pvc: PersistentVolumeClaim, pv: PersistentVolume): PersistentVolumeClaim {
  const out = structuredClone(pvc);
  out.spec ??= {};
  const ann = { ...(out.metadata.annotations ?? {}) };
  if (!out.spec.volumeName) {
    out.spec.volumeName = pv.metadata.name!;
    ann[ANN_BOUND_BY_CONTROLLER] = 'yes';
  }
  ann[ANN_BIND_COMPLETED] = 'yes';
  out.metadata.annotations = ann;
  return out;
}

/** The claim's status once bound: the volume's access modes and capacity. */
export function boundClaimStatus(pv: PersistentVolume): NonNullable<PersistentVolumeClaim['status']> {
  return { phase: 'Bound', accessModes: pv.spec?.accessModes ?? [], capacity: pv.spec?.capacity ?? {} };
}

export const sameJSON = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
