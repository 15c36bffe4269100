/**
 * Which pod, container and node a pods/log or pods/exec request is for, with Kubernetes'
 * messages when the container is missing or unknown.
 */
import type { Context } from 'hono';
import { badRequest } from '../../../lib/errors.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { getObject } from '../rest/store.ts';
import { readContext } from './store-context.ts';

interface Named {
  name: string;
}
interface PodSpecLike {
  nodeName?: string;
  containers?: Named[];
  initContainers?: Named[];
  ephemeralContainers?: Named[];
}

export interface PodTarget {
  pod: KubeObject;
  container: string;
  /** '' while the pod is not scheduled */
  node: string;
}

export async function podTarget(c: Context<AppEnv>, desc: KindDescriptor, requested: string | null): Promise<PodTarget> {
  const info = c.get('info') as ResourceRequestInfo;
  const pod = await getObject(readContext(c), desc, info.namespace, info.name);
  const spec = (pod.spec ?? {}) as PodSpecLike;
  return { pod, container: pickContainer(info.name, spec, requested ?? ''), node: spec.nodeName ?? '' };
}

/** Kubernetes' validateContainer: the only container by default, else the one named. */
export function pickContainer(podName: string, spec: PodSpecLike, requested: string): string {
  const all = [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])].map((x) => x.name);
  if (requested) {
    if (!all.includes(requested)) throw badRequest(`container ${requested} is not valid for pod ${podName}`);
    return requested;
  }
  const containers = spec.containers ?? [];
  if (containers.length === 1) return containers[0].name;
  if (containers.length === 0) throw badRequest(`a container name must be specified for pod ${podName}`);
  throw badRequest(`a container name must be specified for pod ${podName}, choose one of: [${all.join(' ')}]`);
}
