/**
 * What the garbage collector can see: every served resource that can be listed and deleted, found
 * through discovery as Kubernetes' GC does with its RESTMapper, so owners and dependents of any
 * kind (not only those the client knows by name) are followed. Discovery is cached per isolate.
 */
import type { Api } from '../../../lib/client/client.ts';
import type { Resource } from '../../../lib/client/resources.ts';
import { IsolateMemo } from '../../../lib/isolate/memo.ts';

export interface ApiResource extends Resource {
  kind: string;
}

export interface ResourceMap {
  byKind(group: string, kind: string): ApiResource | undefined;
  byResource(group: string, resource: string): ApiResource | undefined;
  /** the resources the collector lists to find dependents */
  collectable: ApiResource[];
  /** every resource that can be listed and deleted, events included (what a namespace's deletion empties) */
  deletable: ApiResource[];
}

/** Kubernetes' GC ignores events (DefaultIgnoredResources): nothing is owned by them, and they are many. */
const IGNORED = new Set(['/events', 'events.k8s.io/events']);
const CACHE_MS = 5 * 60_000;
/** per cluster (each serves its own custom resources); a discovery under way is shared by its API client's requests only (lib/isolate/memo.ts) */
const cached = new IsolateMemo<string, ResourceMap>();

export interface DiscoveryOptions {
  /** the cluster `api` talks to (unset: the root cluster) */
  cluster?: string;
  /** how old a cached discovery may be; 0 asks again (the namespace controller, as Kubernetes' asks on every pass) */
  maxAgeMs?: number;
}

/** Aggregated discovery (apidiscovery.k8s.io/v2): a group's versions, the preferred first, their resources with kinds and verbs. */
export const AGGREGATED_DISCOVERY = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
export interface GroupDiscoveryList {
  items: { metadata: { name: string }; versions: { version: string; resources: { resource: string; responseKind: { kind: string }; scope: string; verbs: string[] }[] }[] }[];
}

export function resourceMap(api: Api, opts: DiscoveryOptions = {}): Promise<ResourceMap> {
  return cached.get(api, opts.cluster ?? 'default', () => discover(api), opts.maxAgeMs ?? CACHE_MS);
}

/** Drops the cached discovery (tests serving different resources). */
export function forgetDiscovery(): void {
  cached.clear();
}

/** Two requests, `/api` and `/apis` as aggregated documents, as client-go's discovery asks a server that serves them (every group-version's list: ~20). */
async function discover(api: Api): Promise<ResourceMap> {
  const get = async (path: string) => (await (await api.request('GET', path, { accept: AGGREGATED_DISCOVERY })).json()) as GroupDiscoveryList;
  const [core, groups] = await Promise.all([get('/api'), get('/apis')]);
  return mapOf([...core.items, ...groups.items]);
}

/** Builds the map from discovery's groups, each at its preferred version. */
function mapOf(groups: GroupDiscoveryList['items']): ResourceMap {
  const all: ApiResource[] = [];
  const collectable: ApiResource[] = [];
  const deletable: ApiResource[] = [];
  for (const { metadata, versions } of groups) {
    const group = metadata.name;
    const preferred = versions[0];
    for (const r of preferred?.resources ?? []) {
      const res: ApiResource = { group, version: preferred.version, resource: r.resource, namespaced: r.scope === 'Namespaced', kind: r.responseKind.kind };
      all.push(res);
      if (!r.verbs.includes('list') || !r.verbs.includes('delete')) continue;
      deletable.push(res);
      if (!IGNORED.has(`${group}/${r.resource}`)) collectable.push(res);
    }
  }
  const kinds = new Map(all.map((r) => [`${r.group}/${r.kind}`, r]));
  const resources = new Map(all.map((r) => [`${r.group}/${r.resource}`, r]));
  return {
    byKind: (group, kind) => kinds.get(`${group}/${kind}`),
    byResource: (group, resource) => resources.get(`${group}/${resource}`),
    collectable,
    deletable,
  };
}
