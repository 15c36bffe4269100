/**
 * The node's storage: persistentVolumeClaim volumes for the pod workers (claims.ts), the
 * local-path provisioner they trigger (provision.ts), and the removal of deleted volumes'
 * directories (sweep.ts).
 */
import type { ObjectLookup } from '../pods/env.ts';
import { claimPath, type NodeStorageContext } from './claims.ts';
import { startSweeping } from './sweep.ts';

export type { NodeStorageContext };

/** The pods' lookup with claims resolved on this node; starts the sweep until the signal aborts. */
export function withNodeStorage(lookup: ObjectLookup, ctx: NodeStorageContext, signal: AbortSignal): ObjectLookup {
  startSweeping(ctx, signal);
  return { ...lookup, claimPath: (namespace, claim) => claimPath(ctx, namespace, claim) };
}
