/** Plain JSON value helpers. */

/** Structural equality of JSON values; object key order does not matter. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bl = b as unknown[];
    return a.length === bl.length && a.every((x, i) => deepEqual(x, bl[i]));
  }
  const ak = Object.keys(a);
  const bo = b as Record<string, unknown>;
  return ak.length === Object.keys(bo).length && ak.every((k) => k in bo && deepEqual((a as Record<string, unknown>)[k], bo[k]));
}

export const clone = <T>(x: T): T => (x === undefined ? x : (JSON.parse(JSON.stringify(x)) as T));

/** Go decodes `null` as the zero value, which it then omits: drop null-valued object keys. */
export function dropNulls(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(dropNulls);
  if (x === null || typeof x !== 'object') return x;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) if (v !== null) out[k] = dropNulls(v);
  return out;
}
