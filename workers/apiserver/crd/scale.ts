/**
 * The scale subresource of a custom resource (autoscaling/v1 Scale) over the paths its CRD names:
 * specReplicasPath, statusReplicasPath and labelSelectorPath. Writes change only the spec
 * replicas field and are recorded in managedFields under subresource "scale".
 */
import type { Context } from 'hono';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { CustomResourceDefinition, ScaleSubresource } from '../../../lib/api/apiextensions.ts';
import { badRequest, fieldErr, invalid } from '../../../lib/errors.ts';
import { scaleSchema } from '../../../lib/api/autoscaling.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { getObject, retrying, updateObject } from '../rest/store.ts';
import { clone } from '../rest/meta.ts';
import { mergePatch } from '../patch/merge.ts';
import { jsonPatch } from '../patch/json.ts';
import { decodeBody } from '../codec/decode.ts';
import { OBJECT_TYPES, readBody } from '../handlers/body.ts';
import { json } from '../handlers/respond.ts';
import { storeContext } from '../handlers/store-context.ts';
import { evaluate, fieldPath, parseJsonPath } from './jsonpath.ts';
import { CUSTOM_PATCH_TYPES } from './patch-types.ts';

interface Scale {
  kind: 'Scale';
  apiVersion: 'autoscaling/v1';
  metadata: KubeObject['metadata'];
  spec: { replicas?: number };
  status: { replicas: number; selector?: string };
}

function pathsOf(desc: KindDescriptor): ScaleSubresource {
  const crd = desc.customResource!.crd as CustomResourceDefinition;
  return crd.spec.versions?.find((v) => v.name === desc.version)?.subresources?.scale ?? {};
}

const read = (obj: KubeObject, path: string | undefined) => (path ? evaluate(parseJsonPath(path), obj)[0] : undefined);

export function customScaleOf(desc: KindDescriptor, obj: KubeObject): Scale {
  const paths = pathsOf(desc);
  const { name, namespace, uid, resourceVersion, creationTimestamp } = obj.metadata;
  const replicas = read(obj, paths.specReplicasPath);
  const statusReplicas = read(obj, paths.statusReplicasPath);
  const selector = read(obj, paths.labelSelectorPath);
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: { name, namespace, uid, resourceVersion, creationTimestamp },
    spec: { replicas: typeof replicas === 'number' ? replicas : 0 },
    status: { replicas: typeof statusReplicas === 'number' ? statusReplicas : 0, ...(typeof selector === 'string' && selector ? { selector } : {}) },
  };
}

function setAt(obj: KubeObject, path: string, value: number): void {
  const keys = fieldPath(path);
  let at = obj as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) {
    if (typeof at[k] !== 'object' || at[k] === null) at[k] = {};
    at = at[k] as Record<string, unknown>;
  }
  at[keys[keys.length - 1]] = value;
}

export async function customScaleHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const ctx = storeContext(c);
  if (info.verb === 'get') return json(c, customScaleOf(desc, await getObject(ctx, desc, info.namespace, info.name)));

  const body = await readBody(c, info.verb === 'patch' ? CUSTOM_PATCH_TYPES : OBJECT_TYPES);
  let input: unknown;
  if (info.verb === 'update') {
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
    const scale = customScaleOf(desc, current);
    const next = (info.verb === 'update' ? input : body.type === 'application/json-patch+json' ? jsonPatch(scale, input) : mergePatch(scale, input)) as Scale;
    const replicas = info.verb === 'update' ? (next.spec?.replicas ?? 0) : next.spec?.replicas;
    if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0)
      throw invalid({ group: 'autoscaling', kind: 'Scale' }, info.name, [fieldErr.invalid('spec.replicas', replicas ?? null, 'must be greater than or equal to 0')]);
    const target = clone(current);
    if (next.metadata?.resourceVersion) target.metadata.resourceVersion = next.metadata.resourceVersion;
    setAt(target, pathsOf(desc).specReplicasPath ?? '.spec.replicas', replicas);
    return updateObject(ctx, desc, current, target, { subresource: 'scale' });
  }, pinned);
  return json(c, customScaleOf(desc, updated));
}
