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
import { requestUrl } from './request/url.ts';
import { inflightLimiter } from './request/inflight.ts';
import { fairShareLimiter } from './request/fairshare.ts';
import type { TokenAuthenticator } from './auth/authn.ts';
import { defaultAuthorizer, type Authorizer } from './auth/authz.ts';
import { authentication, authorization } from './auth/steps.ts';
import { nodeRoutes } from './nodes/routes.ts';
import { bootstrapOnce } from './bootstrap.ts';
import { clusterWriteLimiter } from './clusters/limits.ts';
import { clusterAddressing } from './clusters/addressing.ts';
import { toStatusError } from '../../lib/errors.ts';
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

export function createApp(opts: AppOptions = {}) {
  const authorizer = opts.authorizer ?? defaultAuthorizer;
  const app = new Hono<AppEnv>();

  app.use('*', clusterAddressing(app));

  app.use('*', async (c, next) => {
    const started = performance.now();
    const url = requestUrl(c.req.raw);
    const info = requestInfo(c.req.method, url);
    c.set('info', info);
    c.set('warnings', []);
    // the system namespaces exist before the cluster's first request in this isolate is served
    await bootstrapOnce(c.env, c.get('storage'), c.get('cluster'), c.executionCtx);
    await next();
    await discardUnreadBody(c.req.raw);
    // a watch is counted when it starts, as Kubernetes counts long-running requests
    const labels = labelsFor(info, c.req.header('Content-Type'), url.searchParams.has('dryRun'));
    const flushing = recordSample(c.env, c.get('cluster'), { labels, code: c.res.status, seconds: (performance.now() - started) / 1000 });
    if (flushing) c.executionCtx.waitUntil(flushing);
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
