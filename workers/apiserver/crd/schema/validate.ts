/**
 * Validation of a custom resource against its OpenAPI v3 schema, with the texts Kubernetes gives:
 * kube-openapi's messages (`spec.replicas in body should be less than or equal to 10`) turned into
 * field errors as apiextensions' ValidateCustomResource does (Required, Unsupported value, Too long,
 * Too many, Invalid value). An interpreter over the schema: no code is generated (workerd forbids
 * eval and new Function).
 *
 * Ratcheting (Kubernetes 1.30+): on an update, a value equal to the old object's correlated value
 * is not validated, so an object kept before a stricter schema can still be updated elsewhere.
 * Values correlate through object properties, the items of `map` lists (by their keys) and of
 * `set` lists (by value); atomic lists' items and what allOf/anyOf/oneOf/not check do not.
 */
import { fieldErr, goValue, type FieldError } from '../../../../lib/errors.ts';
import type { JSONSchemaProps } from '../../../../lib/api/apiextensions.ts';
import { checkFormat } from './formats.ts';
import { jsonEqual } from './json.ts';

/** The JSON type of a value as kube-openapi names it (a whole number is an integer). */
export function jsonType(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'array';
  if (typeof x === 'number') return Number.isInteger(x) ? 'integer' : 'number';
  if (typeof x === 'object') return 'object';
  return typeof x;
}

const child = (path: string, key: string) => (path ? `${path}.${key}` : key);
const inBody = (path: string, what: string) => `${path} in body ${what}`;
/** Go's %v of a float64 bound */
const num = (n: number) => String(n);

function typeInvalid(path: string, value: unknown, detail: string): FieldError {
  return { type: 'FieldValueInvalid', field: path, body: `Invalid value: ${goValue(value)}: ${detail}` };
}

/** Whether a value's JSON type fits the schema's type (integers are numbers). */
function typeFits(s: JSONSchemaProps, actual: string): boolean {
  if (s['x-kubernetes-int-or-string']) return actual === 'integer' || actual === 'string';
  if (!s.type) return true;
  return s.type === actual || (s.type === 'number' && actual === 'integer');
}

/** No old value correlates with this one (a creation, a new property, an atomic list's item). */
const UNCORRELATED = Symbol('uncorrelated');

/** Validates `value` (at `path`, '' for the object's root) against `s`; `old`, the old object's value there on an update. */
export function validateValue(s: JSONSchemaProps, value: unknown, path: string, root = false, old: unknown = UNCORRELATED): FieldError[] {
  if (old !== UNCORRELATED && jsonEqual(value, old)) return [];
  const errs: FieldError[] = [];
  const actual = jsonType(value);
  if (value === null) {
    if (s.nullable || (!s.type && !s['x-kubernetes-int-or-string'])) return errs;
    const expected = s['x-kubernetes-int-or-string'] ? 'integer,string' : s.type!;
    return [typeInvalid(path, 'null', `${inBody(path, `must be of type ${expected}`)}: "null"`)];
  }
  if (!typeFits(s, actual)) {
    const expected = s['x-kubernetes-int-or-string'] ? 'integer,string' : s.type!;
    return [typeInvalid(path, actual, `${inBody(path, `must be of type ${expected}`)}: ${JSON.stringify(actual)}`)];
  }

  if (typeof value === 'string') {
    const length = [...value].length;
    if (s.maxLength !== undefined && length > s.maxLength) errs.push(fieldErr.tooLong(path, s.maxLength));
    if (s.minLength !== undefined && length < s.minLength) errs.push(fieldErr.invalid(path, value, inBody(path, `should be at least ${s.minLength} chars long`)));
    if (s.pattern !== undefined && !patternOf(s.pattern).test(value)) errs.push(fieldErr.invalid(path, value, inBody(path, `should match '${s.pattern}'`)));
    if (s.format && !checkFormat(s.format, value)) errs.push(typeInvalid(path, value, `${inBody(path, `must be of type ${s.format}`)}: ${JSON.stringify(value)}`));
  }

  if (typeof value === 'number') {
    if (s.multipleOf !== undefined && s.multipleOf > 0 && !isMultiple(value, s.multipleOf)) errs.push(fieldErr.invalid(path, value, inBody(path, `should be a multiple of ${num(s.multipleOf)}`)));
    if (s.maximum !== undefined && (s.exclusiveMaximum ? value >= s.maximum : value > s.maximum))
      errs.push(fieldErr.invalid(path, value, inBody(path, `should be less than ${s.exclusiveMaximum ? '' : 'or equal to '}${num(s.maximum)}`)));
    if (s.minimum !== undefined && (s.exclusiveMinimum ? value <= s.minimum : value < s.minimum))
      errs.push(fieldErr.invalid(path, value, inBody(path, `should be greater than ${s.exclusiveMinimum ? '' : 'or equal to '}${num(s.minimum)}`)));
  }

  if (Array.isArray(value)) {
    if (s.items) value.forEach((el, i) => errs.push(...validateValue(s.items!, el, `${path}[${i}]`, false, oldItem(s, el, old))));
    if (s.minItems !== undefined && value.length < s.minItems) errs.push(fieldErr.invalid(path, value.length, inBody(path, `should have at least ${s.minItems} items`)));
    if (s.maxItems !== undefined && value.length > s.maxItems) errs.push(fieldErr.tooMany(path, value.length, s.maxItems));
    if (s.uniqueItems && hasDuplicates(value)) errs.push(fieldErr.invalid(path, '', inBody(path, "shouldn't contain duplicates")));
    errs.push(...listTypeErrors(s, value, path));
  }

  if (actual === 'object') {
    const obj = value as Record<string, unknown>;
    // a key holding undefined is absent (JSON has no undefined)
    for (const r of s.required ?? []) if (obj[r] === undefined && !(root && r === 'metadata')) errs.push(fieldErr.required(child(path, r)));
    for (const key of Object.keys(obj).sort()) {
      if (obj[key] === undefined || (root && (key === 'metadata' || key === 'apiVersion' || key === 'kind'))) continue;
      const sub = s.properties?.[key] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
      if (sub) errs.push(...validateValue(sub, obj[key], child(path, key), false, isPlainObject(old) && old[key] !== undefined ? old[key] : UNCORRELATED));
    }
    const n = Object.keys(obj).filter((k) => obj[k] !== undefined).length;
    if (s.maxProperties !== undefined && n > s.maxProperties) errs.push(fieldErr.tooMany(path, n, s.maxProperties));
    if (s.minProperties !== undefined && n < s.minProperties) errs.push(fieldErr.invalid(path, n, inBody(path, `should have at least ${s.minProperties} properties`)));
    if (s['x-kubernetes-embedded-resource']) {
      if (!obj.kind) errs.push(fieldErr.required(child(path, 'kind'), 'must not be empty'));
      if (!obj.apiVersion) errs.push(fieldErr.required(child(path, 'apiVersion'), 'must not be empty'));
    }
  }

  if (s.enum && !s.enum.some((e) => jsonEqual(e, value)))
    errs.push(fieldErr.notSupported(path, value, s.enum.map((e) => (typeof e === 'string' ? e : JSON.stringify(e)))));

  for (const sub of s.allOf ?? []) errs.push(...validateValue(sub, value, path));
  if (s.anyOf?.length && !s.anyOf.some((sub) => validateValue(sub, value, path).length === 0))
    errs.push(fieldErr.invalid(path, '', inBody(path, 'must validate at least one schema (anyOf)')));
  if (s.oneOf?.length && s.oneOf.filter((sub) => validateValue(sub, value, path).length === 0).length !== 1)
    errs.push(fieldErr.invalid(path, '', inBody(path, 'must validate one and only one schema (oneOf)')));
  if (s.not && validateValue(s.not, value, path).length === 0) errs.push(fieldErr.invalid(path, '', inBody(path, 'must not validate the schema (not)')));
  return errs;
}

const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A `map` list item's keys (absent ones at their default), by which it is told apart and correlated. */
function mapKeyOf(s: JSONSchemaProps, el: unknown): unknown {
  const keys = s['x-kubernetes-list-map-keys'] ?? [];
  return isPlainObject(el) ? Object.fromEntries(keys.map((k) => [k, el[k] ?? s.items?.properties?.[k]?.default ?? null])) : el;
}

/** The old list's item that correlates with `el`: the one of the same keys in a `map` list, an equal one in a `set`. */
function oldItem(s: JSONSchemaProps, el: unknown, old: unknown): unknown {
  if (!Array.isArray(old)) return UNCORRELATED;
  const type = s['x-kubernetes-list-type'];
  const found = type === 'map' ? old.find((o) => jsonEqual(mapKeyOf(s, o), mapKeyOf(s, el))) : type === 'set' ? old.find((o) => jsonEqual(o, el)) : undefined;
  return found === undefined ? UNCORRELATED : found;
}

/** `x-kubernetes-list-type: set|map`: items must be unique (by value, or by their keys). */
function listTypeErrors(s: JSONSchemaProps, value: unknown[], path: string): FieldError[] {
  const type = s['x-kubernetes-list-type'];
  const errs: FieldError[] = [];
  if (type === 'set') {
    value.forEach((el, i) => {
      if (value.slice(0, i).some((o) => jsonEqual(o, el))) errs.push(fieldErr.duplicate(`${path}[${i}]`, el));
    });
  } else if (type === 'map') {
    const keyOf = (el: unknown) => mapKeyOf(s, el);
    value.forEach((el, i) => {
      const k = keyOf(el);
      if (value.slice(0, i).some((o) => jsonEqual(keyOf(o), k))) errs.push(fieldErr.duplicate(`${path}[${i}]`, k));
    });
  }
  return errs;
}

function hasDuplicates(value: unknown[]): boolean {
  return value.some((el, i) => value.slice(0, i).some((o) => jsonEqual(o, el)));
}

function isMultiple(value: number, factor: number): boolean {
  const q = value / factor;
  return Math.abs(q - Math.round(q)) < 1e-9;
}

const patterns = new Map<string, RegExp>();
/** ECMA-262 patterns, as the schema states them (compiled once). */
function patternOf(p: string): RegExp {
  let re = patterns.get(p);
  if (!re) {
    try {
      re = new RegExp(p, 'u');
    } catch {
      re = new RegExp(p);
    }
    patterns.set(p, re);
  }
  return re;
}

/** The errors of a whole custom resource, sorted as Kubernetes lists them (by field). */
export function validateCustomResource(schema: JSONSchemaProps, obj: unknown, old?: unknown): FieldError[] {
  return validateValue(schema, obj, '', true, old === undefined ? UNCORRELATED : old);
}
