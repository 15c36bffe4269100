/** core/v1 endpoints (written by the endpoints controller, or by hand for selector-less services). */
import { endpoints, type EndpointSubset, type Endpoints } from '../../../../lib/api/core/endpoints.ts';
import { fieldErr, type FieldError } from '../../../../lib/errors.ts';
import { age, ageColumn, column, joinMax3, nameColumn } from '../printing.ts';
import type { KindDescriptor } from '../types.ts';
import { dns1123Label } from '../validation.ts';
import { isIP, portNumber, validateProtocol } from '../validation-net.ts';

function validateSubset(s: EndpointSubset, at: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!s.addresses?.length && !s.notReadyAddresses?.length) errs.push(fieldErr.required(at, 'must specify `addresses` or `notReadyAddresses`'));
  for (const [list, name] of [[s.addresses, 'addresses'], [s.notReadyAddresses, 'notReadyAddresses']] as const) {
    (list ?? []).forEach((a, j) => {
      if (!isIP(a.ip ?? '')) errs.push(fieldErr.invalid(`${at}.${name}[${j}].ip`, a.ip ?? '', 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'));
    });
  }
  const ports = s.ports ?? [];
  ports.forEach((p, j) => {
    const pat = `${at}.ports[${j}]`;
    if (ports.length > 1 && !p.name) errs.push(fieldErr.required(`${pat}.name`));
    else if (p.name) for (const m of dns1123Label(p.name)) errs.push(fieldErr.invalid(`${pat}.name`, p.name, m));
    for (const m of portNumber(p.port)) errs.push(fieldErr.invalid(`${pat}.port`, p.port ?? 0, m));
    errs.push(...validateProtocol(p.protocol, `${pat}.protocol`));
  });
  return errs;
}

/** printers.md §2.9: ready addresses × ports, at most 3 shown. */
export function formatEndpoints(ep: Endpoints): string {
  const subsets = ep.subsets ?? [];
  if (subsets.length === 0) return '<none>';
  const items: string[] = [];
  for (const s of subsets) {
    const addrs = (s.addresses ?? []).map((a) => a.ip);
    if (!s.ports?.length) items.push(...addrs);
    else for (const p of s.ports) for (const ip of addrs) items.push(ip.includes(':') ? `[${ip}]:${p.port}` : `${ip}:${p.port}`);
  }
  return joinMax3(items);
}

const desc: KindDescriptor<Endpoints> = {
  group: '',
  version: 'v1',
  kind: 'Endpoints',
  resource: 'endpoints',
  singular: 'endpoints',
  namespaced: true,
  shortNames: ['ep'],
  schema: endpoints,
  openapiName: 'io.k8s.api.core.v1.Endpoints',
  nameRule: 'subdomain',

  defaults(ep) {
    for (const s of ep.subsets ?? []) for (const p of s.ports ?? []) if (!p.protocol) p.protocol = 'TCP';
  },
  validate: (ep) => (ep.subsets ?? []).flatMap((s, i) => validateSubset(s, `subsets[${i}]`)),

  table: {
    columns: [nameColumn, column('Endpoints', 'string', 'Endpoints is the list of endpoints in the endpoint.'), ageColumn],
    cells: (ep, now) => [ep.metadata.name, formatEndpoints(ep), age(ep.metadata.creationTimestamp, now)],
  },
};

export default desc;
