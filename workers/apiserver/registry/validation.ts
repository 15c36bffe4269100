/**
 * Kubernetes' shared validation (apimachinery util/validation, api/validation/objectmeta.go,
 * meta/v1/validation), with its exact messages: shared/reference/errors-validation-defaults.md §3.
 * The name checks return message lists, as Go's IsDNS1123Label and friends do; the ObjectMeta
 * checks return FieldErrors at Kubernetes' field paths.
 */
import { fieldErr, type FieldError } from '../../../lib/errors.ts';
import type { LabelSelector, ObjectMeta, OwnerReference } from '../../../lib/api/meta.ts';
import type { NameRule } from './types.ts';
import { parseGroupVersion } from '../../../lib/api/group-version.ts';
import { configMapKey, dns1035Label, dns1123Label, dns1123Subdomain, labelValue, maxLen, qualifiedName } from '../../../lib/validation/names.ts';

export { configMapKey, dns1035Label, dns1123Label, dns1123Subdomain, labelValue, qualifiedName };

/** Object names that must be usable as one URL path segment (kinds without a DNS rule). */
export function pathSegmentName(v: string, prefix = false): string[] {
  if (!prefix && (v === '.' || v === '..')) return [`may not be '${v}'`];
  return ['/', '%'].filter((c) => v.includes(c)).map((c) => `may not contain '${c}'`);
}

/**
 * Go's maskTrailingDash: a generateName may end in '-' since random characters follow it. (Go
 * drops two characters before appending 'a'; kept as is so the same prefixes pass.)
 */
const maskTrailingDash = (v: string) => (v.length > 1 && v.endsWith('-') ? v.slice(0, -2) + 'a' : v);

const NAME_RULES: Record<NameRule, (v: string) => string[]> = {
  subdomain: dns1123Subdomain,
  label: dns1123Label,
  dns1035: dns1035Label,
  'path-segment': (v) => pathSegmentName(v),
};

/** The name rule of a kind; `prefix` checks a generateName. */
export function validateName(rule: NameRule, v: string, prefix = false): string[] {
  if (prefix && rule === 'path-segment') return pathSegmentName(v, true);
  return NAME_RULES[rule](prefix ? maskTrailingDash(v) : v);
}

/** Label keys are qualified names, values label values; errors sit at the map's path, no key. */
export function validateLabels(labels: Record<string, string> | null | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const [k, val] of Object.entries(labels ?? {})) {
    for (const m of qualifiedName(k)) errs.push(fieldErr.invalid(path, k, m));
    for (const m of labelValue(val)) errs.push(fieldErr.invalid(path, val, m));
  }
  return errs;
}

export const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;
const utf8 = new TextEncoder();

/** Annotation keys are qualified names (case-insensitive); keys and values total at most 256 KiB. */
export function validateAnnotations(ann: Record<string, string> | null | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let size = 0;
  for (const [k, val] of Object.entries(ann ?? {})) {
    for (const m of qualifiedName(k.toLowerCase())) errs.push(fieldErr.invalid(path, k, m));
    size += utf8.encode(k).length + utf8.encode(val).length;
  }
  if (size > TOTAL_ANNOTATION_SIZE_LIMIT) errs.push(fieldErr.tooLong(path, TOTAL_ANNOTATION_SIZE_LIMIT));
  return errs;
}

export function validateLabelSelector(sel: LabelSelector | null | undefined, path: string): FieldError[] {
  if (!sel) return [];
  const errs = validateLabels(sel.matchLabels, `${path}.matchLabels`);
  (sel.matchExpressions ?? []).forEach((e, i) => {
    const at = `${path}.matchExpressions[${i}]`;
    const values = e.values ?? [];
    if (e.operator === 'In' || e.operator === 'NotIn') {
      if (values.length === 0) errs.push(fieldErr.required(`${at}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
    } else if (e.operator === 'Exists' || e.operator === 'DoesNotExist') {
      if (values.length > 0) errs.push(fieldErr.forbidden(`${at}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
    } else {
      errs.push(fieldErr.invalid(`${at}.operator`, e.operator, 'not a valid selector operator'));
    }
    for (const m of qualifiedName(e.key ?? '')) errs.push(fieldErr.invalid(`${at}.key`, e.key ?? '', m));
    values.forEach((val, j) => {
      for (const m of labelValue(val)) errs.push(fieldErr.invalid(`${at}.values[${j}]`, val, m));
    });
  });
  return errs;
}

export function validateOwnerReferences(refs: OwnerReference[] | null | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let firstController = '';
  for (const ref of refs ?? []) {
    const apiVersion = ref.apiVersion ?? '';
    if (!parseGroupVersion(apiVersion)?.version) errs.push(fieldErr.invalid(`${path}.apiVersion`, apiVersion, 'version must not be empty'));
    if (!ref.kind) errs.push(fieldErr.invalid(`${path}.kind`, ref.kind ?? '', 'must not be empty'));
    if (!ref.name) errs.push(fieldErr.invalid(`${path}.name`, ref.name ?? '', 'must not be empty'));
    if (!ref.uid) errs.push(fieldErr.invalid(`${path}.uid`, ref.uid ?? '', 'must not be empty'));
    if (apiVersion === 'v1' && ref.kind === 'Event') errs.push(fieldErr.invalid(path, ref, '/v1, Kind=Event is disallowed from being an owner'));
    if (ref.controller) {
      const current = `${ref.kind}/${ref.name}`;
      if (firstController)
        errs.push(
          fieldErr.invalid(path, refs, `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${current}`),
        );
      else firstController = current;
    }
  }
  return errs;
}

export function validateFinalizers(finalizers: string[] | null | undefined, path: string): FieldError[] {
  const list = finalizers ?? [];
  const errs = list.flatMap((f) => qualifiedName(f).map((m) => fieldErr.invalid(path, f, m)));
  if (list.includes('orphan') && list.includes('foregroundDeletion'))
    errs.push(fieldErr.invalid(path, list, 'finalizer orphan and foregroundDeletion cannot be both set'));
  return errs;
}

export interface ObjectMetaRules {
  namespaced: boolean;
  nameRule: NameRule;
  /**
   * On create, a missing name is fine when generateName is set: the handler generates it (in
   * Kubernetes before validation, so the name is normally already there).
   */
  isCreate: boolean;
}

/** ValidateObjectMeta (create): name/generateName, namespace scope, generation, labels, annotations, owners, finalizers. */
export function validateObjectMeta(obj: { metadata?: ObjectMeta | null }, rules: ObjectMetaRules): FieldError[] {
  const m = obj.metadata ?? {};
  const errs: FieldError[] = [];
  const name = m.name ?? '';
  const generateName = m.generateName ?? '';
  if (generateName) for (const msg of validateName(rules.nameRule, generateName, true)) errs.push(fieldErr.invalid('metadata.generateName', generateName, msg));
  if (!name) {
    if (!(rules.isCreate && generateName)) errs.push(fieldErr.required('metadata.name', 'name or generateName is required'));
  } else {
    for (const msg of validateName(rules.nameRule, name)) errs.push(fieldErr.invalid('metadata.name', name, msg));
  }
  const namespace = m.namespace ?? '';
  if (rules.namespaced) {
    if (!namespace) errs.push(fieldErr.required('metadata.namespace'));
    else for (const msg of dns1123Label(namespace)) errs.push(fieldErr.invalid('metadata.namespace', namespace, msg));
  } else if (namespace) {
    errs.push(fieldErr.forbidden('metadata.namespace', 'not allowed on this type'));
  }
  if ((m.generation ?? 0) < 0) errs.push(fieldErr.invalid('metadata.generation', m.generation, 'must be greater than or equal to 0'));
  errs.push(...validateLabels(m.labels, 'metadata.labels'));
  errs.push(...validateAnnotations(m.annotations, 'metadata.annotations'));
  errs.push(...validateOwnerReferences(m.ownerReferences, 'metadata.ownerReferences'));
  errs.push(...validateFinalizers(m.finalizers, 'metadata.finalizers'));
  return errs;
}

/** `<path>: Invalid value: <v>: field is immutable` when a value changed (absent and null are alike). */
export function immutable(path: string, value: unknown, old: unknown): FieldError[] {
  const norm = (x: unknown) => (x === undefined || x === null ? null : x);
  return JSON.stringify(norm(value)) === JSON.stringify(norm(old)) ? [] : [fieldErr.invalid(path, value ?? null, 'field is immutable')];
}

/**
 * The update-only part of ValidateObjectMetaUpdate: immutable fields, generation, no new
 * finalizers while deleting. The generic handler also runs validateObjectMeta on the new object
 * (labels, annotations, owners, finalizers), so those are not repeated here. The resourceVersion
 * rule is the handler's (unconditional updates).
 */
export function validateObjectMetaUpdate(obj: { metadata?: ObjectMeta | null }, old: { metadata?: ObjectMeta | null }): FieldError[] {
  const m = obj.metadata ?? {};
  const o = old.metadata ?? {};
  const errs: FieldError[] = [];
  if (o.deletionTimestamp) {
    const before = new Set(o.finalizers ?? []);
    const added = [...new Set(m.finalizers ?? [])].filter((f) => !before.has(f)).sort();
    if (added.length)
      errs.push(
        fieldErr.forbidden('metadata.finalizers', `no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f) => JSON.stringify(f)).join(', ')}}`),
      );
  }
  if ((m.generation ?? 0) < (o.generation ?? 0)) errs.push(fieldErr.invalid('metadata.generation', m.generation ?? 0, 'must not be decremented'));
  for (const k of ['name', 'namespace', 'uid', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds'] as const) {
    errs.push(...immutable(`metadata.${k}`, m[k], o[k]));
  }
  return errs;
}

