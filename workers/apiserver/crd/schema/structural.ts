/**
 * The structural schema rules apiextensions.k8s.io/v1 enforces on a CRD's openAPIV3Schema (the
 * common ones): a type everywhere (unless int-or-string or preserve-unknown-fields), an object at
 * the root, metadata limited to name and generateName, properties and additionalProperties
 * mutually exclusive, list-map-keys with list-type map, and defaults that validate.
 */
import { fieldErr, type FieldError } from '../../../../lib/errors.ts';
import type { JSONSchemaProps } from '../../../../lib/api/apiextensions.ts';
import { validateValue } from './validate.ts';
import { pruneObject } from './prune.ts';
import { ruleCompileError } from '../rules.ts';

const TYPES = ['object', 'array', 'string', 'integer', 'number', 'boolean'];
const REASONS = ['FieldValueInvalid', 'FieldValueForbidden', 'FieldValueRequired', 'FieldValueDuplicate'];

export function validateStructural(root: JSONSchemaProps, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!root.type) errs.push(fieldErr.required(`${path}.type`, 'must not be empty at the root'));
  else if (root.type !== 'object') errs.push(fieldErr.invalid(`${path}.type`, root.type, 'must be object at the root'));
  const meta = root.properties?.metadata;
  if (meta && Object.keys(meta.properties ?? {}).some((k) => k !== 'name' && k !== 'generateName'))
    errs.push(fieldErr.forbidden(`${path}.properties[metadata]`, 'must not specify anything other than name and generateName, but metadata is implicitly specified'));
  walk(root, path, errs, 'root', '');
  return errs;
}

type Where = 'root' | 'field' | 'item' | 'additional';

function walk(s: JSONSchemaProps, path: string, errs: FieldError[], where: Where, valuePath: string): void {
  const intOrString = !!s['x-kubernetes-int-or-string'];
  const preserve = !!s['x-kubernetes-preserve-unknown-fields'];
  if (where !== 'root' && !s.type && !intOrString && !preserve)
    errs.push(fieldErr.required(`${path}.type`, where === 'item' ? 'must not be empty for specified array items' : 'must not be empty for specified object fields'));
  if (s.type && !TYPES.includes(s.type)) errs.push(fieldErr.notSupported(`${path}.type`, s.type, TYPES));
  if (s.properties && s.additionalProperties !== undefined && s.additionalProperties !== false)
    errs.push(fieldErr.forbidden(`${path}.additionalProperties`, 'additionalProperties and properties are mutual exclusive'));
  if (s.type === 'array' && !s.items) errs.push(fieldErr.required(`${path}.items`, 'must be specified'));
  if (s['x-kubernetes-list-type'] === 'map' && !s['x-kubernetes-list-map-keys']?.length)
    errs.push(fieldErr.required(`${path}.x-kubernetes-list-map-keys`, 'must not be empty if x-kubernetes-list-type is map'));
  if (s['x-kubernetes-list-map-keys']?.length && s['x-kubernetes-list-type'] !== 'map')
    errs.push(fieldErr.invalid(`${path}.x-kubernetes-list-type`, s['x-kubernetes-list-type'] ?? '', 'must be map if x-kubernetes-list-map-keys is non-empty'));
  if (s.default !== undefined && where !== 'root') {
    // a default must survive pruning and validate against its own schema
    const { value } = pruneObject({ x: s.default }, { type: 'object', properties: { x: s } });
    const v = (value as { x?: unknown }).x;
    const vp = valuePath || '<value>';
    const bad = validateValue(s, v, vp);
    for (const e of bad) errs.push({ ...e, field: `${path}.default${e.field.slice(vp.length)}` });
  }
  (s['x-kubernetes-validations'] ?? []).forEach((rule, i) => {
    const rp = `${path}.x-kubernetes-validations[${i}]`;
    if (!rule?.rule) return void errs.push(fieldErr.required(`${rp}.rule`, ''));
    const error = ruleCompileError(rule);
    if (error) errs.push(fieldErr.invalid(`${rp}.rule`, rule.rule, error));
    const messageError = rule.messageExpression ? ruleCompileError(rule, true) : undefined;
    if (messageError) errs.push(fieldErr.invalid(`${rp}.messageExpression`, rule.messageExpression, messageError));
    if (rule.reason && !REASONS.includes(rule.reason)) errs.push(fieldErr.notSupported(`${rp}.reason`, rule.reason, REASONS));
  });
  for (const [k, p] of Object.entries(s.properties ?? {})) {
    if (where === 'root' && k === 'metadata') continue;
    walk(p, `${path}.properties[${k}]`, errs, 'field', valuePath ? `${valuePath}.${k}` : k);
  }
  if (s.items) walk(s.items, `${path}.items`, errs, 'item', `${valuePath}[0]`);
  if (typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${path}.additionalProperties`, errs, 'additional', `${valuePath}.key`);
}
