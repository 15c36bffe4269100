/**
 * Which PersistentVolume a claim may bind to (Kubernetes' FindMatchingVolume): a volume pre-bound
 * to the claim (its claimRef names it) wins; otherwise the smallest Available volume of the same
 * class and volume mode that has every access mode asked for, at least the requested storage,
 * labels the claim's selector matches, and (when a node is given) node affinity allowing that node.
 */
import type { PersistentVolume, PersistentVolumeClaim } from '../../../lib/api/core/persistentvolume.ts';
import type { Node } from '../../../lib/api/core/node.ts';
import { compareQuantities, parseQuantity } from '../../../lib/quantity/quantity.ts';
import { fromLabelSelector, matches } from '../../../lib/selectors/label.ts';
import { termMatches } from '../scheduler/node-affinity.ts';

export const claimClass = (pvc: PersistentVolumeClaim) => pvc.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? pvc.spec?.storageClassName ?? '';
export const volumeClass = (pv: PersistentVolume) => pv.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? pv.spec?.storageClassName ?? '';

/** claimRef names this claim (by namespace and name, and uid when the ref has one) */
export function refersTo(pv: PersistentVolume, pvc: PersistentVolumeClaim): boolean {
  const ref = pv.spec?.claimRef;
  if (!ref || ref.name !== pvc.metadata.name || ref.namespace !== pvc.metadata.namespace) return false;
  return !ref.uid || ref.uid === pvc.metadata.uid;
}

/** Whether the volume's node affinity lets the node use it (no affinity: every node). */
export function volumeAllowsNode(pv: PersistentVolume, node: Node): boolean {
  const terms = pv.spec?.nodeAffinity?.required?.nodeSelectorTerms;
  if (!terms) return true;
  return terms.some((t) => termMatches(t, node));
}

/** Every check but pre-binding and phase: class, mode, access modes, size, selector, node. */
export function volumeFits(pv: PersistentVolume, pvc: PersistentVolumeClaim, node?: Node): boolean {
  if (pv.metadata.deletionTimestamp) return false;
  if (volumeClass(pv) !== claimClass(pvc)) return false;
  if ((pv.spec?.volumeMode ?? 'Filesystem') !== (pvc.spec?.volumeMode ?? 'Filesystem')) return false;
  const modes = new Set(pv.spec?.accessModes ?? []);
  if (!(pvc.spec?.accessModes ?? []).every((m) => modes.has(m))) return false;
  const want = pvc.spec?.resources?.requests?.storage;
  const have = pv.spec?.capacity?.storage;
  if (want === undefined || have === undefined || (compareQuantities(have, want) ?? -1) < 0) return false;
  if (pvc.spec?.selector && !matches(fromLabelSelector(pvc.spec.selector), pv.metadata.labels ?? {})) return false;
  if (node && !volumeAllowsNode(pv, node)) return false;
  return true;
}

export function findMatchingVolume(pvc: PersistentVolumeClaim, volumes: PersistentVolume[], node?: Node): PersistentVolume | undefined {
  const preBound = volumes.find((pv) => refersTo(pv, pvc) && volumeFits(pv, pvc, node));
  if (preBound) return preBound;
  const free = volumes.filter((pv) => !pv.spec?.claimRef && (pv.status?.phase ?? 'Pending') !== 'Released' && volumeFits(pv, pvc, node));
  const size = (pv: PersistentVolume) => parseQuantity(pv.spec?.capacity?.storage)?.nano ?? 0n;
  free.sort((a, b) => (size(a) < size(b) ? -1 : size(a) > size(b) ? 1 : (a.metadata.name ?? '').localeCompare(b.metadata.name ?? '')));
  return free[0];
}
