/**
 * The namespace's ResourceQuotas and LimitRanges as admission reads them on every create: from
 * per-isolate copies kept fresh from the log (cache/followed.ts), so a namespace without any
 * costs no query, as Kubernetes' admission plugins read their informers. A quota read here may
 * lag another isolate's write by the copy's staleness bound; its charge is then a conflicting
 * write, re-checked against a fresh read (admission.ts); a quota another isolate just created
 * applies after that bound, as one an informer has not seen yet does in Kubernetes.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { FollowedSet, type Snapshot } from '../cache/followed.ts';
import type { Storage } from '../storage/types.ts';

function byNamespace(set: FollowedSet, s: Snapshot): Map<string, KubeObject[]> {
  return set.derived(s, 'byNamespace', () => {
    const m = new Map<string, KubeObject[]>();
    for (const o of s.objects.values()) {
      const ns = o.metadata.namespace!;
      m.set(ns, [...(m.get(ns) ?? []), o]);
    }
    for (const list of m.values()) list.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
    return m;
  });
}

function namespaced(prefix: string) {
  const set = new FollowedSet([prefix]);
  return async (storage: Storage, cluster: string, ns: string): Promise<KubeObject[]> => byNamespace(set, await set.read(storage, cluster)).get(ns) ?? [];
}

export const namespaceQuotas = namespaced('/registry/resourcequotas/');
export const namespaceLimitRanges = namespaced('/registry/limitranges/');
