/**
 * core/v1 services. ClusterIP/nodePort allocation and ipFamilies are not here: the apiserver's
 * allocator assigns them (it needs storage); this file only defaults, validates and prints.
 */
import { service, type Service, type ServicePort } from '../../../../lib/api/core/service.ts';
import { fieldErr, type FieldError } from '../../../../lib/errors.ts';
import { age, ageColumn, column, formatLabels, nameColumn } from '../printing.ts';
import type { KindDescriptor } from '../types.ts';
import { dns1123Label, dns1123Subdomain, qualifiedName } from '../validation.ts';
import { portNumber, validatePortNumOrName, validateProtocol } from '../validation-net.ts';

const TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const AFFINITIES = ['ClientIP', 'None'];
export const DEFAULT_CLIENT_IP_TIMEOUT = 10800;

const externallyAccessible = (s: Service) =>
  s.spec?.type === 'LoadBalancer' || s.spec?.type === 'NodePort' || (s.spec?.type === 'ClusterIP' && (s.spec.externalIPs?.length ?? 0) > 0);

/** SetDefaults_Service. */
function defaults(s: Service) {
  const spec = (s.spec ??= {});
  if (!spec.sessionAffinity) spec.sessionAffinity = 'None';
  if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
  if (spec.sessionAffinity === 'ClientIP' && spec.sessionAffinityConfig?.clientIP?.timeoutSeconds == null)
    spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: DEFAULT_CLIENT_IP_TIMEOUT } };
  if (!spec.type) spec.type = 'ClusterIP';
  for (const p of spec.ports ?? []) {
    if (!p.protocol) p.protocol = 'TCP';
    if (p.targetPort === undefined || p.targetPort === null || p.targetPort === 0 || p.targetPort === '') p.targetPort = p.port;
  }
  if (externallyAccessible(s) && !spec.externalTrafficPolicy) spec.externalTrafficPolicy = 'Cluster';
  if (spec.internalTrafficPolicy == null && spec.type !== 'ExternalName') spec.internalTrafficPolicy = 'Cluster';
  if (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts == null) spec.allocateLoadBalancerNodePorts = true;
}

/** Go's %#v of the (protocol, port) key Kubernetes reports duplicate ports with. */
const portKey = (p: ServicePort) =>
  `core.ServicePort{Name:"", Protocol:${JSON.stringify(p.protocol ?? '')}, AppProtocol:(*string)(nil), Port:${p.port ?? 0}, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}`;

function validatePorts(s: Service): FieldError[] {
  const spec = s.spec ?? {};
  const ports = spec.ports ?? [];
  const errs: FieldError[] = [];
  if (ports.length === 0 && spec.clusterIP !== 'None' && spec.type !== 'ExternalName') errs.push(fieldErr.required('spec.ports'));
  const names = new Set<string>();
  const seen = new Set<string>();
  ports.forEach((p, i) => {
    const at = `spec.ports[${i}]`;
    if (ports.length > 1 && !p.name) errs.push(fieldErr.required(`${at}.name`));
    else if (p.name) {
      for (const m of dns1123Label(p.name)) errs.push(fieldErr.invalid(`${at}.name`, p.name, m));
      if (names.has(p.name)) errs.push(fieldErr.duplicate(`${at}.name`, p.name));
      names.add(p.name);
    }
    for (const m of portNumber(p.port)) errs.push(fieldErr.invalid(`${at}.port`, p.port ?? 0, m));
    errs.push(...validateProtocol(p.protocol, `${at}.protocol`));
    errs.push(...validatePortNumOrName(p.targetPort, `${at}.targetPort`));
    if (p.appProtocol != null) for (const m of qualifiedName(p.appProtocol)) errs.push(fieldErr.invalid(`${at}.appProtocol`, p.appProtocol, m));
    if (spec.type === 'ClusterIP' && p.nodePort) errs.push(fieldErr.forbidden(`${at}.nodePort`, "may not be used when `type` is 'ClusterIP'"));
    else if (p.nodePort) for (const m of portNumber(p.nodePort)) errs.push(fieldErr.invalid(`${at}.nodePort`, p.nodePort, m));
  });
  ports.forEach((p, i) => {
    const key = `${p.protocol}/${p.port}`;
    if (seen.has(key)) errs.push({ type: 'FieldValueDuplicate', field: `spec.ports[${i}]`, body: `Duplicate value: ${portKey(p)}` });
    seen.add(key);
  });
  return errs;
}

function validate(s: Service): FieldError[] {
  const spec = s.spec ?? {};
  const errs: FieldError[] = [];
  if (!spec.type) errs.push(fieldErr.required('spec.type'));
  else if (!TYPES.includes(spec.type)) errs.push(fieldErr.notSupported('spec.type', spec.type, TYPES));
  if (!spec.sessionAffinity) errs.push(fieldErr.required('spec.sessionAffinity'));
  else if (!AFFINITIES.includes(spec.sessionAffinity)) errs.push(fieldErr.notSupported('spec.sessionAffinity', spec.sessionAffinity, AFFINITIES));
  if (spec.type === 'ExternalName') {
    if (spec.clusterIP) errs.push(fieldErr.forbidden('spec.clusterIP', 'may not be set for ExternalName services'));
    const name = (spec.externalName ?? '').replace(/\.$/, '');
    if (!name) errs.push(fieldErr.required('spec.externalName'));
    else for (const m of dns1123Subdomain(name)) errs.push(fieldErr.invalid('spec.externalName', spec.externalName, m));
  }
  const timeout = spec.sessionAffinityConfig?.clientIP?.timeoutSeconds;
  if (spec.sessionAffinity === 'ClientIP' && timeout != null && (timeout <= 0 || timeout > 86400))
    errs.push(fieldErr.invalid('spec.sessionAffinityConfig.clientIP.timeoutSeconds', timeout, 'must be greater than 0 and less than 86400'));
  return [...errs, ...validatePorts(s)];
}

/** The External-IP cell (printers.md §2.8). */
function externalIP(s: Service): string {
  const spec = s.spec ?? {};
  const external = spec.externalIPs ?? [];
  switch (spec.type) {
    case 'ClusterIP':
    case 'NodePort':
      return external.length ? external.join(',') : '<none>';
    case 'LoadBalancer': {
      const ingress = [...new Set((s.status?.loadBalancer?.ingress ?? []).map((i) => i.ip || i.hostname || '').filter(Boolean))].sort();
      const all = [...ingress, ...external];
      return all.length ? all.join(',') : '<pending>';
    }
    case 'ExternalName':
      return spec.externalName ?? '';
    default:
      return '<unknown>';
  }
}

const ports = (s: Service) => {
  const list = (s.spec?.ports ?? []).map((p) => (p.nodePort ? `${p.port}:${p.nodePort}/${p.protocol}` : `${p.port}/${p.protocol}`));
  return list.length ? list.join(',') : '<none>';
};

const desc: KindDescriptor<Service> = {
  group: '',
  version: 'v1',
  kind: 'Service',
  resource: 'services',
  singular: 'service',
  namespaced: true,
  shortNames: ['svc'],
  categories: ['all'],
  schema: service,
  openapiName: 'io.k8s.api.core.v1.Service',
  subresources: { status: true },
  nameRule: 'dns1035',

  defaults,
  prepareForCreate(s) {
    s.status = { loadBalancer: {} };
  },
  validate,

  table: {
    columns: [
      nameColumn,
      column('Type', 'string', 'The type of the service'),
      column('Cluster-IP', 'string', 'The cluster IP of the service'),
      column('External-IP', 'string', 'The external IP of the service'),
      column('Port(s)', 'string', 'The ports exposed by the service'),
      ageColumn,
      column('Selector', 'string', 'Route service traffic to pods with label keys and values matching this selector.', 1),
    ],
    cells: (s, now) => [
      s.metadata.name,
      s.spec?.type ?? '',
      s.spec?.clusterIPs?.[0] ?? (s.spec?.clusterIP || '<none>'),
      externalIP(s),
      ports(s),
      age(s.metadata.creationTimestamp, now),
      formatLabels(s.spec?.selector),
    ],
  },
};

export default desc;
