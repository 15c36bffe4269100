/**
 * Field selectors, as apimachinery's fields package: `a=b`, `a==b`, `a!=b`, comma-separated.
 * In values, `\,` `\=` `\\` are escapes; an unescaped `,` or `=` in a value is an error. The
 * left-hand side is taken verbatim up to the first operator. Which fields a resource supports is
 * the caller's knowledge: check with `checkFieldSelector`, which throws Kubernetes' 400.
 */
import { badRequest, type StatusError } from '../errors.ts';

export interface FieldSelectorReq {
  field: string;
  operator: '=' | '==' | '!=';
  value: string;
}

/** Backslash-escaped commas are data, not separators (the backslash is kept for unescape). */
function splitTerms(s: string): string[] {
  if (s === '') return [];
  const terms: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inSlash) inSlash = false;
    else if (c === '\\') inSlash = true;
    else if (c === ',') {
      terms.push(s.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(s.slice(start));
  return terms;
}

const OPERATORS = ['!=', '==', '='] as const;

function splitTerm(term: string): [string, FieldSelectorReq['operator'], string] | undefined {
  for (let i = 0; i < term.length; i++) {
    for (const op of OPERATORS) if (term.startsWith(op, i)) return [term.slice(0, i), op, term.slice(i + op.length)];
  }
  return undefined;
}

function unescapeValue(s: string): string {
  if (!/[\\,=]/.test(s)) return s;
  let out = '';
  let inSlash = false;
  for (const c of s) {
    if (inSlash) {
      if (c !== '\\' && c !== ',' && c !== '=') throw badRequest(`invalid field selector: invalid escape sequence: \\${c}`);
      out += c;
      inSlash = false;
    } else if (c === '\\') inSlash = true;
    // Go prints the offending rune with %v, i.e. as its code point number
    else if (c === ',' || c === '=') throw badRequest(`invalid field selector: unescaped character in value: ${c.codePointAt(0)}`);
    else out += c;
  }
  if (inSlash) throw badRequest('invalid field selector: invalid escape sequence: \\');
  return out;
}

/** fields.ParseSelector: requirements in sorted term order. Throws 400 BadRequest. */
export function parseFieldSelector(s: string): FieldSelectorReq[] {
  const reqs: FieldSelectorReq[] = [];
  for (const part of splitTerms(s).sort()) {
    if (part === '') continue;
    const t = splitTerm(part);
    if (!t) throw badRequest(`invalid selector: '${s}'; can't understand '${part}'`);
    reqs.push({ field: t[0], operator: t[1], value: unescapeValue(t[2]) });
  }
  return reqs;
}

/** Every requirement holds; a field the object lacks reads as "" (Go's fields.Set.Get). */
export function matchesFields(reqs: FieldSelectorReq[], get: (path: string) => string | undefined): boolean {
  return reqs.every((r) => ((get(r.field) ?? '') === r.value) === (r.operator !== '!='));
}

/** 400 for a field the resource does not index. */
export function unsupportedFieldLabel(field: string): StatusError {
  return badRequest(`field label not supported: ${field}`);
}

/** Throws `field label not supported: <name>` for the first requirement whose field is not supported. */
export function checkFieldSelector(reqs: FieldSelectorReq[], supported: (field: string) => boolean): void {
  for (const r of reqs) if (!supported(r.field)) throw unsupportedFieldLabel(r.field);
}

const escapeValue = (v: string) => v.replace(/[\\,=]/g, (c) => `\\${c}`);

/** The canonical string form (values escaped). */
export function fieldSelectorToString(reqs: FieldSelectorReq[]): string {
  return reqs.map((r) => `${r.field}${r.operator === '!=' ? '!=' : '='}${escapeValue(r.value)}`).join(',');
}

/** Alias of `matchesFields`. */
export const fieldsMatch = matchesFields;
