/** Kubernetes 1.32's default ClusterRoleBindings (testdata/cluster-role-bindings.yaml): each binds the ClusterRole of its name. */
import type { Subject } from '../../../../lib/api/rbac.ts';

const group = (name: string): Subject => ({ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name });
const user = (name: string): Subject => ({ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name });

/** binding (= role) name → subjects */
export const clusterRoleBindings: Record<string, Subject[]> = {
  'cluster-admin': [group('system:masters')],
  'system:basic-user': [group('system:authenticated')],
  'system:discovery': [group('system:authenticated')],
  'system:kube-controller-manager': [user('system:kube-controller-manager')],
  'system:kube-dns': [{ kind: 'ServiceAccount', name: 'kube-dns', namespace: 'kube-system' }],
  'system:kube-scheduler': [user('system:kube-scheduler')],
  'system:monitoring': [group('system:monitoring')],
  // bound by the Node authorizer, not RBAC: the binding exists with no subjects
  'system:node': [],
  'system:node-proxier': [user('system:kube-proxy')],
  'system:public-info-viewer': [group('system:authenticated'), group('system:unauthenticated')],
  'system:service-account-issuer-discovery': [group('system:serviceaccounts')],
  'system:volume-scheduler': [user('system:kube-scheduler')],
};
