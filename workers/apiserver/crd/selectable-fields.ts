/**
 * A CRD version's `selectableFields` (Kubernetes 1.32): the fields its objects can be selected by
 * (`kubectl get crontabs --field-selector spec.color=red`), each a path of property names to a
 * string, boolean or integer, checked against the version's schema with Kubernetes' messages.
 */
import type { CRDVersion, JSONSchemaProps } from '../../../lib/api/apiextensions.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { fieldErr, type FieldError } from '../../../lib/errors.ts';
import { evaluate, parseJsonPath } from './jsonpath.ts';

const MAX_SELECTABLE_FIELDS = 8;
const SELECTABLE_TYPES = ['string', 'boolean', 'integer'];

/** `.spec.color` → ['spec', 'color']; undefined when it is not a path of property names. */
const segmentsOf = (jsonPath: string): string[] | undefined => (/^(\.[^.[\]]+)+$/.test(jsonPath) ? jsonPath.slice(1).split('.') : undefined);

/** The schema a path leads to, or why it leads nowhere (cel.ValidFieldPath without array notation). */
function schemaAt(root: JSONSchemaProps, jsonPath: string): JSONSchemaProps | string {
  if (!jsonPath.startsWith('.') && !jsonPath.startsWith('[')) return `expected [ or . but got: ${jsonPath.split(/[.[\]]/)[0]}`;
  if (jsonPath.includes('[')) return 'array notation is not allowed';
  const segments = segmentsOf(jsonPath);
  if (!segments) return 'unexpected end of JSON path';
  let s = root;
  for (const name of segments) {
    const next = s.properties?.[name] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
    if (!next) return 'does not refer to a valid field';
    s = next;
  }
  return s;
}

/** ValidateCustomResourceSelectableFields. */
export function validateSelectableFields(version: CRDVersion, at: string): FieldError[] {
  const fields = version.selectableFields ?? [];
  const root = version.schema?.openAPIV3Schema;
  if (!fields.length || !root) return [];
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    const p = `${at}[${i}].jsonPath`;
    const jsonPath = f.jsonPath ?? '';
    if (!jsonPath) return errs.push(fieldErr.required(p, ''));
    const found = schemaAt(root, jsonPath);
    if (typeof found === 'string') return errs.push(fieldErr.invalid(p, jsonPath, `is an invalid path: ${found}`));
    if (jsonPath.startsWith('.metadata.') || jsonPath === '.metadata') errs.push(fieldErr.invalid(p, jsonPath, 'must not point to fields in metadata'));
    if (!SELECTABLE_TYPES.includes(found.type ?? '')) errs.push(fieldErr.invalid(p, jsonPath, 'must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.'));
    if (seen.has(jsonPath)) errs.push(fieldErr.duplicate(p, jsonPath));
    seen.add(jsonPath);
  });
  if (seen.size > MAX_SELECTABLE_FIELDS) errs.push(fieldErr.tooMany(at, seen.size, MAX_SELECTABLE_FIELDS));
  return errs;
}

/** The field selectors of a version: `spec.color` → the object's value there, as a selector compares it. */
export function selectableFieldGetters(version: CRDVersion): Record<string, (o: KubeObject) => string | undefined> {
  const getters: Record<string, (o: KubeObject) => string | undefined> = {};
  for (const { jsonPath } of version.selectableFields ?? []) {
    if (!jsonPath || !segmentsOf(jsonPath)) continue; // refused when the CRD was written
    const path = parseJsonPath(jsonPath);
    getters[jsonPath.slice(1)] = (o) => {
      const x = evaluate(path, o)[0];
      return typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean' ? String(x) : undefined;
    };
  }
  return getters;
}
