/**
 * OpenAPI v3: the root lists one document per group-version, each addressed with its content
 * hash so kubectl can cache it forever (kubectl-surface.md §2); both answered with an ETag, a
 * Date and a 304 when unchanged, as kube-openapi does (conditional.ts). v2 (JSON and the
 * protobuf form kubectl asks for): v2-route.ts.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { kinds } from '../registry/index.ts';
import { reviewResources } from '../handlers/reviews.ts';
import { bindingsResource } from '../handlers/binding.ts';
import { openapiV3 } from './v3.ts';
import { serveContent, httpDate } from './conditional.ts';
import { hexDigest } from './digest.ts';
import { openapiV2Handler } from './v2-route.ts';
import { customDocuments } from '../crd/openapi.ts';

let cached: ReturnType<typeof openapiV3> | undefined;
/** when this isolate built the built-in documents: their Last-Modified */
let builtAt = '';
function spec(): ReturnType<typeof openapiV3> {
  if (!cached) {
    builtAt = httpDate();
    cached = openapiV3(kinds, [bindingsResource, ...reviewResources]);
  }
  return cached;
}

export function openapiRoutes(app: Hono<AppEnv>) {
  app.get('/openapi/v2', openapiV2Handler);
  // the cluster's custom resources have documents of their own (crd/openapi.ts)
  app.get('/openapi/v3', async (c) => {
    const custom = await customDocuments(c.get('storage'), c.get('cluster'));
    const root = (await spec()).root;
    const body = JSON.stringify(custom.documents.size ? { paths: { ...root.paths, ...custom.paths } } : root);
    // the custom documents change with the CRDs, at no time this isolate knows: the ETag alone says
    const lastModified = custom.documents.size ? undefined : builtAt;
    return serveContent(c.req.raw.headers, { body, etag: `"${await hexDigest('SHA-256', body)}"`, lastModified, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private' } });
  });
  app.get('/openapi/v3/*', async (c) => {
    const path = c.req.path.slice('/openapi/v3/'.length);
    const builtIn = (await spec()).documents.get(path);
    const doc = builtIn ?? (await customDocuments(c.get('storage'), c.get('cluster'))).documents.get(path);
    if (!doc) return c.text('404 page not found\n', 404);
    const caching: Record<string, string> =
      c.req.query('hash') === doc.hash
        ? { 'Cache-Control': 'public, immutable', Expires: new Date(Date.now() + 365 * 24 * 3600 * 1000).toUTCString() }
        : { 'Cache-Control': 'no-cache, private' };
    const lastModified = builtIn ? builtAt : undefined;
    return serveContent(c.req.raw.headers, { body: doc.json, etag: `"${doc.hash}"`, lastModified, headers: { 'Content-Type': 'application/json', ...caching } });
  });
}
