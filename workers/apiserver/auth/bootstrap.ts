/**
 * What a node may do before it is one: a bootstrap token (group system:bootstrappers) may exchange
 * itself for a node credential, and anyone may read kube-public/cluster-info, whose CA a joining
 * node trusts only after checking the signature made with its token (kubeadm's discovery).
 */
import { JOIN_PATH } from '../../../lib/tunnel/protocol.ts';
import type { Authorizer } from './authz.ts';
import { BOOTSTRAPPERS } from './bootstrap-token.ts';

export const CLUSTER_INFO = { namespace: 'kube-public', name: 'cluster-info' };

export const bootstrapAuthorizer: Authorizer = (user, info) => {
  if (!info.isResourceRequest) return { allowed: info.verb === 'post' && info.path === JOIN_PATH && user.groups.includes(BOOTSTRAPPERS) };
  const clusterInfo = info.group === '' && info.resource === 'configmaps' && !info.subresource && info.namespace === CLUSTER_INFO.namespace && info.name === CLUSTER_INFO.name;
  return { allowed: clusterInfo && info.verb === 'get' };
};
