/**
 * The pod-template-hash: a deterministic name for a pod template, so that the same template always
 * gives the same ReplicaSet name (a deleted ReplicaSet comes back as itself) and a changed template
 * a new one. Kubernetes hashes its Go struct dump with FNV-32a and spells the decimal value in a
 * vowel-free alphabet (rand.SafeEncodeString); we hash a canonical JSON form of the template the
 * same way, so names look alike (`vitrine-577cf576cf`) though the values differ.
 *
 * The canonical form is also what "same template" means (EqualIgnoreHash): Kubernetes' semantic
 * equality treats empty and missing lists and maps alike, and so does `canonical`.
 */
import type { PodTemplateSpec } from '../../../lib/api/core/pod.ts';

export const HASH_LABEL = 'pod-template-hash';
const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

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

function fnv32a(bytes: Uint8Array, h = 0x811c9dc5): number {
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}

/** The hash of a template; a collision count (status.collisionCount) perturbs it. */
export function templateHash(template: PodTemplateSpec | undefined, collisionCount?: number): string {
  let h = fnv32a(new TextEncoder().encode(JSON.stringify(canonical(template) ?? {})));
  if (collisionCount !== undefined && collisionCount !== null) {
    const extra = new Uint8Array(8);
    new DataView(extra.buffer).setUint32(0, collisionCount >>> 0, true);
    h = fnv32a(extra, h);
  }
  return [...String(h)].map((c) => ALPHANUMS[c.charCodeAt(0) % ALPHANUMS.length]).join('');
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
