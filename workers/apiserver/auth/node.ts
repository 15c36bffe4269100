/**
 * The Node authorizer: what a kubelet (user system:node:<name>, group system:nodes) may ask, as
 * Kubernetes' Node authorizer and its static node rules decide it.
 * - Reads of services, endpoints, endpoint slices, nodes and pods; writes of nodes, node status,
 *   pod status, pod deletion and eviction, events. Which node and which pods is NodeRestriction's
 *   business (node-restriction.ts), once the objects are known.
 * - Secrets and config maps only when a pod bound to the node refers to them (the "graph"); a
 *   service account token only for an account such a pod runs as.
 * - Its own Lease in kube-node-lease; its own tunnel; renewing its own credential.
 * Anything else gets no opinion, and so a 403 with the reason given here.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { JOIN_PATH, tunnelPath } from '../../../lib/tunnel/protocol.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import type { Authorizer, AuthzContext, Decision } from './authz.ts';
import { nodeIdentity } from './node-identity.ts';
import { referencedNames, type PodSpecRefs, type ReferencedKind } from './pod-references.ts';
import { isVolumeRequest, nodeVolumeAccess } from './node-volumes.ts';
import { podsOnNode } from '../cache/list-cache.ts';

interface Rule {
  group: string;
  resources: string[];
  verbs: string[];
}
const READ = ['get', 'list', 'watch'];
const WRITE = ['update', 'patch'];

/** The rules that are not subdivided by object (Kubernetes' NodeRules, for the kinds we serve). */
const NODE_RULES: Rule[] = [
  { group: '', resources: ['services', 'endpoints', 'nodes', 'pods'], verbs: READ },
  { group: 'discovery.k8s.io', resources: ['endpointslices'], verbs: READ },
  // delete: `node-agent leave` removes its own Node (NodeRestriction: its own only). Kubernetes
  // 1.32's node rules stop at update/patch (older ones had delete); a node removing itself adds
  // nothing to what it can already do to its pods and status
  { group: '', resources: ['nodes'], verbs: ['create', 'delete', ...WRITE] },
  { group: '', resources: ['nodes/status', 'pods/status'], verbs: WRITE },
  { group: '', resources: ['pods'], verbs: ['create', 'delete'] },
  { group: '', resources: ['pods/eviction'], verbs: ['create'] },
  { group: '', resources: ['events'], verbs: ['create', ...WRITE] },
  { group: 'events.k8s.io', resources: ['events'], verbs: ['create', ...WRITE] },
  { group: 'authentication.k8s.io', resources: ['tokenreviews', 'selfsubjectreviews'], verbs: ['create'] },
  { group: 'authorization.k8s.io', resources: ['subjectaccessreviews', 'localsubjectaccessreviews', 'selfsubjectaccessreviews', 'selfsubjectrulesreviews'], verbs: ['create'] },
];

const ALLOW: Decision = { allowed: true };
const deny = (reason?: string): Decision => ({ allowed: false, reason });
const NODE_LEASE_NAMESPACE = 'kube-node-lease';

export const nodeAuthorizer: Authorizer = async (user, info, ctx) => {
  const node = nodeIdentity(user);
  if (node === undefined) return deny();
  if (!node) return deny(`unknown node for user "${user.username}"`);

  if (!info.isResourceRequest) {
    if (info.verb === 'get' && info.path === tunnelPath(node)) return ALLOW;
    if (info.verb === 'post' && info.path === JOIN_PATH) return ALLOW; // its own name only: nodes/join.ts
    return deny();
  }
  const { group, resource, subresource, verb } = info;
  if (group === '' && (resource === 'secrets' || resource === 'configmaps')) return readReferenced(node, resource, info, ctx);
  if (group === '' && resource === 'serviceaccounts' && subresource === 'token') {
    if (verb !== 'create') return deny('can only create tokens for individual service accounts');
    return related(node, 'serviceaccounts', info.namespace, info.name, ctx);
  }
  if (group === 'coordination.k8s.io' && resource === 'leases') return lease(node, info);
  if (isVolumeRequest(info)) return nodeVolumeAccess(node, info, ctx);
  const full = subresource ? `${resource}/${subresource}` : resource;
  return NODE_RULES.some((r) => r.group === group && r.resources.includes(full) && r.verbs.includes(verb)) ? ALLOW : deny();
};

function lease(node: string, info: ResourceRequestInfo): Decision {
  if (!['get', 'create', 'update', 'patch', 'delete'].includes(info.verb)) return deny('can only get, create, update, patch, or delete a node lease');
  if (info.namespace !== NODE_LEASE_NAMESPACE) return deny(`can only access leases in the "${NODE_LEASE_NAMESPACE}" system namespace`);
  // a create names its lease in the body: NodeRestriction checks it
  if (info.verb !== 'create' && info.name !== node) return deny('can only access node lease with the same name as the requesting node');
  return ALLOW;
}

async function readReferenced(node: string, kind: ReferencedKind, info: ResourceRequestInfo, ctx?: AuthzContext): Promise<Decision> {
  if (!READ.includes(info.verb)) return deny('can only read resources of this type');
  if (info.subresource) return deny('cannot read subresource');
  if (!info.namespace) return deny('can only read namespaced object of this type');
  // a list or watch names its one object with a field selector, as the kubelet's watches do
  const name = info.name || nameFromFieldSelector(ctx?.query.get('fieldSelector'));
  return related(node, kind, info.namespace, name, ctx);
}

async function related(node: string, kind: ReferencedKind, namespace: string, name: string, ctx?: AuthzContext): Promise<Decision> {
  if (!name) return deny('No Object name found');
  const none = deny(`no relationship found between node '${node}' and this object`);
  if (!ctx) return none;
  // from the isolate's copy of the pods, as Kubernetes' Node authorizer reads its graph built from informers
  const uses = (pods: KubeObject[]) => pods.some((p) => referencedNames((p.spec ?? {}) as PodSpecRefs, kind).has(name));
  return uses(await podsOnNode(ctx.storage, ctx.cluster, ctx.clusterUid, node, namespace, { grants: uses, background: ctx.background })) ? ALLOW : none;
}

/** `metadata.name=x` (or `==`) when it is the selector's only requirement. */
export function nameFromFieldSelector(selector: string | null | undefined): string {
  const m = /^metadata\.name==?([^,]+)$/.exec((selector ?? '').trim());
  return m ? m[1] : '';
}
