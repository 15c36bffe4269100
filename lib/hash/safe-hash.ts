/**
 * The hashes Kubernetes puts in names (pod-template-hash, controller-revision-hash): FNV-32a,
 * its decimal value spelled with rand.SafeEncodeString's vowel-free alphabet (no words, no
 * look-alike characters).
 */
const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

export function fnv32a(bytes: Uint8Array, h = 0x811c9dc5): number {
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}

/** rand.SafeEncodeString of the hash's decimal digits. */
export const safeEncode = (h: number): string => [...String(h)].map((c) => ALPHANUMS[c.charCodeAt(0) % ALPHANUMS.length]).join('');
