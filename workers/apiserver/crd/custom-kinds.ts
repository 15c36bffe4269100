/**
 * The custom kinds a cluster serves: one descriptor per served version of each of its CRDs, read
 * from a per-isolate FollowedSet of the CRDs (a CRD exists in one cluster only). Built-in kinds
 * stay in the static registry; these lookups run only for what it does not know.
 */
import type { CustomResourceDefinition } from '../../../lib/api/apiextensions.ts';
import { FollowedSet } from '../cache/followed.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { Storage } from '../storage/types.ts';
import { customKind } from './custom-kind.ts';
import { isEstablished } from './status.ts';

export const CRD_PREFIX = '/registry/customresourcedefinitions.apiextensions.k8s.io/';
const crds = new FollowedSet([CRD_PREFIX]);

export interface CustomKinds {
  /** every served version of every established CRD, versions in Kubernetes' priority order */
  kinds: KindDescriptor[];
  byResource(group: string, version: string, resource: string): KindDescriptor | undefined;
  byKind(group: string, version: string, kind: string): KindDescriptor | undefined;
  /** the CRD serving group/resource (any version) */
  crdOf(group: string, resource: string): CustomResourceDefinition | undefined;
  /** changes whenever a CRD of the cluster does */
  version: number;
}

/** Kubernetes' version priority: GA > beta > alpha > other, higher numbers first (v1 > v1beta2 > v1beta1 > v1alpha1 > foo). */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
    if (!m) return { rank: 0, major: 0, minor: 0, v };
    return { rank: m[2] === undefined ? 3 : m[2] === 'beta' ? 2 : 1, major: Number(m[1]), minor: Number(m[3] ?? 0), v };
  };
  const x = parse(a);
  const y = parse(b);
  if (x.rank !== y.rank) return y.rank - x.rank;
  if (x.rank === 0) return a < b ? -1 : a > b ? 1 : 0;
  if (x.major !== y.major) return y.major - x.major;
  return y.minor - x.minor;
}

function build(objects: ReadonlyMap<string, unknown>, version: number): CustomKinds {
  const list = [...objects.values()] as CustomResourceDefinition[];
  list.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
  const kinds: KindDescriptor[] = [];
  const byKey = new Map<string, KindDescriptor>();
  const byGVK = new Map<string, KindDescriptor>();
  const byGR = new Map<string, CustomResourceDefinition>();
  for (const crd of list) {
    if (!isEstablished(crd)) continue;
    byGR.set(`${crd.spec.group}/${crd.spec.names?.plural}`, crd);
    const versions = (crd.spec.versions ?? []).filter((v) => v.served).map((v) => v.name!).sort(compareVersions);
    for (const v of versions) {
      const d = customKind(crd, v);
      if (!d) continue;
      kinds.push(d);
      byKey.set(`${d.group}/${d.version}/${d.resource}`, d);
      byGVK.set(`${d.group}/${d.version}/${d.kind}`, d);
    }
  }
  return { kinds, version, byResource: (g, v, r) => byKey.get(`${g}/${v}/${r}`), byKind: (g, v, k) => byGVK.get(`${g}/${v}/${k}`), crdOf: (g, r) => byGR.get(`${g}/${r}`) };
}

export async function customKinds(storage: Storage, cluster: string): Promise<CustomKinds> {
  const snapshot = await crds.read(storage, cluster);
  return crds.derived(snapshot, 'kinds', (s) => build(s.objects, s.version));
}

const combined = new WeakMap<CustomKinds, WeakMap<KindDescriptor[], KindDescriptor[]>>();

/**
 * `base` (the cluster's built-in kinds) followed by its custom kinds: the same array as long as
 * neither changes, so what is derived from it (discovery documents) can be cached by identity.
 */
export async function withCustomKinds(storage: Storage, cluster: string, base: KindDescriptor[]): Promise<KindDescriptor[]> {
  const custom = await customKinds(storage, cluster);
  if (!custom.kinds.length) return base;
  let byBase = combined.get(custom);
  if (!byBase) combined.set(custom, (byBase = new WeakMap()));
  let all = byBase.get(base);
  if (!all) byBase.set(base, (all = [...base, ...custom.kinds]));
  return all;
}
