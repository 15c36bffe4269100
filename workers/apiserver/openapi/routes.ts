/**
 * OpenAPI v3: the root lists one document per group-version, each addressed with its content
 * hash so kubectl can cache it forever (kubectl-surface.md §2). v2 (JSON and the protobuf form
 * kubectl asks for): v2-route.ts.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { kinds } from '../registry/index.ts';
import { reviewResources } from '../handlers/reviews.ts';
import { bindingsResource } from '../handlers/binding.ts';
import { openapiV3 } from './v3.ts';
import { json } from '../handlers/respond.ts';
import { openapiV2Handler } from './v2-route.ts';
import { customDocuments } from '../crd/openapi.ts';

let cached: ReturnType<typeof openapiV3> | undefined;
const spec = () => (cached ??= openapiV3(kinds, [bindingsResource, ...reviewResources]));

export function openapiRoutes(app: Hono<AppEnv>) {
  app.get('/openapi/v2', openapiV2Handler);
  // the cluster's custom resources have documents of their own (crd/openapi.ts)
  app.get('/openapi/v3', async (c) => {
    const custom = await customDocuments(c.get('storage'), c.get('cluster'));
    const root = (await spec()).root;
    return json(c, custom.documents.size ? { paths: { ...root.paths, ...custom.paths } } : root);
  });
  app.get('/openapi/v3/*', async (c) => {
    const path = c.req.path.slice('/openapi/v3/'.length);
    const doc = (await spec()).documents.get(path) ?? (await customDocuments(c.get('storage'), c.get('cluster'))).documents.get(path);
    if (!doc) return c.text('404 page not found\n', 404);
    const res = new Response(doc.json, { headers: { 'Content-Type': 'application/json', ETag: `"${doc.hash}"` } });
    if (c.req.query('hash') === doc.hash) {
      res.headers.set('Cache-Control', 'public, immutable');
      res.headers.set('Expires', new Date(Date.now() + 365 * 24 * 3600 * 1000).toUTCString());
    } else res.headers.set('Cache-Control', 'no-cache, private');
    return res;
  });
}
