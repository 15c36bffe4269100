/**
 * What the scheduler must know of a pending pod's claims (kube-scheduler's VolumeBinding filter,
 * the part that applies here): a claim bound to a volume with node affinity (a local-path volume
 * lives on one node) admits only the nodes that affinity allows; a missing claim, or an unbound
 * claim of an Immediate class, admits none. An unbound WaitForFirstConsumer claim admits every
 * node: the binder and the provisioner follow where the pod goes.
 *
 * The cycle notes each pending pod's constraints once (noteVolumeConstraints, reads shared with
 * the other controllers), the filter reads them; kept by pod object, so nothing outlives the cycle.
 */
import type { Node } from '../../../lib/api/core/node.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../lib/api/core/persistentvolume.ts';
import type { StorageClass } from '../../../lib/api/storage/storageclass.ts';
import { STORAGE_RESOURCES as R } from '../../../lib/client/storage-resources.ts';
import type { ControllerContext } from '../framework/controller.ts';
import type { FilterStatus } from '../scheduler/filters.ts';
import type { NodeInfo, PodInfo } from '../scheduler/snapshot.ts';
import { claimClass, volumeAllowsNode } from './matching.ts';

export const VOLUME_REASON = {
  affinityConflict: 'node(s) had volume node affinity conflict',
  unboundImmediate: 'pod has unbound immediate PersistentVolumeClaims',
  claimNotFound: (name: string) => `persistentvolumeclaim "${name}" not found`,
};

interface Constraints {
  /** a reason no node fits */
  blocked?: string;
  /** volumes whose node affinity every node must satisfy */
  volumes: PersistentVolume[];
}

const noted = new WeakMap<Pod, Constraints>();

async function constraintsOf(ctx: ControllerContext, pod: Pod, claims: string[]): Promise<Constraints> {
  const out: Constraints = { volumes: [] };
  for (const name of claims) {
    const pvc = await ctx.shared.get<PersistentVolumeClaim>(R.persistentvolumeclaims, pod.metadata.namespace, name);
    if (!pvc) return { ...out, blocked: VOLUME_REASON.claimNotFound(name) };
    const pvName = pvc.spec?.volumeName;
    if (!pvName) {
      const cls = claimClass(pvc);
      const sc = cls ? await ctx.shared.get<StorageClass>(R.storageclasses, undefined, cls) : undefined;
      if (sc?.volumeBindingMode !== 'WaitForFirstConsumer') return { ...out, blocked: VOLUME_REASON.unboundImmediate };
      continue;
    }
    const pv = await ctx.shared.get<PersistentVolume>(R.persistentvolumes, undefined, pvName);
    if (pv?.spec?.nodeAffinity?.required) out.volumes.push(pv);
  }
  return out;
}

/** Reads the claims of the pending pods that have any, for the filter below. */
export async function noteVolumeConstraints(ctx: ControllerContext, pending: Pod[]): Promise<void> {
  for (const pod of pending) {
    const claims = (pod.spec?.volumes ?? []).flatMap((v) => (v.persistentVolumeClaim?.claimName ? [v.persistentVolumeClaim.claimName] : []));
    if (claims.length) noted.set(pod, await constraintsOf(ctx, pod, claims));
  }
}

/** The VolumeBinding filter over what was noted (a pod without claims passes). */
export function volumeBindingFilter(p: PodInfo, n: NodeInfo): FilterStatus | undefined {
  const c = noted.get(p.pod);
  if (!c) return undefined;
  if (c.blocked) return { code: 'UnschedulableAndUnresolvable', reasons: [c.blocked] };
  return c.volumes.every((pv) => volumeAllowsNode(pv, n.node as Node)) ? undefined : { code: 'UnschedulableAndUnresolvable', reasons: [VOLUME_REASON.affinityConflict] };
}
