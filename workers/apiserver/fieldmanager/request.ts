/** Who a write is recorded under, and the request options Kubernetes checks before any apply. */
import { fieldErr, invalid, type FieldError, type StatusError } from '../../../lib/errors.ts';
import { utf8Length } from '../registry/kinds/data.ts';

const MAX_MANAGER_BYTES = 128;
/** Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
/** the common case, checked once per write rather than character by character */
const ALL_PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]*$/u;

/**
 * The `fieldManager` query parameter, else the User-Agent up to its first `/`
 * (`kubectl/v1.32.0 (linux/amd64) ...` → `kubectl`), non-printable characters dropped, cut to
 * 128 bytes without splitting a character.
 */
export function managerFromRequest(fieldManager: string | null, userAgent: string | null): string {
  if (fieldManager) return fieldManager;
  const name = (userAgent ?? '').split('/')[0];
  if (ALL_PRINTABLE.test(name) && utf8Length(name) <= MAX_MANAGER_BYTES) return name;
  let out = '';
  for (const ch of name) {
    if (!PRINTABLE.test(ch)) continue;
    if (utf8Length(out) + utf8Length(ch) > MAX_MANAGER_BYTES) break;
    out += ch;
  }
  return out;
}

export type OptionsKind = 'CreateOptions' | 'UpdateOptions' | 'PatchOptions';

/**
 * Kubernetes' ValidateCreate/Update/PatchOptions for the field-manager options: `fieldManager`
 * required for apply, at most 128 bytes, printable; `force` only on apply. Returns the 422 to
 * throw, or undefined.
 */
export function fieldManagerOptionsError(kind: OptionsKind, opts: { fieldManager: string | null; force?: boolean | null; apply?: boolean }): StatusError | undefined {
  const errs: FieldError[] = [];
  const fm = opts.fieldManager ?? '';
  if (kind === 'PatchOptions') {
    if (!opts.apply && opts.force !== undefined && opts.force !== null) errs.push(fieldErr.forbidden('force', 'may not be specified for non-apply patch'));
    if (opts.apply && !fm) errs.push(fieldErr.required('fieldManager', 'is required for apply patch'));
  }
  if (utf8Length(fm) > MAX_MANAGER_BYTES) errs.push(fieldErr.tooLong('fieldManager', MAX_MANAGER_BYTES));
  let i = 0;
  if (!ALL_PRINTABLE.test(fm))
    for (const ch of fm) {
      if (!PRINTABLE.test(ch)) errs.push(fieldErr.invalid('fieldManager', fm, `invalid character ${codePoint(ch)} (at position ${i})`));
      i += utf8Length(ch);
    }
  if (!errs.length) return undefined;
  const err = invalid({ group: 'meta.k8s.io', kind }, '', errs);
  delete err.status.details!.name; // Go omits the empty name
  return err;
}

/** Go's %#U of a non-printable rune: `U+0007`. */
const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
