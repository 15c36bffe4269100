/**
 * A custom resource's schema in the vocabulary of the kind schemas (lib/schema/fields.ts), so
 * the derived machinery that walks schemas (merge and JSON patches, server-side apply's field
 * sets with list types and map keys) serves custom resources unchanged. Types only: values are
 * checked by validate.ts, unknown fields by prune.ts.
 */
import * as v from 'valibot';
import { field, intOrStringSchema, type FieldMeta } from '../../../../lib/schema/fields.ts';
import { objectEntries } from '../../../../lib/api/meta.ts';
import type { JSONSchemaProps } from '../../../../lib/api/apiextensions.ts';

function markers(s: JSONSchemaProps): FieldMeta {
  const meta: FieldMeta = {};
  if (s['x-kubernetes-list-type']) meta.listType = s['x-kubernetes-list-type'];
  if (s['x-kubernetes-list-map-keys']) meta.listMapKeys = s['x-kubernetes-list-map-keys'];
  const mapType = s['x-kubernetes-map-type'];
  if (mapType) {
    if (s.properties) meta.structType = mapType;
    else meta.mapType = mapType;
  }
  if (s['x-kubernetes-int-or-string']) Object.assign(meta, { pbType: 'intOrString', format: 'int-or-string' });
  return meta;
}

function base(s: JSONSchemaProps): v.GenericSchema {
  if (s['x-kubernetes-int-or-string']) return intOrStringSchema;
  const embedded = s['x-kubernetes-embedded-resource'] ? objectEntries : {};
  switch (s.type) {
    case 'object':
      if (s.properties || s['x-kubernetes-embedded-resource']) return v.object({ ...embedded, ...entries(s.properties ?? {}) });
      if (typeof s.additionalProperties === 'object') return v.record(v.string(), fieldOf(s.additionalProperties));
      return s['x-kubernetes-preserve-unknown-fields'] || s.additionalProperties === true ? v.unknown() : v.object({});
    case 'array':
      return v.array(s.items ? fieldOf(s.items) : v.unknown());
    case 'string':
      return v.string();
    case 'integer':
      return v.pipe(v.number(), v.integer());
    case 'number':
      return v.number();
    case 'boolean':
      return v.boolean();
    default:
      return v.unknown();
  }
}

const entries = (props: Record<string, JSONSchemaProps>) => Object.fromEntries(Object.entries(props).map(([k, p]) => [k, fieldOf(p)]));

function fieldOf(s: JSONSchemaProps): v.GenericSchema {
  return field(base(s), markers(s), s.description ?? '');
}

/** The whole object's schema: apiVersion, kind and ObjectMeta, then the schema's other fields. */
export function objectSchemaOf(root: JSONSchemaProps | undefined): v.GenericSchema {
  const props = { ...(root?.properties ?? {}) };
  delete props.metadata;
  delete props.apiVersion;
  delete props.kind;
  return v.object({ ...objectEntries, ...entries(props) });
}
