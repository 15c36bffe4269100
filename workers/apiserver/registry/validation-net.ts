/**
 * Network values shared by Service, Endpoints, EndpointSlice (and pod) validation: port numbers
 * and names, protocols, IP addresses, with Kubernetes' messages.
 */
import { fieldErr, type FieldError } from '../../../lib/errors.ts';

/** IsValidPortNum. */
export const portNumber = (n: unknown): string[] =>
  typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 65535 ? [] : ['must be between 1 and 65535, inclusive'];

/** IsValidPortName: an IANA_SVC_NAME. */
export function portName(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 15) errs.push('must be no more than 15 characters');
  if (!/^[-a-z0-9]+$/.test(v)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(v)) errs.push('must contain at least one letter (a-z)');
  if (v.includes('--')) errs.push('must not contain consecutive hyphens');
  if (v.startsWith('-') || v.endsWith('-')) errs.push('must not begin or end with a hyphen');
  return errs;
}

/** ValidatePortNumOrName: an IntOrString that names or numbers a container port. */
export function validatePortNumOrName(v: number | string | null | undefined, path: string): FieldError[] {
  if (typeof v === 'string') return portName(v).map((m) => fieldErr.invalid(path, v, m));
  return portNumber(v ?? 0).map((m) => fieldErr.invalid(path, v ?? 0, m));
}

/** Protocols of Service, Endpoints and EndpointSlice ports, in Kubernetes' (sorted) order. */
export const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];

/** A Protocol field: required, one of PROTOCOLS. */
export function validateProtocol(p: string | null | undefined, path: string): FieldError[] {
  if (!p) return [fieldErr.required(path)];
  return PROTOCOLS.includes(p) ? [] : [fieldErr.notSupported(path, p, PROTOCOLS)];
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
export const isIPv4 = (v: string) => IPV4.test(v);
/** RFC 4291 text form, with an optional trailing dotted IPv4 part. */
export function isIPv6(v: string): boolean {
  if (!v.includes(':') || /[^0-9a-fA-F:.]/.test(v)) return false;
  const groups = 8;
  let s = v;
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    if (!isIPv4(s.slice(lastColon + 1))) return false;
    s = s.slice(0, lastColon + 1) + '0:0';
  }
  const halves = s.split('::');
  if (halves.length > 2) return false;
  const parts = halves.map((h) => (h === '' ? [] : h.split(':')));
  if (parts.some((p) => p.some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g)))) return false;
  const count = parts.reduce((n, p) => n + p.length, 0);
  return halves.length === 2 ? count < groups : count === groups;
}
export const isIP = (v: string) => isIPv4(v) || isIPv6(v);
