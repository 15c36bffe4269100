/**
 * `x-kubernetes-validations`: the CEL rules of a custom resource's schema, evaluated with the CEL
 * layer (workers/apiserver/cel/) at every value their schema node describes (`self`; `oldSelf`
 * on updates, for transition rules, where the old object has a value at the same path — list
 * items are not correlated). A transition rule with `optionalOldSelf` runs on creation too, and
 * where the old object has no value, its `oldSelf` an optional (none then). A failed rule is
 * `<path>: Invalid value: "<schema type>": <message>` (`failed rule: <rule>` without a message;
 * `reason` picks Forbidden, Required or Duplicate; `fieldPath` is appended to the path), `<nil>`
 * being the object's root, as in Kubernetes. Rules run only when the schema found nothing
 * blocking, as Kubernetes does.
 */
import type { JSONSchemaProps, ValidationRule } from '../../../lib/api/apiextensions.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { FieldError } from '../../../lib/errors.ts';
import type { CelValue } from '@bufbuild/cel';
import { BOOL, DYN, STRING, PER_CALL_LIMIT, compile, evaluateSync, fromCel, optionalNone, optionalOf, toCelInput, type Program } from '../cel/index.ts';
import { isObject, jsonEqual } from './schema/json.ts';

const programs = new Map<string, { program?: Program; error?: string }>();

function compiled(expr: string, message = false): { program?: Program; error?: string } {
  const key = `${message ? 'm' : 'r'}:${expr}`;
  let c = programs.get(key);
  if (!c) {
    const r = compile(expr, { self: DYN, oldSelf: DYN }, { returns: [message ? STRING : BOOL] });
    c = r.ok ? { program: r.program } : { error: r.error };
    if (programs.size > 2048) programs.clear();
    programs.set(key, c);
  }
  return c;
}

const usesOldSelf = (rule: string) => /\boldSelf\b/.test(rule);

/** The compilation error of a rule (CRD validation), if any. */
export function ruleCompileError(rule: ValidationRule, forMessage = false): string | undefined {
  return compiled(forMessage ? rule.messageExpression! : rule.rule, forMessage).error;
}

function failure(rule: ValidationRule, path: string, type: string, bindings: Record<string, unknown>): FieldError {
  let message = rule.message || `failed rule: ${rule.rule.trim()}`;
  if (rule.messageExpression) {
    const p = compiled(rule.messageExpression, true).program;
    const r = p && evaluateSync(p, bindings, { limit: PER_CALL_LIMIT });
    if (r?.ok && typeof fromCel(r.value) === 'string' && (fromCel(r.value) as string).trim()) message = (fromCel(r.value) as string).trim();
  }
  const field = rule.fieldPath ? `${path === '<nil>' ? '' : path}${rule.fieldPath.startsWith('.') || rule.fieldPath.startsWith('[') ? '' : '.'}${rule.fieldPath}`.replace(/^\./, '') : path;
  switch (rule.reason) {
    case 'FieldValueForbidden':
      return { type: 'FieldValueForbidden', field, body: `Forbidden: ${message}` };
    case 'FieldValueRequired':
      return { type: 'FieldValueRequired', field, body: `Required value: ${message}` };
    case 'FieldValueDuplicate':
      return { type: 'FieldValueDuplicate', field, body: `Duplicate value: ${JSON.stringify(type)}: ${message}` };
    default:
      return { type: 'FieldValueInvalid', field, body: `Invalid value: ${JSON.stringify(type)}: ${message}` };
  }
}

/** which rules a pass runs: the object's alone, the transition rules of a creation, those of an update */
type Pass = 'object' | 'create' | 'update';

/** `oldSelf` for a rule in this pass; undefined: the rule does not run */
function oldSelfFor(rule: ValidationRule, pass: Pass, old: unknown): { value?: unknown } | undefined {
  if (!usesOldSelf(rule.rule)) return pass === 'object' ? {} : undefined;
  if (pass === 'object') return undefined;
  if (rule.optionalOldSelf) return { value: old === undefined ? optionalNone() : optionalOf(toCelInput(old) as CelValue) };
  return pass === 'update' && old !== undefined ? { value: toCelInput(old) } : undefined;
}

function walk(s: JSONSchemaProps, value: unknown, old: unknown, path: string, errs: FieldError[], root: boolean, pass: Pass): void {
  if (value === undefined || value === null) return;
  // ratcheting: on an update, the rules on an unchanged value (all but transition rules) are not run
  if (pass === 'object' && old !== undefined && jsonEqual(value, old)) return;
  for (const rule of s['x-kubernetes-validations'] ?? []) {
    const oldSelf = oldSelfFor(rule, pass, old);
    if (!oldSelf) continue;
    const program = compiled(rule.rule).program;
    if (!program) continue; // refused when the CRD was written
    const bindings: Record<string, unknown> = { self: toCelInput(value), ...('value' in oldSelf ? { oldSelf: oldSelf.value } : {}) };
    const r = evaluateSync(program, bindings, { limit: PER_CALL_LIMIT });
    const type = s['x-kubernetes-int-or-string'] ? 'int-or-string' : (s.type ?? 'object');
    if (!r.ok) errs.push({ type: 'FieldValueInvalid', field: path, body: `Invalid value: ${JSON.stringify(type)}: ${r.error}` });
    else if (fromCel(r.value) !== true) errs.push(failure(rule, path, type, bindings));
  }
  const at = (p: string, k: string) => (p === '<nil>' ? k : `${p}.${k}`);
  if (Array.isArray(value)) {
    if (s.items) value.forEach((el, i) => walk(s.items!, el, undefined, `${path === '<nil>' ? '' : path}[${i}]`, errs, false, pass));
    return;
  }
  if (!isObject(value)) return;
  const additional = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
  for (const [k, v] of Object.entries(value)) {
    if (root && (k === 'metadata' || k === 'apiVersion' || k === 'kind')) continue;
    const sub = s.properties?.[k] ?? additional;
    if (sub) walk(sub, v, isObject(old) ? old[k] : undefined, at(path, k), errs, false, pass);
  }
}

const withRules = new WeakMap<JSONSchemaProps, boolean>();
/** Whether any node of the schema carries rules (most CRDs have none: nothing to walk). */
export function hasRules(s: JSONSchemaProps | undefined): boolean {
  if (!s) return false;
  let known = withRules.get(s);
  if (known === undefined) {
    known = !!s['x-kubernetes-validations']?.length || Object.values(s.properties ?? {}).some(hasRules) || hasRules(s.items) || (typeof s.additionalProperties === 'object' && hasRules(s.additionalProperties));
    withRules.set(s, known);
  }
  return known;
}

/**
 * The failed rules of an object: in the `object` pass the rules on the object alone (creations and
 * updates: with `old`, ratcheted — unchanged values are not checked); in `create`, the transition
 * rules with optionalOldSelf; in `update` (with `old`), the transition rules (those reading
 * `oldSelf`), which never ratchet.
 */
export function validateRules(schema: JSONSchemaProps, obj: KubeObject, pass: Pass = 'object', old?: KubeObject): FieldError[] {
  if (!hasRules(schema)) return [];
  const errs: FieldError[] = [];
  walk(schema, obj, old, '<nil>', errs, true, pass);
  return errs;
}
