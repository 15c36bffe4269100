/**
 * The scale subresource (autoscaling/v1 Scale) of Deployments and ReplicaSets: a view of
 * spec.replicas, status.replicas and the selector. Writes change only spec.replicas and are
 * recorded in managedFields under subresource "scale".
 */
import type { Context } from 'hono';
import type { KubeObject, LabelSelector } from '../../../lib/api/meta.ts';
import { badRequest, fieldErr, invalid } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { getObject, retrying, updateObject } from '../rest/store.ts';
import { clone } from '../rest/meta.ts';
import { selectorString } from '../registry/printing.ts';
import { mergePatch } from '../patch/merge.ts';
import { jsonPatch } from '../patch/json.ts';
import { OBJECT_TYPES, PATCH_TYPES, readBody } from './body.ts';
import { json } from './respond.ts';
import { storeContext } from './store-context.ts';
import { decodeBody } from '../codec/decode.ts';
import { scaleSchema } from '../../../lib/api/autoscaling.ts';

export interface Scale {
  kind: 'Scale';
  apiVersion: 'autoscaling/v1';
  metadata: KubeObject['metadata'];
  spec: { replicas?: number };
  status: { replicas: number; selector?: string };
}

/** How a kind's objects look as a Scale, and where a Scale's replicas go back. */
export interface ScaleView {
  scaleOf(obj: KubeObject): Scale;
  setReplicas(obj: KubeObject, replicas: number): void;
  /** the patch types the subresource takes (custom resources take no strategic merge) */
  patchTypes: string[];
}

/** A Scale with the object's identity. */
export const scaleWith = (obj: KubeObject, replicas: number, statusReplicas: number, selector?: string): Scale => {
  const { name, namespace, uid, resourceVersion, creationTimestamp } = obj.metadata;
  return { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name, namespace, uid, resourceVersion, creationTimestamp }, spec: { replicas }, status: { replicas: statusReplicas, ...(selector ? { selector } : {}) } };
};

/** Deployments and ReplicaSets: spec.replicas, status.replicas and spec.selector. */
export function scaleOf(obj: KubeObject): Scale {
  const spec = (obj.spec ?? {}) as { replicas?: number; selector?: LabelSelector };
  const status = (obj.status ?? {}) as { replicas?: number };
  return scaleWith(obj, spec.replicas ?? 0, status.replicas ?? 0, selectorString(spec.selector));
}

const BUILT_IN: ScaleView = { scaleOf, setReplicas: (obj, n) => void ((obj.spec as { replicas: number }).replicas = n), patchTypes: PATCH_TYPES };

export const scaleHandler = (c: Context<AppEnv>, desc: KindDescriptor) => scaleSubresource(c, desc, BUILT_IN);

/** GET, PUT and PATCH of a Scale, written back through the view. */
export async function scaleSubresource(c: Context<AppEnv>, desc: KindDescriptor, view: ScaleView): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const ctx = storeContext(c);
  if (info.verb === 'get') return json(c, view.scaleOf(await getObject(ctx, desc, info.namespace, info.name)));

  const body = await readBody(c, info.verb === 'patch' ? view.patchTypes : OBJECT_TYPES);
  let input: unknown;
  if (info.verb === 'update') {
    // kubectl scale's client may send the Scale as protobuf
    input = decodeBody(body.bytes, body.contentType, { schema: scaleSchema, group: 'autoscaling', version: 'v1', kind: 'Scale' }, 'Ignore').object;
  } else {
    try {
      input = JSON.parse(new TextDecoder().decode(body.bytes));
    } catch (e) {
      throw badRequest(`error decoding patch: ${(e as Error).message}`);
    }
  }
  const pinned = info.verb === 'update' && !!(input as Scale).metadata?.resourceVersion;
  const updated = await retrying(async () => {
    const current = await getObject(ctx, desc, info.namespace, info.name);
    const scale = view.scaleOf(current);
    const next: Scale = info.verb === 'update' ? (input as Scale) : (body.type === 'application/json-patch+json' ? jsonPatch(scale, input) : mergePatch(scale, input)) as Scale;
    // Go's JSON and protobuf leave out a zero replicas: a Scale PUT without it asks for 0
    const replicas = info.verb === 'update' ? (next.spec?.replicas ?? 0) : next.spec?.replicas;
    if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0)
      throw invalid({ group: 'autoscaling', kind: 'Scale' }, info.name, [fieldErr.invalid('spec.replicas', replicas ?? null, 'must be greater than or equal to 0')]);
    const rv = next.metadata?.resourceVersion;
    const target = clone(current);
    if (rv) target.metadata.resourceVersion = rv; // a Scale PUT with a stale version conflicts
    view.setReplicas(target, replicas);
    return updateObject(ctx, desc, current, target, { subresource: 'scale' });
  }, pinned);
  return json(c, view.scaleOf(updated));
}
