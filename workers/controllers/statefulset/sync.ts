/**
 * One pass of a StatefulSet (Kubernetes' updateStatefulSet): replicas in ascending ordinal order
 * are recreated when finished, created when missing (their claims first) and given back their
 * identity; then the condemned (ordinals beyond the range) are deleted from the highest down; then
 * the rolling update deletes the highest pod not at the update revision, down to the partition.
 * With OrderedReady (monotonic) each step waits for the previous pod to be Running and Ready (or
 * gone) and does one thing; with Parallel, creations and deletions go all at once. The writes'
 * own changes bring the next pass.
 */
import type { ControllerRevision } from '../../../lib/api/apps/controllerrevision.ts';
import type { StatefulSet } from '../../../lib/api/apps/statefulset.ts';
import type { PersistentVolumeClaim } from '../../../lib/api/core/persistentvolume.ts';
import type { Pod, PodTemplateSpec } from '../../../lib/api/core/pod.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { ApiError } from '../../../lib/client/client.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { ControllerContext } from '../framework/controller.ts';
import { PERSISTENT_VOLUME_CLAIMS } from '../history/resources.ts';
import { emit } from '../replicaset/manage.ts';
import { isAvailable } from '../replicaset/pods.ts';
import { claimOwners } from './claims.ts';
import { claimsFor, inRange, newPod, ordinalOf, revisionOfPod, setIdentity, startOrdinal } from './identity.ts';
import { isCreated, isHealthy, isRunningAndReady, isTerminating } from './status.ts';

export interface Pass {
  ctx: ControllerContext;
  set: StatefulSet;
  current: { revision: ControllerRevision; template: PodTemplateSpec };
  update: { revision: ControllerRevision; template: PodTemplateSpec };
}

const errorText = (e: unknown) => (e instanceof ApiError ? (e.status?.message ?? e.message) : String(e));
const alreadyExists = (e: unknown) => e instanceof ApiError && e.code === 409 && e.status?.reason === 'AlreadyExists';
const notFound = (e: unknown) => e instanceof ApiError && e.code === 404;

/** Records the event Kubernetes' pod control does for each write, and rethrows failures. */
async function recorded<T>(pass: Pass, verb: string, what: string, write: () => Promise<T>, success = 'successful', failed = what): Promise<T> {
  const set = pass.set as KubeObject;
  const Verb = verb[0].toUpperCase() + verb.slice(1);
  try {
    const out = await write();
    await emit(pass.ctx.events.normal(set, `Successful${Verb}`, `${verb} ${what} in StatefulSet ${pass.set.metadata.name} ${success}`));
    return out;
  } catch (e) {
    await emit(pass.ctx.events.warning(set, `Failed${Verb}`, `${verb} ${failed} in StatefulSet ${pass.set.metadata.name} failed error: ${errorText(e)}`));
    throw e;
  }
}

/** The pod an ordinal should have: from the current revision below the partition, else from the update revision. */
function versionedPod(pass: Pass, ordinal: number): Pod {
  const { set, current, update } = pass;
  const s = set.spec?.updateStrategy;
  const partition = s?.rollingUpdate?.partition;
  const fromCurrent =
    s?.type === 'RollingUpdate' &&
    (partition == null ? ordinal < startOrdinal(set) + (set.status?.currentReplicas ?? 0) : ordinal < startOrdinal(set) + partition);
  return fromCurrent ? newPod(set, current.template, current.revision, ordinal) : newPod(set, update.template, update.revision, ordinal);
}

/** Creates the pod's missing claims (createPersistentVolumeClaims); a claim that exists is kept as it is. */
async function createMissingClaims(pass: Pass, pod: Pod): Promise<void> {
  const { ctx, set } = pass;
  for (const claim of claimsFor(set, ordinalOf(pod)).values()) {
    const existing = await ctx.api.get<PersistentVolumeClaim>(PERSISTENT_VOLUME_CLAIMS, set.metadata.namespace, claim.metadata.name!);
    if (existing) continue;
    try {
      const what = `Claim ${claim.metadata.name} Pod ${pod.metadata.name}`;
      const failed = `Claim ${claim.metadata.name} for Pod ${pod.metadata.name}`;
      await recorded(pass, 'create', what, () => ctx.api.create(PERSISTENT_VOLUME_CLAIMS, set.metadata.namespace, claim), 'success', failed);
    } catch (e) {
      if (!alreadyExists(e)) throw e;
    }
  }
}

/** Brings the owners of the pod's claims in line with the retention policy. */
async function fixClaimOwners(pass: Pass, pod: Pod): Promise<void> {
  const { ctx, set } = pass;
  if (!pod.metadata.uid) return;
  for (const c of claimsFor(set, ordinalOf(pod)).values()) {
    const claim = await ctx.api.get<PersistentVolumeClaim>(PERSISTENT_VOLUME_CLAIMS, set.metadata.namespace, c.metadata.name!);
    if (!claim) continue;
    const owners = claimOwners(set, claim, pod);
    if (!owners) continue;
    const next: PersistentVolumeClaim = { ...claim, metadata: { ...claim.metadata, ownerReferences: owners.length ? owners : undefined } };
    await ctx.api.update(PERSISTENT_VOLUME_CLAIMS, next);
  }
}

async function createPod(pass: Pass, pod: Pod): Promise<void> {
  const { ctx, set } = pass;
  await createMissingClaims(pass, pod);
  try {
    const created = await recorded(pass, 'create', `Pod ${pod.metadata.name}`, () => ctx.api.create<Pod>(RESOURCES.pods, set.metadata.namespace, pod));
    await fixClaimOwners(pass, created);
  } catch (e) {
    if (!alreadyExists(e)) throw e;
  }
}

async function deletePod(pass: Pass, pod: Pod): Promise<void> {
  const { ctx, set } = pass;
  try {
    await recorded(pass, 'delete', `Pod ${pod.metadata.name}`, () => ctx.api.delete(RESOURCES.pods, set.metadata.namespace, pod.metadata.name!));
  } catch (e) {
    if (!notFound(e)) throw e;
  }
}

/** Gives a pod back its identity labels and hostname, and points its claims' owners right. */
async function enforceIdentity(pass: Pass, pod: Pod): Promise<void> {
  const copy = structuredClone(pod);
  if (setIdentity(pass.set, copy, ordinalOf(pod))) await recorded(pass, 'update', `Pod ${pod.metadata.name}`, () => pass.ctx.api.update(RESOURCES.pods, copy));
  await fixClaimOwners(pass, pod);
}

/** Returns true when the pass must stop here (processReplica). */
async function processReplica(pass: Pass, pod: Pod, monotonic: boolean, minReadySeconds: number): Promise<boolean> {
  const phase = pod.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') {
    // finished: deleted, and made again once it is gone
    if (!isTerminating(pod)) await deletePod(pass, pod);
    return true;
  }
  if (!isCreated(pod)) {
    await createPod(pass, pod);
    return monotonic;
  }
  if (phase === 'Pending') await createMissingClaims(pass, pod);
  if (isTerminating(pod) && monotonic) return true;
  if (!isRunningAndReady(pod) && monotonic) return true;
  if (!isAvailable(pod, minReadySeconds, pass.ctx.now()) && monotonic) return true;
  await enforceIdentity(pass, pod);
  return false;
}

export async function syncPass(pass: Pass, pods: Pod[]): Promise<void> {
  const { set } = pass;
  const start = startOrdinal(set);
  const count = set.spec?.replicas ?? 1;
  const monotonic = set.spec?.podManagementPolicy !== 'Parallel';
  const minReadySeconds = set.spec?.minReadySeconds ?? 0;
  const now = pass.ctx.now();

  const replicas: Pod[] = [];
  const condemned: Pod[] = [];
  for (const p of pods) {
    const o = ordinalOf(p);
    if (inRange(set, o)) replicas[o - start] = p;
    else if (o >= 0) condemned.push(p);
  }
  for (let i = 0; i < count; i++) replicas[i] ??= versionedPod(pass, start + i);
  condemned.sort((a, b) => ordinalOf(b) - ordinalOf(a));

  const unavailable = (p: Pod) => !isAvailable(p, minReadySeconds, now) || isTerminating(p);
  const firstUnhealthy = replicas.find(unavailable) ?? [...condemned].reverse().find(unavailable);

  // a set being deleted only has its status kept
  if (set.metadata.deletionTimestamp) return;

  if (await runAll(replicas, monotonic, (p) => processReplica(pass, p, monotonic, minReadySeconds))) return;

  for (const p of condemned) await fixClaimOwners(pass, p);
  const stop = await runAll(condemned, monotonic, async (p) => {
    if (isTerminating(p)) return monotonic;
    if (monotonic && p !== firstUnhealthy && (!isRunningAndReady(p) || !isAvailable(p, minReadySeconds, now))) return true;
    await deletePod(pass, p);
    return true;
  });
  if (stop) return;

  if (set.spec?.updateStrategy?.type !== 'RollingUpdate') return; // OnDelete: pods are replaced when deleted by hand
  const updateMin = set.spec.updateStrategy.rollingUpdate?.partition ?? 0;
  for (let target = replicas.length - 1; target >= updateMin; target--) {
    const p = replicas[target];
    if (revisionOfPod(p) !== pass.update.revision.metadata.name && !isTerminating(p)) {
      await deletePod(pass, p);
      return;
    }
    if (!isHealthy(p)) return;
  }
}

/** In order, stopping at the first that says so (monotonic); else every one, then whether any said so. */
async function runAll(pods: Pod[], monotonic: boolean, fn: (p: Pod) => Promise<boolean>): Promise<boolean> {
  if (monotonic) {
    for (const p of pods) if (await fn(p)) return true;
    return false;
  }
  const results = await Promise.all(pods.map(fn));
  return results.some(Boolean);
}
