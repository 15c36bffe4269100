/**
 * The scale subresource of a custom resource (autoscaling/v1 Scale) over the paths its CRD names:
 * specReplicasPath, statusReplicasPath and labelSelectorPath. Writes change only the spec
 * replicas field and are recorded in managedFields under subresource "scale".
 */
import type { Context } from 'hono';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { CustomResourceDefinition, ScaleSubresource } from '../../../lib/api/apiextensions.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { evaluate, fieldPath, parseJsonPath } from './jsonpath.ts';
import { CUSTOM_PATCH_TYPES } from './patch-types.ts';
import { scaleSubresource, scaleWith, type Scale } from '../handlers/scale.ts';

function pathsOf(desc: KindDescriptor): ScaleSubresource {
  const crd = desc.customResource!.crd as CustomResourceDefinition;
  return crd.spec.versions?.find((v) => v.name === desc.version)?.subresources?.scale ?? {};
}

const read = (obj: KubeObject, path: string | undefined) => (path ? evaluate(parseJsonPath(path), obj)[0] : undefined);

export function customScaleOf(desc: KindDescriptor, obj: KubeObject): Scale {
  const paths = pathsOf(desc);
  const replicas = read(obj, paths.specReplicasPath);
  const statusReplicas = read(obj, paths.statusReplicasPath);
  const selector = read(obj, paths.labelSelectorPath);
  return scaleWith(obj, typeof replicas === 'number' ? replicas : 0, typeof statusReplicas === 'number' ? statusReplicas : 0, typeof selector === 'string' && selector ? selector : undefined);
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

export const customScaleHandler = (c: Context<AppEnv>, desc: KindDescriptor) =>
  scaleSubresource(c, desc, {
    scaleOf: (obj) => customScaleOf(desc, obj),
    setReplicas: (obj, n) => setAt(obj, pathsOf(desc).specReplicasPath ?? '.spec.replicas', n),
    patchTypes: CUSTOM_PATCH_TYPES,
  });
