/**
 * Custom resource requests: the kind a request names when the static registry does not know it
 * (the cluster's CRDs), the create refused while its CRD is terminating, and the CRD's cleanup
 * resumed after a write to one of its objects (an object whose own finalizers held it).
 */
import type { Context } from 'hono';
import type { CustomResourceDefinition } from '../../../lib/api/apiextensions.ts';
import { methodNotAllowed } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { storeContext } from '../handlers/store-context.ts';
import { customKinds } from './custom-kinds.ts';
import { finishCRD } from './cleanup.ts';

export async function customResourceKind(c: Context<AppEnv>, info: ResourceRequestInfo): Promise<KindDescriptor | undefined> {
  if (!info.group) return undefined; // custom resources always have a group
  const kinds = await customKinds(c.get('storage'), c.get('cluster'));
  const desc = kinds.byResource(info.group, info.version, info.resource);
  if (desc && info.verb === 'create' && !info.subresource && (desc.customResource!.crd as CustomResourceDefinition).metadata.deletionTimestamp)
    throw methodNotAllowed('create not allowed while custom resource definition is terminating');
  return desc;
}

type Handler = (c: Context<AppEnv>, desc: KindDescriptor) => Promise<Response>;

/** Runs the handler; after a write to an object of a terminating CRD, that CRD's cleanup goes on. */
export async function customResourceHandler(c: Context<AppEnv>, desc: KindDescriptor, handler: Handler): Promise<Response> {
  const res = await handler(c, desc);
  const crd = desc.customResource!.crd as CustomResourceDefinition;
  const verb = (c.get('info') as ResourceRequestInfo).verb;
  if (crd.metadata.deletionTimestamp && (verb === 'update' || verb === 'patch' || verb === 'delete' || verb === 'deletecollection')) {
    const kinds = await customKinds(c.get('storage'), c.get('cluster'));
    const current = kinds.crdOf(desc.group, desc.resource);
    if (current) await finishCRD(storeContext(c), current).catch(() => undefined);
  }
  return res;
}
