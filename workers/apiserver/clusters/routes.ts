/**
 * TEMPORARY admin endpoints over createCluster / deleteCluster, until the Cluster kind
 * (tenancy.timonier.dev/v1alpha1, RBAC-gated, with a finalizer) replaces them:
 *   POST   /timonier/v1/clusters          {"name": "alice"}  → 201 the record
 *   GET    /timonier/v1/clusters                             → {"items": [records]}
 *   DELETE /timonier/v1/clusters/<name>                      → 200 Status Success
 * Served by the root cluster only, to system:masters only.
 */
import type { Context, Hono } from 'hono';
import { badRequest, forbidden, resourceNotFound } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import { readBody } from '../handlers/body.ts';
import { json, success } from '../handlers/respond.ts';
import { ROOT_CLUSTER } from './address.ts';
import { createCluster, deleteCluster } from './lifecycle.ts';
import { clusterRecords, CLUSTER_GROUP } from './records.ts';

export const CLUSTERS_PATH = '/timonier/v1/clusters';

function rootAdminOnly(c: Context<AppEnv>): void {
  if (c.get('cluster') !== ROOT_CLUSTER) throw resourceNotFound();
  const user = c.get('user');
  if (!user.groups.includes('system:masters')) throw forbidden(undefined, undefined, `User "${user.username}" cannot ${c.req.method.toLowerCase()} path "${new URL(c.req.url).pathname}"`);
}

export function clusterRoutes(app: Hono<AppEnv>) {
  app.post(CLUSTERS_PATH, async (c) => {
    rootAdminOnly(c);
    const body = await readBody(c, ['application/json']);
    let name: unknown;
    try {
      name = (JSON.parse(new TextDecoder().decode(body.bytes)) as { name?: unknown }).name;
    } catch (e) {
      throw badRequest(`the request body must be JSON: ${(e as Error).message}`);
    }
    if (typeof name !== 'string') throw badRequest('the request body must name the cluster: {"name": "<name>"}');
    return json(c, await createCluster(c.env, name, (p) => c.executionCtx.waitUntil(p)), 201);
  });
  app.get(CLUSTERS_PATH, async (c) => {
    rootAdminOnly(c);
    return json(c, { kind: 'ClusterList', apiVersion: `${CLUSTER_GROUP}/v1alpha1`, metadata: {}, items: await clusterRecords(c.get('storage')) });
  });
  app.delete(`${CLUSTERS_PATH}/:name`, async (c) => {
    rootAdminOnly(c);
    const name = c.req.param('name');
    const { objects } = await deleteCluster(c.env, name);
    return json(c, { ...success({ name, group: CLUSTER_GROUP, kind: 'clusters' }), message: `cluster "${name}" deleted with its ${objects} objects` });
  });
}
