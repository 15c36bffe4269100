/**
 * apiextensions.k8s.io/v1 customresourcedefinitions, read-only and always empty: CRDs are not
 * served. kubectl lists them (without discovery) to decide how to validate a kind whose OpenAPI
 * patch operation it cannot find (the access reviews, created with `kubectl create -f`): on an
 * empty list it validates on the client against /openapi/v2, as against Kubernetes; on a 404 it
 * fails ("failed to check CRD"). Not listed in discovery, as nothing else is served there.
 */
import type { Context } from 'hono';
import { methodNotAllowed, notFound, resourceNotFound } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { json } from './respond.ts';

export const CRD_GROUP = 'apiextensions.k8s.io';

export async function crdsHandler(c: Context<AppEnv>): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  if (info.version !== 'v1' || info.namespace || info.subresource) throw resourceNotFound();
  if (info.verb === 'get') throw notFound({ group: CRD_GROUP, resource: 'customresourcedefinitions' }, info.name);
  if (info.verb !== 'list') throw methodNotAllowed();
  const rev = await c.get('storage').currentRev();
  return json(c, { kind: 'CustomResourceDefinitionList', apiVersion: `${CRD_GROUP}/v1`, metadata: { resourceVersion: String(rev) }, items: [] });
}
