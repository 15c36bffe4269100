/**
 * OpenAPI v3 documents of a cluster's custom resources: one per group-version
 * (`apis/stable.example.com/v1`), with the kind's paths (no strategic merge patch: kubectl then
 * sends merge patches) and its schema as the CRD states it, metadata referring to ObjectMeta,
 * so `kubectl apply` validates on the server and `kubectl explain` renders it. Built once per
 * state of the cluster's CRDs, addressed by content hash like the built-in documents.
 */
import * as v from 'valibot';
import type { CustomResourceDefinition, JSONSchemaProps } from '../../../lib/api/apiextensions.ts';
import { objectEntries } from '../../../lib/api/meta.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { Components, SPECIAL, type OpenAPISchema } from '../openapi/components.ts';
import { kindPaths } from '../openapi/paths.ts';
import { hexDigest } from '../openapi/digest.ts';
import type { Storage } from '../storage/types.ts';
import { customKinds, type CustomKinds } from './custom-kinds.ts';
import { CUSTOM_PATCH_TYPES } from './patch-types.ts';

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';
const OBJECT_META = `${META}.ObjectMeta`;

export interface Documents {
  paths: Record<string, { serverRelativeURL: string }>;
  documents: Map<string, { hash: string; json: string }>;
}

/** ObjectMeta and what it refers to, as the built-in documents state them. */
let metaSchemas: Record<string, OpenAPISchema> | undefined;
function objectMetaSchemas(): Record<string, OpenAPISchema> {
  if (metaSchemas) return metaSchemas;
  const components = new Components();
  components.addKind(v.object(objectEntries), `${META}.PartialObjectMetadata`, { group: 'meta.k8s.io', version: 'v1', kind: 'PartialObjectMetadata' });
  const out: Record<string, OpenAPISchema> = {};
  for (const n of components.closure([OBJECT_META, `${META}.Patch`])) {
    const s = components.schemas.get(n) ?? SPECIAL[n];
    if (s) out[n] = s;
  }
  return (metaSchemas = out);
}

/** The kind's schema as published: the CRD's, with apiVersion, kind and metadata described. */
export function kindSchema(d: KindDescriptor): OpenAPISchema {
  const crd = d.customResource!.crd as CustomResourceDefinition;
  const root: JSONSchemaProps = JSON.parse(JSON.stringify(crd.spec.versions?.find((x) => x.name === d.version)?.schema?.openAPIV3Schema ?? { type: 'object' }));
  const properties = root.properties ?? {};
  delete properties.metadata;
  return {
    ...root,
    type: 'object',
    properties: {
      apiVersion: { type: 'string', description: 'APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values.' },
      kind: { type: 'string', description: 'Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to.' },
      metadata: { allOf: [{ $ref: `#/components/schemas/${OBJECT_META}` }], description: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata" },
      ...properties,
    },
    'x-kubernetes-group-version-kind': [{ group: d.group, kind: d.kind, version: d.version }],
  };
}

/** The kind's paths, patch operations without strategic merge. */
export function paths(d: KindDescriptor): Record<string, OpenAPISchema> {
  const out = kindPaths(d);
  for (const item of Object.values(out) as { patch?: { requestBody?: { content: Record<string, unknown> } } }[]) {
    const content = item.patch?.requestBody?.content;
    if (content) for (const t of Object.keys(content)) if (!CUSTOM_PATCH_TYPES.includes(t)) delete content[t];
  }
  return out;
}

async function build(custom: CustomKinds): Promise<Documents> {
  const byGV = new Map<string, KindDescriptor[]>();
  for (const d of custom.kinds) {
    const key = `apis/${d.group}/${d.version}`;
    byGV.set(key, [...(byGV.get(key) ?? []), d]);
  }
  const out: Documents = { paths: {}, documents: new Map() };
  for (const [path, ds] of byGV) {
    const schemas: Record<string, OpenAPISchema> = { ...objectMetaSchemas() };
    const allPaths: Record<string, OpenAPISchema> = {};
    for (const d of ds) {
      schemas[d.openapiName] = kindSchema(d);
      Object.assign(allPaths, paths(d));
    }
    const doc = {
      openapi: '3.0.0',
      info: { title: 'Kubernetes CRD Swagger', version: 'v0.1.0' },
      paths: allPaths,
      components: {
        schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : 1))),
        securitySchemes: { BearerToken: { type: 'apiKey', description: 'Bearer Token authentication', name: 'authorization', in: 'header' } },
      },
    };
    const json = JSON.stringify(doc);
    const hash = await hexDigest('SHA-256', json);
    out.documents.set(path, { hash, json });
    out.paths[path] = { serverRelativeURL: `/openapi/v3/${path}?hash=${hash}` };
  }
  return out;
}

const built = new WeakMap<CustomKinds, Promise<Documents>>();

/** The cluster's custom resource documents (none when it has no CRD). */
export async function customDocuments(storage: Storage, cluster: string): Promise<Documents> {
  const custom = await customKinds(storage, cluster);
  let docs = built.get(custom);
  if (!docs) built.set(custom, (docs = build(custom)));
  return docs;
}
