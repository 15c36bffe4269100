/**
 * OpenAPI v3, derived from the kind descriptors: one document per group-version (`api/v1`,
 * `apis/apps/v1`) with the kinds' component schemas and paths, and the root that lists them,
 * each addressed by the SHA-256 of its content so kubectl may cache it forever. Built once per
 * isolate (the kinds are static).
 */
import type { KindDescriptor } from '../registry/types.ts';
import type { VirtualResource } from '../discovery/documents.ts';
import { Components, SPECIAL, type OpenAPISchema } from './components.ts';
import { createOnlyPaths, kindPaths } from './paths.ts';
import { hexDigest } from './digest.ts';

export interface OpenAPIV3 {
  root: { paths: Record<string, { serverRelativeURL: string }> };
  /** keyed by the GV path: `api/v1`, `apis/apps/v1` */
  documents: Map<string, { hash: string; json: string }>;
}

const gvPath = (d: { group: string; version: string }) => (d.group ? `apis/${d.group}/${d.version}` : `api/${d.version}`);

const sorted = <T>(m: Map<string, T> | Record<string, T>) =>
  Object.fromEntries((m instanceof Map ? [...m.entries()] : Object.entries(m)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** `virtual`: resources served without storage (access reviews), documented as create-only. */
export async function openapiV3(kinds: readonly KindDescriptor[], virtual: readonly VirtualResource[] = []): Promise<OpenAPIV3> {
  // core kinds first, so structs they share with other groups (PodSpec) are named after them
  const ordered = [...kinds].sort((a, b) => Number(a.group !== '') - Number(b.group !== ''));
  const components = new Components();
  const byGV = new Map<string, { openapiName: string; paths: Record<string, OpenAPISchema> }[]>();
  const add = (gv: { group: string; version: string }, openapiName: string, paths: Record<string, OpenAPISchema>) =>
    byGV.set(gvPath(gv), [...(byGV.get(gvPath(gv)) ?? []), { openapiName, paths }]);
  for (const d of ordered) {
    components.addKind(d.schema, d.openapiName, d);
    add(d, d.openapiName, kindPaths(d));
  }
  for (const r of virtual) {
    components.addKind(r.schema, r.openapiName, r);
    add(r, r.openapiName, createOnlyPaths(r));
  }
  const documents = new Map<string, { hash: string; json: string }>();
  const root: OpenAPIV3['root'] = { paths: {} };
  for (const [path, ds] of [...byGV.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const paths: Record<string, OpenAPISchema> = {};
    for (const d of ds) Object.assign(paths, d.paths);
    const names = components.closure([...ds.map((d) => d.openapiName), 'io.k8s.apimachinery.pkg.apis.meta.v1.Patch']);
    const schemas: Record<string, OpenAPISchema> = {};
    for (const n of names) {
      const s = components.schemas.get(n) ?? SPECIAL[n];
      if (s) schemas[n] = s;
    }
    const doc = {
      openapi: '3.0.0',
      info: { title: 'Kubernetes', version: 'v1.32.4' },
      paths: sorted(paths),
      components: {
        schemas: sorted(schemas),
        securitySchemes: { BearerToken: { type: 'apiKey', description: 'Bearer Token authentication', name: 'authorization', in: 'header' } },
      },
    };
    const json = JSON.stringify(doc);
    const hash = await hexDigest('SHA-256', json);
    documents.set(path, { hash, json });
    root.paths[path] = { serverRelativeURL: `/openapi/v3/${path}?hash=${hash}` };
  }
  return { root, documents };
}
