/**
 * What a node may do with storage objects, as Kubernetes' Node authorizer's graph allows a
 * kubelet (claims its pods use, the volumes bound to them), plus what the agent's local-path
 * provisioner needs (node-agent/storage/). Kubernetes runs external provisioners under a service
 * account of their own; here the agent provisions under its node identity, with the narrowest
 * rights that work:
 * - get a claim a pod bound to the node uses;
 * - get a volume bound to such a claim, a volume it provisioned (node affinity to itself), or
 *   one that does not exist (the 404 says nothing; it is how the agent learns that a volume it
 *   provisioned was deleted, and removes its directory);
 * - get storage classes (the provisioned volume's reclaim policy is its class's);
 * - create a volume only as NodeRestriction checks it (nodeVolumeRestriction): provisioned by
 *   the local-path provisioner, pinned to this node, for a claim whose selected node it is.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../lib/api/core/persistentvolume.ts';
import type { StatusError } from '../../../lib/errors.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import type { Storage } from '../storage/types.ts';
import type { AuthzContext, Decision } from './authz.ts';
import { podsOnNode } from '../cache/list-cache.ts';

export const LOCAL_PATH_PROVISIONER = 'timonier.dev/local-path';
const PROVISIONED_BY = 'pv.kubernetes.io/provisioned-by';
const SELECTED_NODE = 'volume.kubernetes.io/selected-node';
const HOSTNAME = 'kubernetes.io/hostname';

const ALLOW: Decision = { allowed: true };
const deny = (reason?: string): Decision => ({ allowed: false, reason });

export const isVolumeRequest = (info: ResourceRequestInfo) =>
  (info.group === '' && (info.resource === 'persistentvolumeclaims' || info.resource === 'persistentvolumes')) || (info.group === 'storage.k8s.io' && info.resource === 'storageclasses');

/** The one node a volume's affinity pins it to (kubernetes.io/hostname In [node]), if that is all it says. */
export function pinnedNode(pv: PersistentVolume): string | undefined {
  const terms = pv.spec?.nodeAffinity?.required?.nodeSelectorTerms ?? [];
  if (terms.length !== 1 || terms[0].matchFields?.length || terms[0].matchExpressions?.length !== 1) return undefined;
  const [e] = terms[0].matchExpressions;
  return e.key === HOSTNAME && e.operator === 'In' && e.values?.length === 1 ? e.values[0] : undefined;
}

const podsOn = (ctx: AuthzContext, node: string, namespace?: string) => podsOnNode(ctx.storage, ctx.cluster, ctx.clusterUid, node, namespace);

const claimsOf = (pod: KubeObject) => ((pod.spec as { volumes?: { persistentVolumeClaim?: { claimName?: string } }[] } | undefined)?.volumes ?? []).flatMap((v) => (v.persistentVolumeClaim?.claimName ? [v.persistentVolumeClaim.claimName] : []));

export async function nodeVolumeAccess(node: string, info: ResourceRequestInfo, ctx?: AuthzContext): Promise<Decision> {
  if (info.resource === 'storageclasses') return info.verb === 'get' ? ALLOW : deny('can only get individual storage classes');
  if (info.resource === 'persistentvolumes' && info.verb === 'create' && !info.subresource) return ALLOW; // NodeRestriction checks the body
  if (info.verb !== 'get' || info.subresource) return deny('can only get individual resources of this type');
  if (!info.name) return deny('No Object name found');
  const none = deny(`no relationship found between node '${node}' and this object`);
  if (!ctx) return none;
  if (info.resource === 'persistentvolumeclaims') {
    const pods = await podsOn(ctx, node, info.namespace);
    return pods.some((p) => claimsOf(p).includes(info.name)) ? ALLOW : none;
  }
  const pv = (await ctx.storage.get(`/registry/persistentvolumes/${info.name}`)) as PersistentVolume | undefined;
  if (!pv) return ALLOW;
  if (pv.metadata.annotations?.[PROVISIONED_BY] === LOCAL_PATH_PROVISIONER && pinnedNode(pv) === node) return ALLOW;
  const ref = pv.spec?.claimRef;
  if (!ref?.namespace || !ref.name) return none;
  const claim = (await ctx.storage.get(`/registry/persistentvolumeclaims/${ref.namespace}/${ref.name}`)) as PersistentVolumeClaim | undefined;
  if (claim?.spec?.volumeName !== pv.metadata.name) return none;
  const pods = await podsOn(ctx, node, ref.namespace);
  return pods.some((p) => claimsOf(p).includes(ref.name!)) ? ALLOW : none;
}

/** NodeRestriction for a node's writes of volumes: a create as the local-path provisioner makes it, nothing else. */
export async function nodeVolumeRestriction(node: string, operation: string, created: KubeObject | undefined, storage: Storage, refuse: (message: string) => StatusError): Promise<void> {
  if (operation !== 'CREATE' || !created) throw refuse(`node "${node}" may only create persistent volumes`);
  const pv = created as PersistentVolume;
  if (pv.metadata?.annotations?.[PROVISIONED_BY] !== LOCAL_PATH_PROVISIONER) throw refuse(`node "${node}" may only create persistent volumes provisioned by ${LOCAL_PATH_PROVISIONER}`);
  if (pinnedNode(pv) !== node) throw refuse(`node "${node}" may only create persistent volumes pinned to itself`);
  const ref = pv.spec?.claimRef;
  const claim = ref?.namespace && ref.name ? ((await storage.get(`/registry/persistentvolumeclaims/${ref.namespace}/${ref.name}`)) as PersistentVolumeClaim | undefined) : undefined;
  if (!claim || claim.metadata.uid !== ref?.uid || claim.spec?.volumeName || claim.metadata.annotations?.[SELECTED_NODE] !== node)
    throw refuse(`node "${node}" may only create a persistent volume for an unbound claim whose selected node it is`);
}
