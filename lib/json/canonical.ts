/**
 * Canonical JSON, for comparing and hashing objects whatever the order of their keys. Two forms:
 * `sortedJson` keeps every value (Go's encoding of a map[string]interface{}), `canonicalJson`
 * follows Kubernetes' semantic equality, where nil, empty lists and empty maps are alike.
 */

/** Sorted keys; null, empty lists and empty objects dropped (undefined when nothing is left). */
export function canonical(v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (Array.isArray(v)) return v.length ? v.map((x) => canonical(x) ?? null) : undefined;
  if (typeof v !== 'object') return v;
  const entries = Object.keys(v)
    .sort()
    .map((k) => [k, canonical((v as Record<string, unknown>)[k])] as const)
    .filter(([, x]) => x !== undefined);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** The semantic form as text: equal strings for semantically equal objects. */
export const canonicalJson = (v: unknown): string => JSON.stringify(canonical(v) ?? null);

/** JSON with keys sorted at every level and undefined members dropped, nothing else changed. */
export function sortedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map((x) => sortedJson(x === undefined ? null : x)).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${sortedJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/** Equal as JSON, whatever the order of keys. */
export const sameJson = (a: unknown, b: unknown): boolean => sortedJson(a) === sortedJson(b);
