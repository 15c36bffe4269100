/**
 * The PersistentVolume binder (persistent-volume-binder, Kubernetes' PV controller): binds claims
 * to matching volumes, keeps both sides' phases, and reclaims the volumes of deleted claims
 * (Delete: the PV is deleted, and the node agent that provisioned it removes its directory;
 * Retain: it stays Released). A claim of a WaitForFirstConsumer class waits for a pod using it
 * to be scheduled; then a static volume that node can use is bound, or the claim is annotated
 * with the node (volume.kubernetes.io/selected-node) and its class's provisioner, which the
 * local-path provisioner of that node's agent (node-agent/storage/) acts on.
 *
 * Keys: `pv:<name>` and `pvc:<namespace>/<name>`. A claim's change keys it and the volume that
 * names it; a volume's change keys it, its claim, and every pending claim (a new volume may fit
 * one); a scheduled pod's change keys the claims its volumes use.
 */
import type { ChangeMessage } from '../../apiserver/env.ts';
import type { Node } from '../../../lib/api/core/node.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../lib/api/core/persistentvolume.ts';
import type { StorageClass } from '../../../lib/api/storage/storageclass.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import { STORAGE_RESOURCES as R } from '../../../lib/client/storage-resources.ts';
import type { Controller, ControllerContext } from '../framework/controller.ts';
import { ANN_BETA_STORAGE_PROVISIONER, ANN_SELECTED_NODE, ANN_STORAGE_PROVISIONER } from './annotations.ts';
import { claimClass, findMatchingVolume, refersTo } from './matching.ts';
import { boundClaim, boundClaimStatus, boundVolume, reclaimOf, sameJSON, volumePhase } from './phases.ts';

export const MESSAGES = {
  waitForFirstConsumer: 'waiting for first consumer to be created before binding',
  noClass: 'no persistent volumes available for this claim and no storage class is set',
  externalProvisioning: (p: string) =>
    `Waiting for a volume to be created either by the external provisioner '${p}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`,
  classNotFound: (c: string) => `storageclass.storage.k8s.io "${c}" not found`,
  claimLost: 'Bound claim has lost its PersistentVolume. Data on the claim is lost!',
  claimMisbound: 'Two claims are bound to the same volume, this one is bound incorrectly',
  unknownReclaim: 'Volume has unrecognized PersistentVolumeReclaimPolicy',
};

const claimKey = (namespace: string | undefined, name: string | undefined) => `pvc:${namespace}/${name}`;
const volumeKey = (name: string | undefined) => `pv:${name}`;
const claimsOfPod = (pod: Pod) => (pod.spec?.volumes ?? []).flatMap((v) => (v.persistentVolumeClaim?.claimName ? [v.persistentVolumeClaim.claimName] : []));

async function keysFor(change: ChangeMessage, ctx: ControllerContext): Promise<string[]> {
  if (change.group !== '') return [];
  if (change.resource === 'persistentvolumeclaims') {
    const volumes = (await ctx.shared.list<PersistentVolume>(R.persistentvolumes)).items;
    const named = volumes.filter((pv) => pv.spec?.claimRef?.namespace === change.namespace && pv.spec?.claimRef?.name === change.name);
    return [...(change.type === 'DELETED' ? [] : [claimKey(change.namespace, change.name)]), ...named.map((pv) => volumeKey(pv.metadata.name))];
  }
  if (change.resource === 'persistentvolumes') {
    const claims = (await ctx.shared.list<PersistentVolumeClaim>(R.persistentvolumeclaims)).items;
    const waiting = claims.filter((c) => !c.spec?.volumeName || (c.metadata.namespace === change.namespace && c.spec.volumeName === change.name));
    return [...(change.type === 'DELETED' ? [] : [volumeKey(change.name)]), ...waiting.map((c) => claimKey(c.metadata.namespace, c.metadata.name))];
  }
  if (change.resource === 'pods' && change.type !== 'DELETED') {
    const pod = await ctx.shared.get<Pod>(RESOURCES.pods, change.namespace, change.name);
    if (!pod?.spec?.nodeName) return [];
    return claimsOfPod(pod).map((c) => claimKey(change.namespace, c));
  }
  return [];
}

async function syncVolume(name: string, ctx: ControllerContext): Promise<void> {
  const pv = await ctx.api.get<PersistentVolume>(R.persistentvolumes, undefined, name);
  if (!pv || pv.metadata.deletionTimestamp) return;
  const ref = pv.spec?.claimRef;
  const claim = ref?.name ? await ctx.api.get<PersistentVolumeClaim>(R.persistentvolumeclaims, ref.namespace, ref.name) : undefined;
  const phase = volumePhase(pv, claim);
  let current = pv;
  if (current.status?.phase !== phase) current = await ctx.api.update<PersistentVolume>(R.persistentvolumes, { ...current, status: { ...(current.status ?? {}), phase } }, 'status');
  if (phase === 'Bound' && claim && !claim.spec?.volumeName) return syncClaim(claim.metadata.namespace!, claim.metadata.name!, ctx);
  if (phase !== 'Released') return;
  const reclaim = reclaimOf(current);
  if (reclaim === 'delete') await ctx.api.delete(R.persistentvolumes, undefined, name, { preconditions: { uid: current.metadata.uid } });
  else if (reclaim === 'unsupported') await ctx.events.warning(current, 'VolumeUnknownReclaimPolicy', MESSAGES.unknownReclaim);
}

/** The node a WaitForFirstConsumer claim is for: the annotation, else the node of a scheduled pod using it. */
async function consumerNode(pvc: PersistentVolumeClaim, ctx: ControllerContext): Promise<string | undefined> {
  const selected = pvc.metadata.annotations?.[ANN_SELECTED_NODE];
  if (selected) return selected;
  const pods = (await ctx.shared.list<Pod>(RESOURCES.pods, { namespace: pvc.metadata.namespace })).items;
  const user = pods.find((p) => p.spec?.nodeName && !p.metadata.deletionTimestamp && claimsOfPod(p).includes(pvc.metadata.name!));
  return user?.spec?.nodeName;
}

async function bind(pv: PersistentVolume, pvc: PersistentVolumeClaim, ctx: ControllerContext): Promise<void> {
  let volume = boundVolume(pv, pvc);
  if (!sameJSON(volume, pv)) volume = await ctx.api.update(R.persistentvolumes, volume);
  if (volume.status?.phase !== 'Bound') await ctx.api.update(R.persistentvolumes, { ...volume, status: { ...(volume.status ?? {}), phase: 'Bound' } }, 'status');
  let claim = boundClaim(pvc, volume);
  if (!sameJSON(claim, pvc)) claim = await ctx.api.update(R.persistentvolumeclaims, claim);
  const status = { ...(claim.status ?? {}), ...boundClaimStatus(volume) };
  if (!sameJSON(status, claim.status)) await ctx.api.update(R.persistentvolumeclaims, { ...claim, status }, 'status');
}

async function syncClaim(namespace: string, name: string, ctx: ControllerContext): Promise<void> {
  const pvc = await ctx.api.get<PersistentVolumeClaim>(R.persistentvolumeclaims, namespace, name);
  if (!pvc || pvc.metadata.deletionTimestamp) return;
  if (pvc.spec?.volumeName) return syncBoundClaim(pvc, ctx);

  const className = claimClass(pvc);
  const sc = className ? await ctx.api.get<StorageClass>(R.storageclasses, undefined, className) : undefined;
  let node: Node | undefined;
  if (sc?.volumeBindingMode === 'WaitForFirstConsumer') {
    const nodeName = await consumerNode(pvc, ctx);
    if (!nodeName) return ctx.events.normal(pvc, 'WaitForFirstConsumer', MESSAGES.waitForFirstConsumer);
    node = (await ctx.api.get<Node>(RESOURCES.nodes, undefined, nodeName)) ?? ({ metadata: { name: nodeName } } as Node);
  }
  const volumes = (await ctx.api.list<PersistentVolume>(R.persistentvolumes)).items;
  const match = findMatchingVolume(pvc, volumes, node);
  if (match) return bind(match, pvc, ctx);

  if (!className) return ctx.events.normal(pvc, 'FailedBinding', MESSAGES.noClass);
  if (!sc) return ctx.events.warning(pvc, 'ProvisioningFailed', MESSAGES.classNotFound(className));
  if (sc.provisioner === 'kubernetes.io/no-provisioner') return ctx.events.normal(pvc, 'FailedBinding', 'no persistent volumes available for this claim');
  const want: Record<string, string> = { [ANN_STORAGE_PROVISIONER]: sc.provisioner, [ANN_BETA_STORAGE_PROVISIONER]: sc.provisioner, ...(node ? { [ANN_SELECTED_NODE]: node.metadata.name! } : {}) };
  const ann = pvc.metadata.annotations ?? {};
  if (Object.entries(want).some(([k, v]) => ann[k] !== v)) await ctx.api.update(R.persistentvolumeclaims, { ...pvc, metadata: { ...pvc.metadata, annotations: { ...ann, ...want } } });
  await ctx.events.normal(pvc, 'ExternalProvisioning', MESSAGES.externalProvisioning(sc.provisioner));
}

async function syncBoundClaim(pvc: PersistentVolumeClaim, ctx: ControllerContext): Promise<void> {
  const pv = await ctx.api.get<PersistentVolume>(R.persistentvolumes, undefined, pvc.spec!.volumeName!);
  const lost = async (reason: string, message: string) => {
    if (pvc.status?.phase !== 'Lost') await ctx.api.update(R.persistentvolumeclaims, { ...pvc, status: { ...(pvc.status ?? {}), phase: 'Lost' } }, 'status');
    await ctx.events.warning(pvc, reason, message);
  };
  if (!pv) return pvc.status?.phase === 'Bound' || pvc.status?.phase === 'Lost' ? lost('ClaimLost', MESSAGES.claimLost) : undefined;
  if (!pv.spec?.claimRef || refersTo(pv, pvc)) return bind(pv, pvc, ctx);
  if (pvc.status?.phase === 'Bound') return lost('ClaimMisbound', MESSAGES.claimMisbound);
}

export const volumeBinder: Controller = {
  name: 'persistent-volume-binder',
  keysFor,
  async resync(ctx) {
    const [volumes, claims] = await Promise.all([ctx.api.list<PersistentVolume>(R.persistentvolumes), ctx.api.list<PersistentVolumeClaim>(R.persistentvolumeclaims)]);
    return [...volumes.items.map((pv) => volumeKey(pv.metadata.name)), ...claims.items.map((c) => claimKey(c.metadata.namespace, c.metadata.name))];
  },
  async reconcile(key, ctx) {
    if (key.startsWith('pv:')) return syncVolume(key.slice(3), ctx);
    if (key.startsWith('pvc:')) {
      const [namespace, name] = key.slice(4).split('/');
      return syncClaim(namespace, name, ctx);
    }
  },
};
