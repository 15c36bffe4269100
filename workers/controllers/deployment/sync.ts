/**
 * One sync of one Deployment: what every step of the rollout reads and updates. Each write's
 * result replaces what the sync holds, so a later step never writes from a stale copy (which the
 * API would refuse with a 409, restarting the sync).
 */
import type { Deployment } from '../../../lib/api/apps/deployment.ts';
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { ControllerContext } from '../framework/controller.ts';

export interface Sync {
  ctx: ControllerContext;
  key: string;
  /** the Deployment as last read or written; steps change its status and annotations in place */
  d: Deployment;
  /** its ReplicaSets (after adoption and release), kept current with every write */
  rsList: ReplicaSet[];
  now: Date;
  /** `d` holds a change of its status or annotations that the sync writes at its end (holdStatus) */
  statusHeld?: boolean;
}

/** Ends a sync without error: nothing to retry (the namespace is going away). */
export class SyncAborted extends Error {}

/** Writes the Deployment's status and annotations (the status subresource takes both). */
export async function writeStatus(s: Sync): Promise<void> {
  s.d = await s.ctx.api.update(RESOURCES.deployments, s.d, 'status');
  s.statusHeld = false;
}

/**
 * Leaves the change made to `d` for the sync's status write at its end, as one write with it:
 * every sync that creates a ReplicaSet goes on to write the rollout's status, and a write less
 * while the new ReplicaSet's pods are being created is one less in their way (workerd has one
 * thread). The sync's final state is the same as with a write of each.
 */
export function holdStatus(s: Sync): void {
  s.statusHeld = true;
}

/** Writes what holdStatus left, if no write took it since. */
export async function writeHeldStatus(s: Sync): Promise<void> {
  if (s.statusHeld) await writeStatus(s);
}

/** Records a ReplicaSet as just written (or created). */
export function remember(s: Sync, rs: ReplicaSet): ReplicaSet {
  const i = s.rsList.findIndex((x) => x.metadata.uid === rs.metadata.uid);
  if (i >= 0) s.rsList[i] = rs;
  else s.rsList.push(rs);
  return rs;
}

/** The current copy of a ReplicaSet the sync may have written since it was handed around. */
export function latest(s: Sync, rs: ReplicaSet): ReplicaSet;
export function latest(s: Sync, rs: ReplicaSet | undefined): ReplicaSet | undefined;
export function latest(s: Sync, rs: ReplicaSet | undefined): ReplicaSet | undefined {
  return rs && (s.rsList.find((x) => x.metadata.uid === rs.metadata.uid) ?? rs);
}
