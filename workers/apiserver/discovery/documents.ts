/**
 * Discovery documents, derived from the registry: legacy (/api, /apis, /api/v1, /apis/g/v) and
 * aggregated v2 (one document for /api, one for /apis). kubectl prefers aggregated discovery and
 * branches on the response Content-Type (kubectl-surface.md §1).
 */
import type * as v from 'valibot';
import type { KindDescriptor } from '../registry/types.ts';

export const AGGREGATED_V2 = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
export const AGGREGATED_V2BETA1 = 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList';

const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

/** A resource served without storage (reviews): create only. */
export interface VirtualResource {
  group: string;
  version: string;
  resource: string;
  kind: string;
  namespaced: boolean;
  verbs: string[];
  /** the request body's schema, and its name in OpenAPI (so kubectl validates and explains it) */
  schema: v.GenericSchema;
  openapiName: string;
}

interface Sub {
  name: string;
  group?: string;
  version?: string;
  kind: string;
  verbs: string[];
}

function subresourcesOf(d: KindDescriptor): Sub[] {
  const s = d.subresources ?? {};
  const out: Sub[] = [];
  if (s.attach) out.push({ name: 'attach', kind: 'PodAttachOptions', verbs: ['create', 'get'] });
  if (s.binding) out.push({ name: 'binding', kind: 'Binding', verbs: ['create'] });
  if (s.ephemeralcontainers) out.push({ name: 'ephemeralcontainers', kind: d.kind, verbs: ['get', 'patch', 'update'] });
  if (s.eviction) out.push({ name: 'eviction', group: 'policy', version: 'v1', kind: 'Eviction', verbs: ['create'] });
  if (s.exec) out.push({ name: 'exec', kind: 'PodExecOptions', verbs: ['create', 'get'] });
  if (s.log) out.push({ name: 'log', kind: 'Pod', verbs: ['get'] });
  if (s.portforward) out.push({ name: 'portforward', kind: 'PodPortForwardOptions', verbs: ['create', 'get'] });
  if (s.scale) out.push({ name: 'scale', group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] });
  if (s.status) out.push({ name: 'status', kind: d.kind, verbs: ['get', 'patch', 'update'] });
  if (s.token) out.push({ name: 'token', group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest', verbs: ['create'] });
  return out;
}

export interface GroupVersion {
  group: string;
  version: string;
  kinds: KindDescriptor[];
  virtual: VirtualResource[];
}

export function groupVersions(kinds: KindDescriptor[], virtual: VirtualResource[]): GroupVersion[] {
  const out: GroupVersion[] = [];
  const get = (group: string, version: string) => {
    let gv = out.find((x) => x.group === group && x.version === version);
    if (!gv) out.push((gv = { group, version, kinds: [], virtual: [] }));
    return gv;
  };
  for (const k of kinds) get(k.group, k.version).kinds.push(k);
  for (const r of virtual) get(r.group, r.version).virtual.push(r);
  return out;
}

const gvString = (g: string, v: string) => (g ? `${g}/${v}` : v);

/** GET /api/v1, /apis/<g>/<v>: APIResourceList */
export function resourceList(gv: GroupVersion) {
  const resources: unknown[] = [];
  for (const d of gv.kinds) {
    resources.push({
      name: d.resource,
      singularName: d.singular,
      namespaced: d.namespaced,
      kind: d.kind,
      verbs: ALL_VERBS,
      ...(d.shortNames?.length ? { shortNames: d.shortNames } : {}),
      ...(d.categories?.length ? { categories: d.categories } : {}),
      storageVersionHash: '',
    });
    for (const s of subresourcesOf(d))
      resources.push({ name: `${d.resource}/${s.name}`, singularName: '', namespaced: d.namespaced, ...(s.group !== undefined ? { group: s.group, version: s.version } : {}), kind: s.kind, verbs: s.verbs });
  }
  for (const r of gv.virtual) resources.push({ name: r.resource, singularName: r.resource.replace(/s$/, ''), namespaced: r.namespaced, kind: r.kind, verbs: r.verbs });
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gvString(gv.group, gv.version), resources };
}

/** GET /api: APIVersions */
export const apiVersions = (serverAddress: string) => ({
  kind: 'APIVersions',
  versions: ['v1'],
  serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
});

/** GET /apis/<g>: APIGroup; GET /apis: APIGroupList */
export function apiGroup(group: string, gvs: GroupVersion[]) {
  const versions = gvs.filter((x) => x.group === group).map((x) => ({ groupVersion: gvString(group, x.version), version: x.version }));
  return { kind: 'APIGroup', apiVersion: 'v1', name: group, versions, preferredVersion: versions[0] };
}
export function apiGroupList(gvs: GroupVersion[]) {
  const groups = [...new Set(gvs.filter((x) => x.group).map((x) => x.group))].map((g) => {
    const { kind: _k, apiVersion: _a, ...rest } = apiGroup(g, gvs);
    return rest;
  });
  return { kind: 'APIGroupList', apiVersion: 'v1', groups };
}

/** Aggregated discovery v2 (or v2beta1: same shape) for /api (core) or /apis (named groups). */
export function aggregated(gvs: GroupVersion[], core: boolean, version: 'v2' | 'v2beta1' = 'v2') {
  const groups = core ? [''] : [...new Set(gvs.filter((x) => x.group).map((x) => x.group))];
  const items = groups.map((g) => ({
    metadata: { name: g, creationTimestamp: null },
    versions: gvs
      .filter((x) => x.group === g)
      .map((gv) => ({
        version: gv.version,
        resources: [
          ...gv.kinds.map((d) => ({
            resource: d.resource,
            responseKind: { group: d.group, version: d.version, kind: d.kind },
            scope: d.namespaced ? 'Namespaced' : 'Cluster',
            singularResource: d.singular,
            verbs: ALL_VERBS,
            ...(d.shortNames?.length ? { shortNames: d.shortNames } : {}),
            ...(d.categories?.length ? { categories: d.categories } : {}),
            ...(subresourcesOf(d).length
              ? {
                  subresources: subresourcesOf(d).map((s) => ({
                    subresource: s.name,
                    responseKind: { group: s.group ?? d.group, version: s.version ?? d.version, kind: s.kind },
                    verbs: s.verbs,
                  })),
                }
              : {}),
          })),
          ...gv.virtual.map((r) => ({
            resource: r.resource,
            responseKind: { group: r.group, version: r.version, kind: r.kind },
            scope: r.namespaced ? 'Namespaced' : 'Cluster',
            singularResource: r.resource.replace(/s$/, ''),
            verbs: r.verbs,
          })),
        ],
        freshness: 'Current',
      })),
  }));
  return { kind: 'APIGroupDiscoveryList', apiVersion: `apidiscovery.k8s.io/${version}`, metadata: {}, items };
}
