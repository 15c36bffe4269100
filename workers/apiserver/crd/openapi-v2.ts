/**
 * A cluster's custom resources in OpenAPI v2 (/openapi/v2), which kubectl 1.27 and 1.28 read for
 * apply and client-side validation: the kind's v3 schema and paths (openapi.ts) in v2's dialect
 * (openapi/v2.ts), with what v2 cannot say taken out as kube-apiserver's ToStructuralOpenAPIV2
 * does: a nullable or int-or-string field loses its type (v2 has neither null nor unions),
 * oneOf/anyOf/allOf/not go, and so do v3-only keywords.
 */
import type { OpenAPISchema } from '../openapi/components.ts';
import { toV2Path, toV2Schema } from '../openapi/v2.ts';
import type { CustomKinds } from './custom-kinds.ts';
import { kindSchema, paths } from './openapi.ts';

const V3_ONLY = ['oneOf', 'anyOf', 'not', 'nullable', 'x-kubernetes-int-or-string', 'x-kubernetes-embedded-resource', 'x-kubernetes-validations', 'x-kubernetes-preserve-unknown-fields'];

function structuralV2(s: OpenAPISchema, root = false): OpenAPISchema {
  const out: OpenAPISchema = { ...s };
  if (s.nullable === true || s['x-kubernetes-int-or-string'] === true) for (const k of ['type', 'items', 'properties', 'additionalProperties']) delete out[k];
  for (const k of [...V3_ONLY, 'allOf']) delete out[k];
  // the root's metadata is ObjectMeta's reference (allOf: [$ref]), which toV2Schema rewrites
  if (out.properties) out.properties = Object.fromEntries(Object.entries(out.properties as Record<string, OpenAPISchema>).map(([n, p]) => [n, root && n === 'metadata' ? p : structuralV2(p)]));
  if (out.items && typeof out.items === 'object') out.items = structuralV2(out.items as OpenAPISchema);
  if (out.additionalProperties && typeof out.additionalProperties === 'object') out.additionalProperties = structuralV2(out.additionalProperties as OpenAPISchema);
  return out;
}

export interface CustomV2 {
  paths: Record<string, OpenAPISchema>;
  definitions: Record<string, OpenAPISchema>;
}

export function customV2(custom: CustomKinds): CustomV2 {
  const out: CustomV2 = { paths: {}, definitions: {} };
  for (const d of custom.kinds) {
    out.definitions[d.openapiName] = toV2Schema(structuralV2(kindSchema(d), true));
    for (const [p, item] of Object.entries(paths(d))) out.paths[p] = toV2Path(item as Record<string, unknown>);
  }
  return out;
}
