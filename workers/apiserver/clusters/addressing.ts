/**
 * The pipeline's first step: which cluster a request is for. A tenant's request
 * (`/clusters/<name>/...`) is dispatched again into the same app without the prefix, the
 * cluster remembered against the new request object (nothing a client sends can set it), so
 * every later step (request info, routes, discovery, OpenAPI, watch, exec, logs, node routes)
 * serves the root and tenants alike. A tenant must have a live Cluster object, else 404.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import { resourceNotFound } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import { connectStorage } from '../storage/connect.ts';
import { scopedStorage } from '../storage/scoped.ts';
import { ROOT_CLUSTER, tenantPath } from './address.ts';
import { limitedStorage, limitsOf } from './limits.ts';
import { clusterRecord } from './records.ts';
import { requestUrl } from '../request/url.ts';

const addressed = new WeakMap<Request, string>();

export function clusterAddressing(app: Hono<AppEnv>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let cluster = addressed.get(c.req.raw);
    if (cluster === undefined) {
      const tenant = tenantPath(requestUrl(c.req.raw).pathname);
      if (tenant) {
        // the root has no second address: /clusters/default/... is as unknown as any other name
        if (tenant.cluster === ROOT_CLUSTER) throw resourceNotFound();
        const url = new URL(requestUrl(c.req.raw)); // a copy: the parsed URL is shared (request/url.ts)
        url.pathname = tenant.path;
        const inner = new Request(url, c.req.raw);
        addressed.set(inner, tenant.cluster);
        return app.fetch(inner, c.env, c.executionCtx);
      }
      cluster = ROOT_CLUSTER;
    }
    const root = connectStorage(c.env);
    if (cluster !== ROOT_CLUSTER) {
      const record = await clusterRecord(root, cluster);
      if (!record || record.metadata.deletionTimestamp) throw resourceNotFound();
      c.set('clusterUid', record.metadata.uid);
    }
    c.set('cluster', cluster);
    c.set('storage', limitedStorage(scopedStorage(root, cluster), cluster, limitsOf(c.env))); // a tenant's objects and bytes are limited
    await next();
  };
}
