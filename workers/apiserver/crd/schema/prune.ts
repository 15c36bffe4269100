/**
 * Pruning, as Kubernetes decodes a custom resource: fields the structural schema does not
 * specify are dropped (and reported, for `fieldValidation=Strict|Warn`: `spec.foo`,
 * `spec.list[0].bar`), except under `x-kubernetes-preserve-unknown-fields`; apiVersion, kind
 * and metadata of the object and of embedded resources are kept; a null where the schema does
 * not allow one (`nullable` unset) is dropped, so a default can take its place.
 */
import type { JSONSchemaProps } from '../../../../lib/api/apiextensions.ts';
import { isObject } from './json.ts';

const TYPE_META = new Set(['apiVersion', 'kind', 'metadata']);

export interface Pruned {
  value: unknown;
  /** the paths of the fields dropped, in document order */
  unknown: string[];
}

/** Prunes a whole custom resource (not modified; the result shares unchanged leaves). */
export function pruneObject(obj: unknown, schema: JSONSchemaProps): Pruned {
  const unknown: string[] = [];
  return { value: walk(obj, schema, '', unknown, true), unknown };
}

function walk(x: unknown, s: JSONSchemaProps | undefined, path: string, unknown: string[], typeMeta: boolean): unknown {
  if (!s) return x; // below x-kubernetes-preserve-unknown-fields: everything is kept
  if (Array.isArray(x)) return x.map((el, i) => walk(el, s.items, `${path}[${i}]`, unknown, !!s.items?.['x-kubernetes-embedded-resource']));
  if (!isObject(x)) return x;
  const preserve = !!s['x-kubernetes-preserve-unknown-fields'] || s.additionalProperties === true;
  const additional = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) {
    if (v === undefined) continue;
    const at = path ? `${path}.${k}` : k;
    if (typeMeta && TYPE_META.has(k)) {
      out[k] = v;
      continue;
    }
    const sub = s.properties?.[k] ?? additional;
    if (!sub) {
      if (preserve) out[k] = v;
      else unknown.push(at);
      continue;
    }
    if (v === null && !sub.nullable) continue;
    out[k] = walk(v, sub, at, unknown, !!sub['x-kubernetes-embedded-resource']);
  }
  return out;
}
