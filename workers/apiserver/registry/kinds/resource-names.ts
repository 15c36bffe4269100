/**
 * Resource names and quantities as ResourceQuota and LimitRange validation check them (core
 * validation and its helper package, 1.32): which names are standard, which are for quota or
 * for containers, which must be integers.
 */
import { fieldErr, type FieldError } from '../../../../lib/errors.ts';
import { formatQuantity, milliValue, parseQuantity, quantityParts, type QuantityText } from '../../../../lib/quantity/quantity.ts';
import { qualifiedName } from '../validation.ts';

const STANDARD = new Set([
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'pods',
  'resourcequotas',
  'services',
  'replicationcontrollers',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'storage',
  'requests.storage',
  'services.nodeports',
  'services.loadbalancers',
]);

const STANDARD_QUOTA = new Set([...STANDARD].filter((r) => r !== 'storage'));
const CONTAINER = new Set(['cpu', 'memory', 'ephemeral-storage']);
const INTEGER = new Set(['pods', 'resourcequotas', 'services', 'replicationcontrollers', 'secrets', 'configmaps', 'persistentvolumeclaims', 'services.nodeports', 'services.loadbalancers']);

const isQuotaHugePages = (name: string) => name.startsWith('hugepages-') || name.startsWith('requests.hugepages-');
export const isStandardQuotaResource = (name: string) => STANDARD_QUOTA.has(name) || isQuotaHugePages(name);
/** Unprefixed names and *kubernetes.io/ names are native. */
export const isNativeResource = (name: string) => !name.includes('/') || name.includes('kubernetes.io/');
export const isExtendedResource = (name: string) => !isNativeResource(name) && !name.startsWith('requests.') && qualifiedName(`requests.${name}`).length === 0;
export const isIntegerResource = (name: string) => INTEGER.has(name) || isExtendedResource(name);

/** validateResourceName: a qualified name, standard unless it has a domain. */
export function validateResourceName(name: string, at: string): FieldError[] {
  const errs = qualifiedName(name).map((m) => fieldErr.invalid(at, name, m));
  if (errs.length) return errs;
  if (!name.includes('/') && !STANDARD.has(name) && !isQuotaHugePages(name)) errs.push(fieldErr.invalid(at, name, 'must be a standard resource type or fully qualified'));
  return errs;
}

export function validateQuotaResourceName(name: string, at: string): FieldError[] {
  const errs = validateResourceName(name, at);
  if (!name.includes('/') && !isStandardQuotaResource(name)) errs.push(fieldErr.invalid(at, name, 'must be a standard resource for quota'));
  return errs;
}

export function validateContainerResourceName(name: string, at: string): FieldError[] {
  const errs = validateResourceName(name, at);
  if (!name.includes('/')) {
    if (!CONTAINER.has(name) && !name.startsWith('hugepages-')) errs.push(fieldErr.invalid(at, name, 'must be a standard resource for containers'));
  } else if (!isNativeResource(name) && !isExtendedResource(name)) errs.push(fieldErr.invalid(at, name, "doesn't follow extended resource name standard"));
  return errs;
}

/** A field error whose value is already rendered the Go way. */
export const invalidRendered = (field: string, rendered: string, detail: string): FieldError => ({ type: 'FieldValueInvalid', field, body: `Invalid value: ${rendered}: ${detail}` });

/**
 * How Go's field errors print a resource.Quantity value: String() has a pointer receiver, so a
 * Quantity passed by value is no fmt.Stringer and falls to %#v, the struct itself (its cached
 * string is the canonical form, computed for the message beside it).
 */
export function goQuantity(q: QuantityText): string {
  const parsed = parseQuantity(q);
  const p = quantityParts(q);
  if (!parsed || !p) return JSON.stringify(String(q));
  let value: bigint;
  let scale: number;
  if (p.suffix.length === 2 && p.suffix.endsWith('i')) {
    value = BigInt(p.int + p.frac) << BigInt({ Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 }[p.suffix]!);
    scale = -p.frac.length;
  } else {
    const exp = /^[eE]/.test(p.suffix) ? Number(p.suffix.slice(1)) : ({ n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 } as Record<string, number>)[p.suffix];
    value = BigInt(p.int + p.frac);
    scale = exp - p.frac.length;
  }
  if (p.negative) value = -value;
  return `resource.Quantity{i:resource.int64Amount{value:${value}, scale:${scale}}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:${JSON.stringify(formatQuantity(parsed))}, Format:${JSON.stringify(parsed.format)}}`;
}

/** ValidateResourceQuantityValue: never negative; integer resources whole. */
export function validateQuantityValue(resource: string, q: QuantityText, at: string): FieldError[] {
  const parsed = parseQuantity(q);
  if (!parsed) return [];
  const errs: FieldError[] = [];
  if (parsed.nano < 0n) errs.push(fieldErr.invalid(at, formatQuantity(parsed), 'must be greater than or equal to 0'));
  if (isIntegerResource(resource) && milliValue(parsed) % 1000n !== 0n) errs.push(invalidRendered(at, goQuantity(q), 'must be an integer'));
  return errs;
}
