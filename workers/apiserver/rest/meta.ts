/** System metadata rules (errors-validation-defaults.md §5): what the server sets, wipes and keeps. */
import type { KubeObject, ObjectMeta } from '../../../lib/api/meta.ts';

/** RFC 3339, UTC, second precision, as Kubernetes serialises metav1.Time. */
export const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

const GENERATE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
export function randomSuffix(n = 5): string {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return [...bytes].map((b) => GENERATE_ALPHABET[b % GENERATE_ALPHABET.length]).join('');
}

/** `generateName` truncated to 58 characters plus 5 random ones. */
export const generatedName = (base: string) => base.slice(0, 58) + randomSuffix();

/** Fields a client may not set on create. */
export function wipeForCreate(meta: ObjectMeta): void {
  delete meta.uid;
  delete meta.creationTimestamp;
  delete meta.deletionTimestamp;
  delete meta.deletionGracePeriodSeconds;
  delete meta.selfLink;
  delete meta.resourceVersion;
}

/** Fields an update may not change: restored from the live object. */
export function keepOnUpdate(meta: ObjectMeta, old: ObjectMeta): void {
  meta.uid = old.uid;
  meta.creationTimestamp = old.creationTimestamp;
  for (const k of ['deletionTimestamp', 'deletionGracePeriodSeconds', 'generation'] as const) {
    if (old[k] === undefined) delete meta[k];
    else (meta as Record<string, unknown>)[k] = old[k];
  }
  delete meta.selfLink;
  if (meta.managedFields === undefined && old.managedFields) meta.managedFields = old.managedFields;
}

/** A deep copy through JSON: objects are JSON documents, nothing else. */
export const clone = <T>(x: T): T => (x === undefined ? x : JSON.parse(JSON.stringify(x)));

/** Deep equality of JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The object without the fields that change on every write, to detect no-op updates. */
export function withoutVolatile(o: KubeObject): KubeObject {
  const { resourceVersion: _rv, managedFields: _mf, ...meta } = o.metadata;
  return { ...o, metadata: meta };
}
