/** Kubernetes 1.32's default Roles and RoleBindings in kube-system and kube-public (testdata/namespace-role*.yaml). */
import type { PolicyRule, Subject } from '../../../../lib/api/rbac.ts';
import { EVENTS, r } from './rules.ts';

export interface DefaultRole {
  namespace: string;
  name: string;
  rules: PolicyRule[];
}

export interface DefaultRoleBinding {
  namespace: string;
  name: string;
  role: string;
  subjects: Subject[];
}

const LEADER_LOCKING = [r('create get list update watch', 'coordination.k8s.io', 'leases'), r('create get list update watch', 'coordination.k8s.io', 'leasecandidates')];

export const namespaceRoles: DefaultRole[] = [
  {
    namespace: 'kube-public',
    name: 'system:controller:bootstrap-signer',
    rules: [r('get list watch', 'core', 'configmaps'), r('update', 'core', 'configmaps', 'cluster-info'), EVENTS],
  },
  { namespace: 'kube-system', name: 'extension-apiserver-authentication-reader', rules: [r('get list watch', 'core', 'configmaps', 'extension-apiserver-authentication')] },
  { namespace: 'kube-system', name: 'system::leader-locking-kube-controller-manager', rules: LEADER_LOCKING },
  { namespace: 'kube-system', name: 'system::leader-locking-kube-scheduler', rules: LEADER_LOCKING },
  { namespace: 'kube-system', name: 'system:controller:bootstrap-signer', rules: [r('get list watch', 'core', 'secrets')] },
  { namespace: 'kube-system', name: 'system:controller:cloud-provider', rules: [r('create get list watch', 'core', 'configmaps')] },
  { namespace: 'kube-system', name: 'system:controller:token-cleaner', rules: [r('delete get list watch', 'core', 'secrets'), EVENTS] },
];

const user = (name: string): Subject => ({ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name });
const sa = (name: string): Subject => ({ kind: 'ServiceAccount', name, namespace: 'kube-system' });

export const namespaceRoleBindings: DefaultRoleBinding[] = [
  { namespace: 'kube-public', name: 'system:controller:bootstrap-signer', role: 'system:controller:bootstrap-signer', subjects: [sa('bootstrap-signer')] },
  {
    namespace: 'kube-system',
    name: 'system::extension-apiserver-authentication-reader',
    role: 'extension-apiserver-authentication-reader',
    subjects: [user('system:kube-controller-manager'), user('system:kube-scheduler')],
  },
  {
    namespace: 'kube-system',
    name: 'system::leader-locking-kube-controller-manager',
    role: 'system::leader-locking-kube-controller-manager',
    subjects: [user('system:kube-controller-manager'), sa('kube-controller-manager'), sa('leader-election-controller')],
  },
  { namespace: 'kube-system', name: 'system::leader-locking-kube-scheduler', role: 'system::leader-locking-kube-scheduler', subjects: [user('system:kube-scheduler'), sa('kube-scheduler')] },
  { namespace: 'kube-system', name: 'system:controller:bootstrap-signer', role: 'system:controller:bootstrap-signer', subjects: [sa('bootstrap-signer')] },
  { namespace: 'kube-system', name: 'system:controller:cloud-provider', role: 'system:controller:cloud-provider', subjects: [sa('cloud-provider')] },
  { namespace: 'kube-system', name: 'system:controller:token-cleaner', role: 'system:controller:token-cleaner', subjects: [sa('token-cleaner')] },
];
