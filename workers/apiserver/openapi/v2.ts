/**
 * OpenAPI v2 (Swagger 2.0): one document for the whole API, derived from the same components and
 * paths as v3 (components.ts, paths.ts), rewritten in v2's dialect: `#/definitions/` references,
 * a `$ref` beside its description instead of `allOf: [$ref]`, body and non-body parameters,
 * responses with one schema, and Kubernetes' v2 forms of the named scalars (IntOrString and
 * Quantity are strings with a format, as kube-openapi publishes them). kubectl 1.27 and 1.28 read it
 * for apply, diff and explain; later ones for client-side validation of create-only kinds.
 */
import type { KindDescriptor } from '../registry/types.ts';
import type { VirtualResource } from '../discovery/documents.ts';
import { Components, SPECIAL, type OpenAPISchema } from './components.ts';
import { createOnlyPaths, kindPaths } from './paths.ts';

const V3_REF = '#/components/schemas/';
const V2_REF = '#/definitions/';

/** The named scalars as kube-openapi writes them in v2 (no oneOf there). */
const V2_SPECIAL: Record<string, OpenAPISchema> = {
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': { description: SPECIAL['io.k8s.apimachinery.pkg.util.intstr.IntOrString'].description, type: 'string', format: 'int-or-string' },
  'io.k8s.apimachinery.pkg.api.resource.Quantity': { description: SPECIAL['io.k8s.apimachinery.pkg.api.resource.Quantity'].description, type: 'string' },
};

export interface OpenAPIV2Document {
  swagger: '2.0';
  info: { title: string; version: string };
  paths: Record<string, OpenAPISchema>;
  definitions: Record<string, OpenAPISchema>;
  securityDefinitions: Record<string, OpenAPISchema>;
  security: Record<string, string[]>[];
}

const byName = <T>(entries: [string, T][]) => Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** A v3 schema in v2's dialect. */
export function toV2Schema(s: OpenAPISchema): OpenAPISchema {
  const out: OpenAPISchema = {};
  for (const [k, x] of Object.entries(s)) {
    if (k === '$ref') out.$ref = String(x).replace(V3_REF, V2_REF);
    else if (k === 'allOf' && Array.isArray(x) && x.length === 1 && (x[0] as OpenAPISchema).$ref) out.$ref = String((x[0] as OpenAPISchema).$ref).replace(V3_REF, V2_REF);
    else if (k === 'oneOf' || k === 'x-kubernetes-preserve-unknown-fields') continue; // v2 has no oneOf; an empty schema takes anything
    else if (k === 'properties') out.properties = Object.fromEntries(Object.entries(x as Record<string, OpenAPISchema>).map(([n, p]) => [n, toV2Schema(p)]));
    else if (k === 'items' || k === 'additionalProperties') out[k] = typeof x === 'object' && x !== null ? toV2Schema(x as OpenAPISchema) : x;
    else out[k] = x;
  }
  return out;
}

type V3Param = { name: string; in: string; description?: string; required?: boolean; schema?: { type?: string; uniqueItems?: boolean } };

function toV2Param(p: V3Param): OpenAPISchema {
  const { schema, ...rest } = p;
  return { ...(schema?.uniqueItems ? { uniqueItems: true } : {}), type: schema?.type ?? 'string', ...rest };
}

type V3Operation = OpenAPISchema & {
  parameters?: V3Param[];
  requestBody?: { content: Record<string, { schema: OpenAPISchema }>; required?: boolean };
  responses: Record<string, { description: string; content?: Record<string, { schema: OpenAPISchema }> }>;
};

function toV2Operation(op: V3Operation): OpenAPISchema {
  const { parameters, requestBody, responses, tags, description, operationId, ...ext } = op;
  const params = (parameters ?? []).map(toV2Param);
  const consumes = requestBody ? Object.keys(requestBody.content) : ['*/*'];
  if (requestBody) params.unshift({ name: 'body', in: 'body', required: true, schema: toV2Schema(Object.values(requestBody.content)[0].schema) });
  const produces = [...new Set(Object.values(responses).flatMap((r) => Object.keys(r.content ?? {})))];
  return {
    description,
    consumes,
    produces,
    schemes: ['https'],
    tags,
    operationId,
    ...(params.length ? { parameters: params } : {}),
    responses: Object.fromEntries(
      Object.entries(responses).map(([code, r]) => [code, { description: r.description, ...(r.content ? { schema: toV2Schema(Object.values(r.content)[0].schema) } : {}) }]),
    ),
    ...ext,
  };
}

export function toV2Path(item: Record<string, unknown>): OpenAPISchema {
  const out: OpenAPISchema = {};
  for (const [k, x] of Object.entries(item)) out[k] = k === 'parameters' ? (x as V3Param[]).map(toV2Param) : toV2Operation(x as V3Operation);
  return out;
}

/** The v2 document of the served kinds and of the create-only resources (reviews, bindings). */
export function openapiV2(kinds: readonly KindDescriptor[], virtual: readonly VirtualResource[] = []): OpenAPIV2Document {
  // core kinds first, so structs they share with other groups are named after them (as in v3)
  const ordered = [...kinds].sort((a, b) => Number(a.group !== '') - Number(b.group !== ''));
  const components = new Components();
  const paths: Record<string, OpenAPISchema> = {};
  const roots: string[] = ['io.k8s.apimachinery.pkg.apis.meta.v1.Patch'];
  for (const d of ordered) {
    components.addKind(d.schema, d.openapiName, d);
    Object.assign(paths, kindPaths(d));
    roots.push(d.openapiName);
  }
  for (const r of virtual) {
    components.addKind(r.schema, r.openapiName, r);
    Object.assign(paths, createOnlyPaths(r));
    roots.push(r.openapiName);
  }
  const definitions: [string, OpenAPISchema][] = [];
  for (const n of components.closure(roots)) {
    const s = V2_SPECIAL[n] ?? components.schemas.get(n) ?? SPECIAL[n];
    if (s) definitions.push([n, toV2Schema(s)]);
  }
  return {
    swagger: '2.0',
    info: { title: 'Kubernetes', version: 'v1.32.4' },
    paths: byName(Object.entries(paths).map(([p, item]) => [p, toV2Path(item as Record<string, unknown>)])),
    definitions: byName(definitions),
    securityDefinitions: { BearerToken: { description: 'Bearer Token authentication', type: 'apiKey', name: 'authorization', in: 'header' } },
    security: [{ BearerToken: [] }],
  };
}
