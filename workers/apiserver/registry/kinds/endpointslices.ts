/** discovery.k8s.io/v1 endpointslices (written by the EndpointSlice controller). */
import { endpointSlice, type EndpointSlice } from '../../../../lib/api/discovery.ts';
import { fieldErr, type FieldError } from '../../../../lib/errors.ts';
import { age, ageColumn, column, joinMax3, nameColumn } from '../printing.ts';
import type { KindDescriptor } from '../types.ts';
import { dns1123Label, dns1123Subdomain, immutable } from '../validation.ts';
import { isIPv4, isIPv6, portNumber, validateProtocol } from '../validation-net.ts';

const ADDRESS_TYPES = ['FQDN', 'IPv4', 'IPv6'];
const MAX_ENDPOINTS = 1000;
const MAX_ADDRESSES = 100;
const MAX_PORTS = 100;

const addressRule: Record<string, (a: string) => string[]> = {
  IPv4: (a) => (isIPv4(a) ? [] : ['must be a valid IPv4 address']),
  IPv6: (a) => (isIPv6(a) ? [] : ['must be a valid IPv6 address']),
  FQDN: dns1123Subdomain,
};

function validate(es: EndpointSlice): FieldError[] {
  const errs: FieldError[] = [];
  const type = es.addressType ?? '';
  if (!type) errs.push(fieldErr.required('addressType'));
  else if (!ADDRESS_TYPES.includes(type)) errs.push(fieldErr.notSupported('addressType', type, ADDRESS_TYPES));
  const endpoints = es.endpoints ?? [];
  if (endpoints.length > MAX_ENDPOINTS) errs.push(fieldErr.tooMany('endpoints', endpoints.length, MAX_ENDPOINTS));
  endpoints.forEach((ep, i) => {
    const at = `endpoints[${i}]`;
    const addrs = ep.addresses ?? [];
    if (addrs.length === 0) errs.push(fieldErr.required(`${at}.addresses`, 'must contain at least 1 address'));
    else if (addrs.length > MAX_ADDRESSES) errs.push(fieldErr.tooMany(`${at}.addresses`, addrs.length, MAX_ADDRESSES));
    addrs.forEach((a, j) => {
      for (const m of addressRule[type]?.(a) ?? []) errs.push(fieldErr.invalid(`${at}.addresses[${j}]`, a, m));
    });
    if (ep.hostname) for (const m of dns1123Label(ep.hostname)) errs.push(fieldErr.invalid(`${at}.hostname`, ep.hostname, m));
  });
  const ports = es.ports ?? [];
  if (ports.length > MAX_PORTS) errs.push(fieldErr.tooMany('ports', ports.length, MAX_PORTS));
  const names = new Set<string>();
  ports.forEach((p, i) => {
    const at = `ports[${i}]`;
    const name = p.name ?? '';
    if (name) for (const m of dns1123Label(name)) errs.push(fieldErr.invalid(`${at}.name`, name, m));
    if (names.has(name)) errs.push(fieldErr.duplicate(`${at}.name`, name));
    names.add(name);
    if (p.port != null) for (const m of portNumber(p.port)) errs.push(fieldErr.invalid(`${at}.port`, p.port, m));
    errs.push(...validateProtocol(p.protocol, `${at}.protocol`));
  });
  return errs;
}

/** Everything but metadata, plus the labels: what bumps an EndpointSlice's generation. */
const generationView = (es: EndpointSlice) => JSON.stringify({ ...es, apiVersion: undefined, kind: undefined, metadata: es.metadata.labels ?? {} });

/** deprecatedTopology is not writable through v1: silently dropped. */
const dropTopology = (es: EndpointSlice) => {
  for (const e of es.endpoints ?? []) delete (e as { deprecatedTopology?: unknown }).deprecatedTopology;
};

const unset = (items: string[]) => (items.length ? joinMax3(items) : '<unset>');

const desc: KindDescriptor<EndpointSlice> = {
  group: 'discovery.k8s.io',
  version: 'v1',
  kind: 'EndpointSlice',
  resource: 'endpointslices',
  singular: 'endpointslice',
  namespaced: true,
  schema: endpointSlice,
  openapiName: 'io.k8s.api.discovery.v1.EndpointSlice',
  nameRule: 'subdomain',

  defaults(es) {
    for (const p of es.ports ?? []) {
      if (p.name == null) p.name = '';
      if (p.protocol == null) p.protocol = 'TCP';
    }
  },
  prepareForCreate(es) {
    es.metadata.generation = 1;
    dropTopology(es);
  },
  prepareForUpdate(es, old) {
    dropTopology(es);
    const changed = generationView(es) !== generationView(old);
    es.metadata.generation = (old.metadata.generation ?? 0) + (changed ? 1 : 0);
  },
  validate,
  validateUpdate: (es, old) => immutable('addressType', es.addressType, old.addressType),

  table: {
    columns: [
      nameColumn,
      column('AddressType', 'string', 'addressType specifies the type of address carried by this EndpointSlice.'),
      column('Ports', 'string', 'ports specifies the list of network ports exposed by each endpoint in this slice.'),
      column('Endpoints', 'string', 'endpoints is a list of unique endpoints in this slice.'),
      ageColumn,
    ],
    cells: (es, now) => [
      es.metadata.name,
      es.addressType ?? '',
      unset((es.ports ?? []).map((p) => (p.port != null ? String(p.port) : p.name || '*'))),
      unset((es.endpoints ?? []).flatMap((e) => e.addresses ?? [])),
      age(es.metadata.creationTimestamp, now),
    ],
  },
};

export default desc;
