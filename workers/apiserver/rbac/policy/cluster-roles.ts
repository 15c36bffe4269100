/**
 * Kubernetes 1.32's default ClusterRoles (bootstrappolicy testdata/cluster-roles.yaml, default
 * feature gates), in the testdata's order and rule order. Labels and annotations are added by
 * defaults.ts; `aggregateTo` is the rbac.authorization.k8s.io/aggregate-to-* label a role carries,
 * `aggregates` the label its aggregationRule selects.
 */
import type { PolicyRule } from '../../../../lib/api/rbac.ts';
import { EVENTS, r, u } from './rules.ts';

export interface DefaultClusterRole {
  name: string;
  rules?: PolicyRule[];
  aggregateTo?: 'admin' | 'edit' | 'view';
  aggregates?: 'admin' | 'edit' | 'view';
}

const WRITE = 'create delete deletecollection patch update';
const READ = 'get list watch';
const ALL = 'create delete deletecollection get list patch update watch';

export const clusterRoles: DefaultClusterRole[] = [
  { name: 'admin', aggregates: 'admin' },
  { name: 'cluster-admin', rules: [r('*', '*', '*'), u('*', '*')] },
  { name: 'edit', aggregates: 'edit', aggregateTo: 'admin' },
  {
    name: 'system:aggregate-to-admin',
    aggregateTo: 'admin',
    rules: [r('create', 'authorization.k8s.io', 'localsubjectaccessreviews'), r(ALL, 'rbac.authorization.k8s.io', 'rolebindings roles')],
  },
  {
    name: 'system:aggregate-to-edit',
    aggregateTo: 'edit',
    rules: [
      r(READ, 'core', 'pods/attach pods/exec pods/portforward pods/proxy secrets services/proxy'),
      r('impersonate', 'core', 'serviceaccounts'),
      r(WRITE, 'core', 'pods pods/attach pods/exec pods/portforward pods/proxy'),
      r('create', 'core', 'pods/eviction'),
      r(WRITE, 'core', 'configmaps events persistentvolumeclaims replicationcontrollers replicationcontrollers/scale secrets serviceaccounts services services/proxy'),
      r('create', 'core', 'serviceaccounts/token'),
      r(WRITE, 'apps', 'daemonsets deployments deployments/rollback deployments/scale replicasets replicasets/scale statefulsets statefulsets/scale'),
      r(WRITE, 'autoscaling', 'horizontalpodautoscalers'),
      r(WRITE, 'batch', 'cronjobs jobs'),
      r(WRITE, 'extensions', 'daemonsets deployments deployments/rollback deployments/scale ingresses networkpolicies replicasets replicasets/scale replicationcontrollers/scale'),
      r(WRITE, 'policy', 'poddisruptionbudgets'),
      r(WRITE, 'networking.k8s.io', 'ingresses networkpolicies'),
      r(ALL, 'coordination.k8s.io', 'leases'),
    ],
  },
  {
    name: 'system:aggregate-to-view',
    aggregateTo: 'view',
    rules: [
      r(READ, 'core', 'configmaps endpoints persistentvolumeclaims persistentvolumeclaims/status pods replicationcontrollers replicationcontrollers/scale serviceaccounts services services/status'),
      r(READ, 'core', 'bindings events limitranges namespaces/status pods/log pods/status replicationcontrollers/status resourcequotas resourcequotas/status'),
      r(READ, 'core', 'namespaces'),
      r(READ, 'discovery.k8s.io', 'endpointslices'),
      r(READ, 'apps', 'controllerrevisions daemonsets daemonsets/status deployments deployments/scale deployments/status replicasets replicasets/scale replicasets/status statefulsets statefulsets/scale statefulsets/status'),
      r(READ, 'autoscaling', 'horizontalpodautoscalers horizontalpodautoscalers/status'),
      r(READ, 'batch', 'cronjobs cronjobs/status jobs jobs/status'),
      r(READ, 'extensions', 'daemonsets daemonsets/status deployments deployments/scale deployments/status ingresses ingresses/status networkpolicies replicasets replicasets/scale replicasets/status replicationcontrollers/scale'),
      r(READ, 'policy', 'poddisruptionbudgets poddisruptionbudgets/status'),
      r(READ, 'networking.k8s.io', 'ingresses ingresses/status networkpolicies'),
    ],
  },
  // not in Kubernetes' bootstrap policy: metrics-server's manifest adds it, and this control plane serves metrics.k8s.io itself
  { name: 'system:aggregated-metrics-reader', aggregateTo: 'view', rules: [r(READ, 'metrics.k8s.io', 'nodes pods')] },
  { name: 'system:auth-delegator', rules: [r('create', 'authentication.k8s.io', 'tokenreviews'), r('create', 'authorization.k8s.io', 'subjectaccessreviews')] },
  {
    name: 'system:basic-user',
    rules: [r('create', 'authorization.k8s.io', 'selfsubjectaccessreviews selfsubjectrulesreviews'), r('create', 'authentication.k8s.io', 'selfsubjectreviews')],
  },
  { name: 'system:certificates.k8s.io:certificatesigningrequests:nodeclient', rules: [r('create', 'certificates.k8s.io', 'certificatesigningrequests/nodeclient')] },
  { name: 'system:certificates.k8s.io:certificatesigningrequests:selfnodeclient', rules: [r('create', 'certificates.k8s.io', 'certificatesigningrequests/selfnodeclient')] },
  { name: 'system:certificates.k8s.io:kube-apiserver-client-approver', rules: [r('approve', 'certificates.k8s.io', 'signers', 'kubernetes.io/kube-apiserver-client')] },
  { name: 'system:certificates.k8s.io:kube-apiserver-client-kubelet-approver', rules: [r('approve', 'certificates.k8s.io', 'signers', 'kubernetes.io/kube-apiserver-client-kubelet')] },
  { name: 'system:certificates.k8s.io:kubelet-serving-approver', rules: [r('approve', 'certificates.k8s.io', 'signers', 'kubernetes.io/kubelet-serving')] },
  { name: 'system:certificates.k8s.io:legacy-unknown-approver', rules: [r('approve', 'certificates.k8s.io', 'signers', 'kubernetes.io/legacy-unknown')] },
  { name: 'system:discovery', rules: [u('get', '/api /api/* /apis /apis/* /healthz /livez /openapi /openapi/* /readyz /version /version/')] },
  { name: 'system:heapster', rules: [r(READ, 'core', 'events namespaces nodes pods'), r(READ, 'extensions', 'deployments')] },
  { name: 'system:kube-aggregator', rules: [r(READ, 'core', 'endpoints services')] },
  {
    name: 'system:kube-controller-manager',
    rules: [
      EVENTS,
      r('create', 'coordination.k8s.io', 'leases'),
      r('get update', 'coordination.k8s.io', 'leases', 'kube-controller-manager'),
      r('create', 'core', 'secrets serviceaccounts'),
      r('delete', 'core', 'secrets'),
      r('get', 'core', 'configmaps namespaces secrets serviceaccounts'),
      r('update', 'core', 'secrets serviceaccounts'),
      r('create', 'authentication.k8s.io', 'tokenreviews'),
      r('create', 'authorization.k8s.io', 'subjectaccessreviews'),
      r('list watch', '*', '*'),
      r('create', 'core', 'serviceaccounts/token'),
    ],
  },
  { name: 'system:kube-dns', rules: [r('list watch', 'core', 'endpoints services')] },
  {
    name: 'system:kube-scheduler',
    rules: [
      EVENTS,
      r('create', 'coordination.k8s.io', 'leases'),
      r('get update', 'coordination.k8s.io', 'leases', 'kube-scheduler'),
      r(READ, 'core', 'nodes'),
      r('delete get list watch', 'core', 'pods'),
      r('create', 'core', 'bindings pods/binding'),
      r('patch update', 'core', 'pods/status'),
      r(READ, 'core', 'replicationcontrollers services'),
      r(READ, 'apps extensions', 'replicasets'),
      r(READ, 'apps', 'statefulsets'),
      r(READ, 'policy', 'poddisruptionbudgets'),
      r(READ, 'core', 'persistentvolumeclaims persistentvolumes'),
      r('create', 'authentication.k8s.io', 'tokenreviews'),
      r('create', 'authorization.k8s.io', 'subjectaccessreviews'),
      r(READ, 'storage.k8s.io', 'csinodes'),
      r(READ, 'core', 'namespaces'),
      r(READ, 'storage.k8s.io', 'csidrivers'),
      r(READ, 'storage.k8s.io', 'csistoragecapacities'),
    ],
  },
  { name: 'system:kubelet-api-admin', rules: [r(READ, 'core', 'nodes'), r('proxy', 'core', 'nodes'), r('*', 'core', 'nodes/log nodes/metrics nodes/proxy nodes/stats')] },
  { name: 'system:monitoring', rules: [u('get', '/healthz /healthz/* /livez /livez/* /metrics /metrics/slis /readyz /readyz/*')] },
  {
    name: 'system:node',
    rules: [
      r('create', 'authentication.k8s.io', 'tokenreviews'),
      r('create', 'authorization.k8s.io', 'localsubjectaccessreviews subjectaccessreviews'),
      r(READ, 'core', 'services'),
      r('create get list watch', 'core', 'nodes'),
      r('patch update', 'core', 'nodes/status'),
      r('patch update', 'core', 'nodes'),
      r('create patch update', 'core', 'events'),
      r(READ, 'core', 'pods'),
      r('create delete', 'core', 'pods'),
      r('patch update', 'core', 'pods/status'),
      r('create', 'core', 'pods/eviction'),
      r(READ, 'core', 'configmaps secrets'),
      r('get', 'core', 'persistentvolumeclaims persistentvolumes'),
      r('get', 'core', 'endpoints'),
      r('create get list watch', 'certificates.k8s.io', 'certificatesigningrequests'),
      r('create delete get patch update', 'coordination.k8s.io', 'leases'),
      r('get', 'storage.k8s.io', 'volumeattachments'),
      r('create', 'core', 'serviceaccounts/token'),
      r('get patch update', 'core', 'persistentvolumeclaims/status'),
      r(READ, 'storage.k8s.io', 'csidrivers'),
      r('create delete get patch update', 'storage.k8s.io', 'csinodes'),
      r(READ, 'node.k8s.io', 'runtimeclasses'),
    ],
  },
  { name: 'system:node-bootstrapper', rules: [r('create get list watch', 'certificates.k8s.io', 'certificatesigningrequests')] },
  { name: 'system:node-problem-detector', rules: [r('get', 'core', 'nodes'), r('patch', 'core', 'nodes/status'), EVENTS] },
  { name: 'system:node-proxier', rules: [r('list watch', 'core', 'endpoints services'), r(READ, 'core', 'nodes'), EVENTS, r('list watch', 'discovery.k8s.io', 'endpointslices')] },
  {
    name: 'system:persistent-volume-provisioner',
    rules: [
      r('create delete get list watch', 'core', 'persistentvolumes'),
      r('get list update watch', 'core', 'persistentvolumeclaims'),
      r(READ, 'storage.k8s.io', 'storageclasses'),
      r('watch', 'core', 'events'),
      EVENTS,
    ],
  },
  { name: 'system:public-info-viewer', rules: [u('get', '/healthz /livez /readyz /version /version/')] },
  { name: 'system:service-account-issuer-discovery', rules: [u('get', '/.well-known/openid-configuration /openid/v1/jwks')] },
  {
    name: 'system:volume-scheduler',
    rules: [r('get list patch update watch', 'core', 'persistentvolumes'), r(READ, 'storage.k8s.io', 'storageclasses'), r('get list patch update watch', 'core', 'persistentvolumeclaims')],
  },
  { name: 'view', aggregates: 'view', aggregateTo: 'edit' },
];
