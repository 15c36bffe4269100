/**
 * ResourceList arithmetic as the quota package does it (apiserver/pkg/quota/v1/resources.go):
 * lists of parsed quantities keyed by resource name.
 */
import type { ResourceList } from '../../../lib/api/core/resourcequota.ts';
import { add, cmp, formatQuantity, parseQuantity, type Quantity } from '../../../lib/quantity/quantity.ts';

export type Usage = Record<string, Quantity>;

/** Parses a ResourceList (an unparsable value counts as zero, as a zero Quantity would). */
export function toUsage(list: ResourceList | null | undefined): Usage {
  const out: Usage = {};
  for (const [k, q] of Object.entries(list ?? {})) out[k] = parseQuantity(q) ?? { nano: 0n, format: 'DecimalSI' };
  return out;
}

/** The canonical JSON form. */
export function toResourceList(u: Usage): ResourceList {
  const out: ResourceList = {};
  for (const k of Object.keys(u).sort()) out[k] = formatQuantity(u[k]);
  return out;
}

/** quota.Add: keys of both; the left side's quantity first, so its format wins. */
export function addUsage(a: Usage, b: Usage): Usage {
  const out: Usage = {};
  for (const [k, q] of Object.entries(a)) out[k] = k in b ? add(q, b[k]) : q;
  for (const [k, q] of Object.entries(b)) if (!(k in out)) out[k] = q;
  return out;
}

/** quota.SubtractWithNonNegativeResult */
export function subtractNonNegative(a: Usage, b: Usage): Usage {
  const out: Usage = {};
  for (const [k, q] of Object.entries(a)) {
    const nano = k in b ? q.nano - b[k].nano : q.nano;
    out[k] = { nano: nano < 0n ? 0n : nano, format: q.format };
  }
  return out;
}

/** quota.Mask: only the named resources. */
export function mask(u: Usage, names: Iterable<string>): Usage {
  const out: Usage = {};
  for (const k of names) if (k in u) out[k] = u[k];
  return out;
}

/** quota.LessThanOrEqual: the names where a exceeds b (names b lacks never exceed). */
export function exceeding(a: Usage, b: Usage): string[] {
  return Object.keys(a).filter((k) => k in b && cmp(a[k], b[k]) > 0);
}

export function removeZeros(u: Usage): Usage {
  return Object.fromEntries(Object.entries(u).filter(([, q]) => q.nano !== 0n));
}

export const negatives = (u: Usage): string[] => Object.keys(u).filter((k) => u[k].nano < 0n);

/** quota.Equals: same names, same values. */
export function sameUsage(a: Usage, b: Usage): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => k in b && cmp(a[k], b[k]) === 0);
}

/** prettyPrint of the admission messages: `name=value` sorted by name, joined by `,`. */
export const prettyPrint = (u: Usage): string =>
  Object.keys(u)
    .sort()
    .map((k) => `${k}=${formatQuantity(u[k])}`)
    .join(',');
