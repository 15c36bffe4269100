/**
 * ControllerRevision names, as Kubernetes' controller history makes them: the FNV-32a hash of the
 * revision's data (the raw JSON bytes), perturbed by the parent's collision count written as a
 * decimal, spelled with rand.SafeEncodeString's vowel-free alphabet; the name is `<parent>-<hash>`.
 */
export const REVISION_HASH_LABEL = 'controller-revision-hash';
const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';
/** a name leaves room for `-<hash>` within 253 characters */
const MAX_PREFIX = 223;

function fnv32a(bytes: Uint8Array, h = 0x811c9dc5): number {
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}

/** JSON with keys sorted at every level, as Go's encoding of a map[string]interface{} writes it. */
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

export function revisionHash(data: unknown, collisionCount?: number | null): string {
  let h = fnv32a(new TextEncoder().encode(sortedJson(data)));
  if (collisionCount != null) h = fnv32a(new TextEncoder().encode(String(collisionCount)), h);
  return [...String(h)].map((c) => ALPHANUMS[c.charCodeAt(0) % ALPHANUMS.length]).join('');
}

export const revisionName = (parent: string, hash: string) => `${parent.slice(0, MAX_PREFIX)}-${hash}`;
