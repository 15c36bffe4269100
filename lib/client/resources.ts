/** Where a resource lives in the API, for clients (controllers, node agent, tests, benchmarks). */
export interface Resource {
  group: string;
  version: string;
  /** plural, as in URLs */
  resource: string;
  namespaced: boolean;
}

const r = (group: string, version: string, resource: string, namespaced = true): Resource => ({ group, version, resource, namespaced });

export const RESOURCES = {
  namespaces: r('', 'v1', 'namespaces', false),
  nodes: r('', 'v1', 'nodes', false),
  pods: r('', 'v1', 'pods'),
  services: r('', 'v1', 'services'),
  endpoints: r('', 'v1', 'endpoints'),
  configmaps: r('', 'v1', 'configmaps'),
  secrets: r('', 'v1', 'secrets'),
  resourcequotas: r('', 'v1', 'resourcequotas'),
  limitranges: r('', 'v1', 'limitranges'),
  serviceaccounts: r('', 'v1', 'serviceaccounts'),
  events: r('', 'v1', 'events'),
  deployments: r('apps', 'v1', 'deployments'),
  replicasets: r('apps', 'v1', 'replicasets'),
  endpointslices: r('discovery.k8s.io', 'v1', 'endpointslices'),
  leases: r('coordination.k8s.io', 'v1', 'leases'),
  roles: r('rbac.authorization.k8s.io', 'v1', 'roles'),
  rolebindings: r('rbac.authorization.k8s.io', 'v1', 'rolebindings'),
  clusterroles: r('rbac.authorization.k8s.io', 'v1', 'clusterroles', false),
  clusterrolebindings: r('rbac.authorization.k8s.io', 'v1', 'clusterrolebindings', false),
} as const;

/** `/api/v1/namespaces/ns/pods/name/status` and friends. */
export function resourcePath(res: Resource, namespace?: string, name?: string, subresource?: string): string {
  const base = res.group ? `/apis/${res.group}/${res.version}` : `/api/${res.version}`;
  const ns = res.namespaced && namespace ? `/namespaces/${encodeURIComponent(namespace)}` : '';
  const n = name ? `/${encodeURIComponent(name)}` : '';
  return `${base}${ns}/${res.resource}${n}${subresource && name ? `/${subresource}` : ''}`;
}
