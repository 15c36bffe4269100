/**
 * Structural defaulting: a property missing from an object takes its schema's `default` (a copy),
 * top-down, so defaults inside a defaulted object apply too; list items and map values are
 * defaulted by their schema. Applied in place, after pruning.
 */
import type { JSONSchemaProps } from '../../../../lib/api/apiextensions.ts';
import { isObject, jsonClone } from './json.ts';

export function applyDefaults(x: unknown, s: JSONSchemaProps | undefined, root = false): void {
  if (!s) return;
  if (Array.isArray(x)) {
    for (const el of x) applyDefaults(el, s.items);
    return;
  }
  if (!isObject(x)) return;
  for (const [k, prop] of Object.entries(s.properties ?? {})) {
    if (root && k === 'metadata') continue;
    if (x[k] === undefined && prop.default !== undefined) x[k] = jsonClone(prop.default);
  }
  const additional = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
  for (const [k, v] of Object.entries(x)) {
    if (root && k === 'metadata') continue;
    applyDefaults(v, s.properties?.[k] ?? additional);
  }
}
