/** What ConfigMaps and Secrets share: key rules, the 1 MiB size limit, and `immutable`. */
import { fieldErr, type FieldError } from '../../../../lib/errors.ts';
import { configMapKey } from '../validation.ts';

/** core.MaxSecretSize, which also bounds ConfigMaps. */
export const MAX_DATA_SIZE = 1024 * 1024;

const utf8 = new TextEncoder();
export const utf8Length = (s: string) => utf8.encode(s).length;
/** Bytes carried by a base64 string (no decoding needed). */
export const base64Length = (s: string) => Math.floor((s.length * 3) / 4) - (s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0);

/** Each key must be a config key; errors at `<path>[<key>]`. */
export function validateKeys(map: Record<string, string> | null | undefined, path: string): FieldError[] {
  return Object.keys(map ?? {}).flatMap((k) => configMapKey(k).map((m) => fieldErr.invalid(`${path}[${k}]`, k, m)));
}

const sameMap = (a: Record<string, string> | null | undefined, b: Record<string, string> | null | undefined) => {
  const ka = Object.keys(a ?? {});
  return ka.length === Object.keys(b ?? {}).length && ka.every((k) => (b ?? {})[k] === a![k]);
};

/** Once `immutable: true` is stored, it and the data fields can no longer change. */
export function validateImmutable<T extends { immutable?: boolean }>(obj: T, old: T, fields: (keyof T & string)[]): FieldError[] {
  if (!old.immutable) return [];
  const errs: FieldError[] = [];
  const msg = 'field is immutable when `immutable` is set';
  if (!obj.immutable) errs.push(fieldErr.forbidden('immutable', msg));
  for (const f of fields) {
    if (!sameMap(obj[f] as Record<string, string> | undefined, old[f] as Record<string, string> | undefined)) errs.push(fieldErr.forbidden(f, msg));
  }
  return errs;
}
