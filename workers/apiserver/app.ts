/**
 * The request pipeline, in Kubernetes' order:
 *   cluster → metrics → request info → authentication → max-in-flight → fair share → cluster write rate → authorization → route
 * and, for resource requests, the handlers' own chain:
 *   decode → defaults → admission → validation → storage (rest/store.ts).
 * Errors anywhere become a Kubernetes Status in `onError`.
 */
import { Hono } from 'hono';
import type { AppEnv } from './context.ts';
import { requestInfo } from './request/info.ts';
import { inflightLimiter } from './request/inflight.ts';
import { fairShareLimiter } from './request/fairshare.ts';
import type { TokenAuthenticator } from './auth/authn.ts';
import { defaultAuthorizer, type Authorizer } from './auth/authz.ts';
import { authentication, authorization } from './auth/steps.ts';
import { nodeRoutes } from './nodes/routes.ts';
import { connectStorage } from './storage/connect.ts';
import { bootstrapOnce } from './bootstrap.ts';
import { scopedStorage } from './storage/scoped.ts';
import { ROOT_CLUSTER, tenantPath } from './clusters/address.ts';
import { isServed } from './clusters/records.ts';
import { clusterWriteLimiter, limitedStorage, limitsOf } from './clusters/limits.ts';
import { resourceNotFound, toStatusError } from '../../lib/errors.ts';
import { statusResponse } from './handlers/respond.ts';
import { discardUnreadBody } from './handlers/body.ts';
import { resourceHandler } from './handlers/resource.ts';
import { healthHandler, VERSION } from './health.ts';
import { discoveryRoutes } from './discovery/routes.ts';
import { openapiRoutes } from './openapi/routes.ts';
import { labelsFor } from './metrics/samples.ts';
import { recordSample, renderMetrics } from './metrics/recorder.ts';

export interface AppOptions {
  /** extra token authenticators, tried after the admin token (node credentials, service accounts...) */
  authenticators?: TokenAuthenticator[];
  authorizer?: Authorizer;
}

/**
 * The cluster of a request that came in as `/clusters/<name>/...` and is dispatched again without
 * the prefix (keyed by the request object: nothing a client sends can set it).
 */
const addressed = new WeakMap<Request, string>();

export function createApp(opts: AppOptions = {}) {
  const authorizer = opts.authorizer ?? defaultAuthorizer;
  const app = new Hono<AppEnv>();

  // First, the cluster: a tenant's request runs through the whole pipeline again, with the root's
  // path, so every step after this one (request info, routes, discovery, OpenAPI, watch, exec,
  // logs, node routes) serves both alike.
  app.use('*', async (c, next) => {
    let cluster = addressed.get(c.req.raw);
    if (cluster === undefined) {
      const url = new URL(c.req.url);
      const tenant = tenantPath(url.pathname);
      if (tenant) {
        // the root has no second address: /clusters/default/... is as unknown as any other name
        if (tenant.cluster === ROOT_CLUSTER) throw resourceNotFound();
        url.pathname = tenant.path;
        const inner = new Request(url, c.req.raw);
        addressed.set(inner, tenant.cluster);
        return app.fetch(inner, c.env, c.executionCtx);
      }
      cluster = ROOT_CLUSTER;
    }
    const root = connectStorage(c.env);
    if (cluster !== ROOT_CLUSTER && !(await isServed(root, cluster))) throw resourceNotFound();
    c.set('cluster', cluster);
    c.set('storage', limitedStorage(scopedStorage(root, cluster), cluster, limitsOf(c.env))); // a tenant's objects and bytes are limited
    await next();
  });

  app.use('*', async (c, next) => {
    const started = performance.now();
    const url = new URL(c.req.url);
    const info = requestInfo(c.req.method, url);
    c.set('info', info);
    c.set('warnings', []);
    // the system namespaces exist before the cluster's first request in this isolate is served
    await bootstrapOnce(c.env, c.get('storage'), c.get('cluster'), (p) => c.executionCtx.waitUntil(p));
    await next();
    await discardUnreadBody(c.req.raw);
    // a watch is counted when it starts, as Kubernetes counts long-running requests
    const labels = labelsFor(info, c.req.header('Content-Type'), url.searchParams.has('dryRun'));
    c.executionCtx.waitUntil(recordSample(c.env, c.get('cluster'), { labels, code: c.res.status, seconds: (performance.now() - started) / 1000 }));
  });

  app.use('*', authentication(authorizer, opts.authenticators));
  app.use('*', inflightLimiter()); // after authentication, as in Kubernetes: the budget follows the user (request/inflight.ts)
  app.use('*', fairShareLimiter()); // where APF stands: the user is known, and a 403 still counts
  app.use('*', clusterWriteLimiter()); // a tenant's write rate (clusters/limits.ts): refused before it costs anything
  app.use('*', authorization(authorizer));

  app.get('/version', (c) => c.json(VERSION));
  for (const kind of ['healthz', 'livez', 'readyz'] as const) {
    app.get(`/${kind}`, healthHandler(kind));
    app.get(`/${kind}/:check`, healthHandler(kind));
  }
  app.get('/metrics', async (c) => c.body(await renderMetrics(c.env, c.get('cluster')), 200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' }));
  discoveryRoutes(app);
  openapiRoutes(app);
  nodeRoutes(app);
  app.all('/api/*', resourceHandler);
  app.all('/apis/*', resourceHandler);

  app.notFound((c) => c.text('404 page not found\n', 404));
  app.onError((err, c) => {
    const e = toStatusError(err);
    if (e.code >= 500) console.error(err);
    return statusResponse(c, e);
  });
  return app;
}
