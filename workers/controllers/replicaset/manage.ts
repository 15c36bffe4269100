/**
 * Creating and deleting a ReplicaSet's pods, as Kubernetes' replica manager does: creations go
 * in slow-start batches (1, 2, 4, ...) so a failing template costs one request, not hundreds;
 * deletions go all at once. Each success and failure is an event on the ReplicaSet.
 */
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { ApiError } from '../../../lib/client/client.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { ControllerContext } from '../framework/controller.ts';
import { controllerRef } from './ownership.ts';

/** At most this many pods created or deleted per sync (Kubernetes' burstReplicas). */
export const BURST_REPLICAS = 500;

export interface ManageResult {
  /** the first error met, for the ReplicaFailure condition */
  failure?: { reason: 'FailedCreate' | 'FailedDelete'; message: string };
}

const errorText = (e: unknown) => (e instanceof ApiError ? (e.status?.message ?? e.message) : String(e));

/** A namespace being deleted refuses new objects; that is the namespace's business, not a failure. */
const namespaceTerminating = (e: unknown) => e instanceof ApiError && !!e.status?.details?.causes?.some((c) => c.reason === 'NamespaceTerminating');

/** Events never fail a sync: a lost one is only a missing line in `kubectl get events`. */
export function emit(p: Promise<void>): Promise<void> {
  return p.catch((e) => console.error(`event: ${(e as Error).message}`));
}

/** The pod a ReplicaSet creates from its template (controller.GetPodFromTemplate). */
export function podFromTemplate(rs: ReplicaSet): Pod {
  const t = rs.spec?.template ?? {};
  const m = t.metadata ?? {};
  const metadata: Pod['metadata'] = { generateName: `${rs.metadata.name}-`, namespace: rs.metadata.namespace, ownerReferences: [controllerRef(rs)] };
  if (m.labels && Object.keys(m.labels).length) metadata.labels = { ...m.labels };
  if (m.annotations && Object.keys(m.annotations).length) metadata.annotations = { ...m.annotations };
  if (m.finalizers?.length) metadata.finalizers = [...m.finalizers];
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec: structuredClone(t.spec) as Pod['spec'] };
}

export async function createPods(ctx: ControllerContext, rs: ReplicaSet, count: number): Promise<ManageResult> {
  let remaining = Math.min(count, BURST_REPLICAS);
  for (let batch = Math.min(remaining, 1); batch > 0; batch = Math.min(2 * batch, remaining)) {
    const errors = (await Promise.all(Array.from({ length: batch }, () => createOne(ctx, rs)))).filter((e) => e !== undefined);
    if (errors.length) return { failure: { reason: 'FailedCreate', message: errors[0] } };
    remaining -= batch;
  }
  return {};
}

async function createOne(ctx: ControllerContext, rs: ReplicaSet): Promise<string | undefined> {
  try {
    const pod = await ctx.api.create(RESOURCES.pods, rs.metadata.namespace, podFromTemplate(rs));
    await emit(ctx.events.normal(rs as KubeObject, 'SuccessfulCreate', `Created pod: ${pod.metadata.name}`));
    return undefined;
  } catch (e) {
    if (namespaceTerminating(e)) return errorText(e);
    await emit(ctx.events.warning(rs as KubeObject, 'FailedCreate', `Error creating: ${errorText(e)}`));
    return errorText(e);
  }
}

export async function deletePods(ctx: ControllerContext, rs: ReplicaSet, pods: Pod[]): Promise<ManageResult> {
  const errors = await Promise.all(
    pods.slice(0, BURST_REPLICAS).map(async (p) => {
      try {
        if (!(await ctx.api.delete(RESOURCES.pods, p.metadata.namespace, p.metadata.name!))) return undefined; // already gone
        await emit(ctx.events.normal(rs as KubeObject, 'SuccessfulDelete', `Deleted pod: ${p.metadata.name}`));
        return undefined;
      } catch (e) {
        await emit(ctx.events.warning(rs as KubeObject, 'FailedDelete', `Error deleting: ${errorText(e)}`));
        return errorText(e);
      }
    }),
  );
  const first = errors.find((e) => e !== undefined);
  return first ? { failure: { reason: 'FailedDelete', message: first } } : {};
}
