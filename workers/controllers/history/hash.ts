/**
 * ControllerRevision names, as Kubernetes' controller history makes them: the FNV-32a hash of the
 * revision's data (the raw JSON bytes), perturbed by the parent's collision count written as a
 * decimal, spelled with rand.SafeEncodeString's vowel-free alphabet; the name is `<parent>-<hash>`.
 */
import { fnv32a, safeEncode } from '../../../lib/hash/safe-hash.ts';
import { sortedJson } from '../../../lib/json/canonical.ts';

/** JSON with keys sorted at every level, as Go's encoding of a map[string]interface{} writes it. */
export { sortedJson };

export const REVISION_HASH_LABEL = 'controller-revision-hash';
/** a name leaves room for `-<hash>` within 253 characters */
const MAX_PREFIX = 223;

export function revisionHash(data: unknown, collisionCount?: number | null): string {
  let h = fnv32a(new TextEncoder().encode(sortedJson(data)));
  if (collisionCount != null) h = fnv32a(new TextEncoder().encode(String(collisionCount)), h);
  return safeEncode(h);
}

export const revisionName = (parent: string, hash: string) => `${parent.slice(0, MAX_PREFIX)}-${hash}`;
