/**
 * The pod-template-hash: a deterministic name for a pod template, so that the same template always
 * gives the same ReplicaSet name (a deleted ReplicaSet comes back as itself) and a changed template
 * a new one. Kubernetes hashes its Go struct dump with FNV-32a and spells the decimal value in a
 * vowel-free alphabet (rand.SafeEncodeString); we hash a canonical JSON form of the template the
 * same way, so names look alike (`vitrine-577cf576cf`) though the values differ.
 *
 * The canonical form is also what "same template" means (EqualIgnoreHash): Kubernetes' semantic
 * equality treats empty and missing lists and maps alike, and so does `canonical` (lib/json).
 */
import type { PodTemplateSpec } from '../../../lib/api/core/pod.ts';
import { fnv32a, safeEncode } from '../../../lib/hash/safe-hash.ts';
import { canonical } from '../../../lib/json/canonical.ts';

export { canonical };

export const HASH_LABEL = 'pod-template-hash';

/** The hash of a template; a collision count (status.collisionCount) perturbs it. */
export function templateHash(template: PodTemplateSpec | undefined, collisionCount?: number): string {
  let h = fnv32a(new TextEncoder().encode(JSON.stringify(canonical(template) ?? {})));
  if (collisionCount !== undefined && collisionCount !== null) {
    const extra = new Uint8Array(8);
    new DataView(extra.buffer).setUint32(0, collisionCount >>> 0, true);
    h = fnv32a(extra, h);
  }
  return safeEncode(h);
}

function withoutHashLabel(t: PodTemplateSpec | undefined): unknown {
  if (!t) return undefined;
  const labels = { ...t.metadata?.labels };
  delete labels[HASH_LABEL];
  return canonical({ ...t, metadata: { ...t.metadata, labels } });
}

/** Same template, whatever their pod-template-hash labels say (deploymentutil.EqualIgnoreHash). */
export const equalIgnoreHash = (a: PodTemplateSpec | undefined, b: PodTemplateSpec | undefined): boolean =>
  JSON.stringify(withoutHashLabel(a) ?? {}) === JSON.stringify(withoutHashLabel(b) ?? {});
