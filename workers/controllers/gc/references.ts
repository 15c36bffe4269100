/**
 * The garbage collector's decisions, as pure functions (Kubernetes' attemptToDeleteItem and
 * processDeletingDependentsItem). An owner reference is
 * - solid: the owner exists and is not deleting its dependents first;
 * - dangling: no object of that kind and name with that uid exists (gone, or recreated);
 * - waiting: the owner exists and is being deleted in the foreground (it waits for its dependents).
 */
import type { KubeObject, OwnerReference } from '../../../lib/api/meta.ts';

export const FOREGROUND = 'foregroundDeletion';
export const ORPHAN = 'orphan';

export type OwnerState = 'solid' | 'dangling' | 'waiting';
export type Policy = 'Background' | 'Foreground' | 'Orphan';

export type Decision =
  | { action: 'keep' }
  /** some owners remain: only the references to dangling and waiting owners go */
  | { action: 'remove-refs'; uids: string[] }
  | { action: 'delete'; policy: Policy };

const hasFinalizer = (o: KubeObject, f: string) => (o.metadata.finalizers ?? []).includes(f);

/** Marked for deletion with its dependents going first. */
export const isDeletingDependents = (o: KubeObject) => !!o.metadata.deletionTimestamp && hasFinalizer(o, FOREGROUND);
/** Marked for deletion with its dependents to be released. */
export const isOrphaning = (o: KubeObject) => !!o.metadata.deletionTimestamp && hasFinalizer(o, ORPHAN);

/** The state of a reference given what a lookup of its owner found (undefined: nothing there). */
export function ownerState(owner: KubeObject | undefined, ref: OwnerReference): OwnerState {
  if (!owner || owner.metadata.uid !== ref.uid) return 'dangling';
  return isDeletingDependents(owner) ? 'waiting' : 'solid';
}

/**
 * What to do with an object given the states of its owner references. Objects already being
 * deleted are left to finish (those deleting in the foreground are handled as owners);
 * `hasDependents` decides whether a dependent of a waiting owner must itself go in the foreground.
 */
export function decide(obj: KubeObject, states: Map<string, OwnerState>, hasDependents: boolean): Decision {
  const refs = obj.metadata.ownerReferences ?? [];
  if (!refs.length) return { action: 'keep' };
  if (obj.metadata.deletionTimestamp) return { action: 'keep' };
  const of = (s: OwnerState) => refs.filter((r) => (states.get(r.uid) ?? 'solid') === s).map((r) => r.uid);
  const [solid, dangling, waiting] = [of('solid'), of('dangling'), of('waiting')];
  if (solid.length) return dangling.length || waiting.length ? { action: 'remove-refs', uids: [...dangling, ...waiting] } : { action: 'keep' };
  if (waiting.length && hasDependents) return { action: 'delete', policy: 'Foreground' };
  // no owner left: honour a propagation the object already asked for
  if (hasFinalizer(obj, ORPHAN)) return { action: 'delete', policy: 'Orphan' };
  if (hasFinalizer(obj, FOREGROUND)) return { action: 'delete', policy: 'Foreground' };
  return { action: 'delete', policy: 'Background' };
}

/** The objects among `objects` that name `owner` (by uid) as an owner. */
export function dependentsOf<T extends { obj: KubeObject }>(owner: KubeObject, objects: T[]): T[] {
  return objects.filter((t) => (t.obj.metadata.ownerReferences ?? []).some((r) => r.uid === owner.metadata.uid));
}

/** The dependents whose reference to `owner` blocks its foreground deletion. */
export function blockingDependents<T extends { obj: KubeObject }>(owner: KubeObject, dependents: T[]): T[] {
  return dependents.filter((t) => (t.obj.metadata.ownerReferences ?? []).some((r) => r.uid === owner.metadata.uid && r.blockOwnerDeletion === true));
}

/** A JSON merge patch that drops the references to `uids`, conditional on the object not having moved. */
export function dropRefsPatch(obj: KubeObject, uids: string[]): unknown {
  const remaining = (obj.metadata.ownerReferences ?? []).filter((r) => !uids.includes(r.uid));
  return { metadata: { ownerReferences: remaining.length ? remaining : null, uid: obj.metadata.uid, resourceVersion: obj.metadata.resourceVersion } };
}

/** A JSON merge patch that removes one finalizer, conditional on the object not having moved. */
export function dropFinalizerPatch(obj: KubeObject, finalizer: string): unknown {
  const remaining = (obj.metadata.finalizers ?? []).filter((f) => f !== finalizer);
  return { metadata: { finalizers: remaining.length ? remaining : null, resourceVersion: obj.metadata.resourceVersion } };
}
