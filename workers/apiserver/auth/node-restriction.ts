/**
 * NodeRestriction: once the Node authorizer let a kubelet write, the objects decide. A node
 * writes only its own Node and Lease, the status of pods bound to it, deletes and evicts only
 * those pods, and creates no pod but a mirror pod bound to itself. Messages are Kubernetes' own.
 *
 * It runs before the handler, except where the answer is the pod's: a node's status write and
 * delete of a pod are checked in admission (admission/node-restriction.ts, `nodePodRefusal`) on
 * the object the write starts from, as Kubernetes' admission sees the update's old object, so
 * with no read of their own; an eviction reads the pod here. A node's TokenRequest is checked by
 * the token handler around its own read of the pod (`nodeTokenRefusal`).
 * Not done yet: a node changing its own taints or its node-restriction.kubernetes.io labels.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { forbidden, notFound } from '../../../lib/errors.ts';
import type { RequestInfo } from '../request/info.ts';
import type { Storage } from '../storage/types.ts';
import type { UserInfo } from './authn.ts';
import { nodeIdentity } from './node-identity.ts';
import { nodeVolumeRestriction } from './node-volumes.ts';

export interface RestrictionInput {
  user: UserInfo;
  info: RequestInfo;
  storage: Storage;
  /** the decoded body of a create, read only when needed */
  body(): Promise<KubeObject | undefined>;
}

const OPERATION: Record<string, string> = { create: 'CREATE', update: 'UPDATE', patch: 'UPDATE', delete: 'DELETE', deletecollection: 'DELETE' };
const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror';
const NODE_LEASE_NAMESPACE = 'kube-node-lease';

export async function nodeRestriction({ user, info, storage, body }: RestrictionInput): Promise<void> {
  const node = nodeIdentity(user);
  if (node === undefined || !info.isResourceRequest) return;
  const operation = OPERATION[info.verb];
  if (!operation) return; // reads are the authorizer's business
  const ref = { group: info.group, resource: info.resource };
  const created = operation === 'CREATE' && !info.subresource ? await body() : undefined;
  const name = created?.metadata?.name || info.name || 'Unknown';
  const refuse = (message: string) => forbidden(ref, name, message);
  if (!node) throw refuse(`could not determine node from user "${user.username}"`);

  if (info.group === '' && info.resource === 'nodes') {
    if (name !== node) throw refuse(`node "${node}" is not allowed to modify node "${name}"`);
    return;
  }
  if (info.group === 'coordination.k8s.io' && info.resource === 'leases') {
    if (info.namespace !== NODE_LEASE_NAMESPACE) throw refuse(`can only access leases in the "${NODE_LEASE_NAMESPACE}" system namespace`);
    if (name !== node) throw refuse('can only access node lease with the same name as the requesting node');
    return;
  }
  if (info.group === '' && info.resource === 'persistentvolumes') return nodeVolumeRestriction(node, operation, created, storage, refuse);
  if (info.group !== '' || info.resource !== 'pods') return;

  switch (info.subresource) {
    case '':
      if (operation === 'CREATE') return admitMirrorPod(node, created, refuse);
      if (operation === 'DELETE') return; // in admission, on the pod deleted
      throw refuse(`unexpected operation "${operation}", node "${node}" can only create and delete mirror pods`);
    case 'status':
      return; // in admission, on the pod the write starts from
    case 'eviction': {
      const pod = await storage.get(`/registry/pods/${info.namespace}/${info.name}`);
      if (!pod) throw notFound(ref, info.name);
      if (nodeNameOf(pod) !== node) throw refuse(`node ${node} can only evict pods with spec.nodeName set to itself`);
      return;
    }
    default:
      throw refuse(`unexpected pod subresource "${info.subresource}", only 'status' and 'eviction' are allowed`);
  }
}

/** The node a pod is bound to (set once, never changed). */
export const nodeNameOf = (pod: KubeObject) => (pod.spec as { nodeName?: string } | undefined)?.nodeName;

/** Why `node` may not write the status of `pod`, or delete it: another node's pod. Undefined: it may. */
export function nodePodRefusal(node: string, write: 'status' | 'delete', pod: KubeObject): string | undefined {
  if (nodeNameOf(pod) === node) return undefined;
  return write === 'status' ? `node "${node}" can only update pod status for pods with spec.nodeName set to itself` : `node "${node}" can only delete pods with spec.nodeName set to itself`;
}

function admitMirrorPod(node: string, pod: KubeObject | undefined, refuse: (m: string) => Error): void {
  if (!pod?.metadata?.annotations?.[MIRROR_ANNOTATION]) throw refuse(`pod does not have "${MIRROR_ANNOTATION}" annotation, node "${node}" can only create mirror pods`);
  if (nodeNameOf(pod) !== node) throw refuse(`node "${node}" can only create pods with spec.nodeName set to itself`);
  const owners = pod.metadata.ownerReferences ?? [];
  if (owners.length > 1) throw refuse(`node "${node}" can only create pods with a single owner reference set to itself`);
  const owner = owners[0];
  if (!owner || owner.apiVersion !== 'v1' || owner.kind !== 'Node' || owner.name !== node) throw refuse(`node "${node}" can only create pods with an owner reference set to itself`);
  if (!owner.controller) throw refuse(`node "${node}" can only create pods with a controller owner reference set to itself`);
}

/** A TokenRequest's object reference, as far as a node's request is concerned. */
export interface TokenBinding {
  apiVersion?: string;
  kind?: string;
  name?: string;
  uid?: string;
}

/**
 * Why a node may not have this TokenRequest (NodeRestriction's admitServiceAccount): only a token
 * bound to a pod of its own, named with its uid. Asked before the pod is read (`pod` undefined)
 * and once it is: the token handler reads it anyway (handlers/token.ts). Undefined: it may.
 */
export function nodeTokenRefusal(node: string, ref: TokenBinding | null | undefined, pod?: KubeObject): string | undefined {
  if (!ref || ref.apiVersion !== 'v1' || ref.kind !== 'Pod' || !ref.name) return 'node requested token not bound to a pod';
  if (!ref.uid) return 'node requested token with a pod binding without a uid';
  if (!pod) return undefined;
  if (ref.uid !== pod.metadata.uid) return `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`;
  if (nodeNameOf(pod) !== node) return 'node requested token bound to a pod scheduled on a different node';
  return undefined;
}
