/**
 * The protection controllers (pvc-protection-controller, pv-protection-controller): a claim being
 * deleted keeps its kubernetes.io/pvc-protection finalizer while a pod that is not finished uses
 * it; a volume being deleted keeps kubernetes.io/pv-protection while it is Bound. Then the
 * finalizer goes and the deletion completes (admission/storage-protection.ts adds them).
 *
 * Keys: `<namespace>/<claim>` for claims (a claim's change, or the change of a pod using it),
 * `<volume>` for volumes.
 */
import { usesClaims, type Pod } from '../../../lib/api/core/pod.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../lib/api/core/persistentvolume.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { RESOURCES, type Resource } from '../../../lib/client/resources.ts';
import { STORAGE_RESOURCES as R } from '../../../lib/client/storage-resources.ts';
import { PV_PROTECTION, PVC_PROTECTION } from '../../apiserver/admission/storage-protection.ts';
import { keyOf, splitKey, type Controller, type ControllerContext } from '../framework/controller.ts';


const claimsOfPod = (pod: Pod) => (pod.spec?.volumes ?? []).flatMap((v) => (v.persistentVolumeClaim?.claimName ? [v.persistentVolumeClaim.claimName] : []));

/** A pod still using its claims: any pod not Succeeded or Failed (a terminating pod may still write). */
export const podUsesClaims = (pod: Pod) => pod.status?.phase !== 'Succeeded' && pod.status?.phase !== 'Failed';

export function claimInUse(pvc: PersistentVolumeClaim, pods: Pod[]): boolean {
  return pods.some((p) => podUsesClaims(p) && claimsOfPod(p).includes(pvc.metadata.name!));
}

async function removeFinalizer(ctx: ControllerContext, res: Resource, obj: KubeObject, finalizer: string): Promise<void> {
  const finalizers = (obj.metadata.finalizers ?? []).filter((f) => f !== finalizer);
  await ctx.api.update(res, { ...obj, metadata: { ...obj.metadata, finalizers } });
}

export const pvcProtectionController: Controller = {
  name: 'pvc-protection-controller',
  async keysFor(change, ctx) {
    if (change.group !== '' || !change.namespace) return [];
    if (change.resource === 'persistentvolumeclaims') return change.type === 'DELETED' ? [] : [`${change.namespace}/${change.name}`];
    if (change.resource !== 'pods') return [];
    // a pod with no claim (its volumes never change) concerns none, as in Kubernetes' enqueuePVCs:
    // the change says so, or this batch wrote the pod
    if (change.usesClaims === false) return [];
    const written = change.type !== 'DELETED' ? ctx.written?.<Pod>(RESOURCES.pods, change.namespace, change.name) : undefined;
    if (written && !usesClaims(written)) return [];
    // a pod gone or finished frees its claims: only those being deleted are keyed
    const claims = (await ctx.shared.list<PersistentVolumeClaim>(R.persistentvolumeclaims, { namespace: change.namespace })).items.filter((c) => c.metadata.deletionTimestamp);
    return claims.map(keyOf);
  },
  async resync(ctx) {
    return (await ctx.api.list<PersistentVolumeClaim>(R.persistentvolumeclaims)).items.filter((c) => c.metadata.deletionTimestamp).map(keyOf);
  },
  async reconcile(key, ctx) {
    const [namespace, name] = splitKey(key);
    const pvc = await ctx.api.get<PersistentVolumeClaim>(R.persistentvolumeclaims, namespace, name);
    if (!pvc?.metadata.deletionTimestamp || !pvc.metadata.finalizers?.includes(PVC_PROTECTION)) return;
    const pods = (await ctx.api.list<Pod>(RESOURCES.pods, { namespace })).items;
    if (!claimInUse(pvc, pods)) await removeFinalizer(ctx, R.persistentvolumeclaims, pvc, PVC_PROTECTION);
  },
};

export const pvProtectionController: Controller = {
  name: 'pv-protection-controller',
  keysFor(change) {
    return change.group === '' && change.resource === 'persistentvolumes' && change.type !== 'DELETED' ? [change.name] : [];
  },
  async resync(ctx) {
    return (await ctx.api.list<PersistentVolume>(R.persistentvolumes)).items.filter((v) => v.metadata.deletionTimestamp).map(keyOf);
  },
  async reconcile(name, ctx) {
    const pv = await ctx.api.get<PersistentVolume>(R.persistentvolumes, undefined, name);
    if (!pv?.metadata.deletionTimestamp || !pv.metadata.finalizers?.includes(PV_PROTECTION)) return;
    if (pv.status?.phase !== 'Bound') await removeFinalizer(ctx, R.persistentvolumes, pv, PV_PROTECTION);
  },
};
