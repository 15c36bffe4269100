/** Discovery endpoints: aggregated v2 when the client asks for it (kubectl does), legacy otherwise. */
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { kindsServedIn } from '../clusters/served-kinds.ts';
import { withCustomKinds } from '../crd/custom-kinds.ts';
import { reviewResources } from '../handlers/reviews.ts';
import { bindingsResource } from '../handlers/binding.ts';
import { metricsResources } from '../metrics-api/handler.ts';
import { json } from '../handlers/respond.ts';
import { resourceNotFound } from '../../../lib/errors.ts';
import { parseMediaType } from '../request/negotiate.ts';
import { aggregated, AGGREGATED_V2, AGGREGATED_V2BETA1, apiGroup, apiGroupList, apiVersions, groupVersions, resourceList } from './documents.ts';

// per set of kinds: the root's, the tenants' (without the root's own kinds), each with its cluster's custom kinds
const cached = new WeakMap<object, ReturnType<typeof groupVersions>>();
async function gvs(c: Context<AppEnv>) {
  const kinds = await withCustomKinds(c.get('storage'), c.get('cluster'), kindsServedIn(c.get('cluster')));
  let gv = cached.get(kinds);
  if (!gv) cached.set(kinds, (gv = groupVersions(kinds, [bindingsResource, ...reviewResources, ...metricsResources])));
  return gv;
}

/** The aggregated discovery version the client accepts, if any. */
function wantsAggregated(accept: string | undefined): 'v2' | 'v2beta1' | undefined {
  for (const part of (accept ?? '').split(',')) {
    const m = parseMediaType(part);
    if (m.params.as === 'APIGroupDiscoveryList' && m.params.g === 'apidiscovery.k8s.io' && (m.params.v === 'v2' || m.params.v === 'v2beta1')) return m.params.v;
  }
  return undefined;
}

async function discovery(c: Context<AppEnv>, core: boolean) {
  const v = wantsAggregated(c.req.header('Accept'));
  if (v) {
    const res = json(c, aggregated(await gvs(c), core, v), 200, v === 'v2' ? AGGREGATED_V2 : AGGREGATED_V2BETA1);
    res.headers.set('Vary', 'Accept');
    return res;
  }
  return json(c, core ? apiVersions(new URL(c.req.url).host) : apiGroupList(await gvs(c)));
}

export function discoveryRoutes(app: Hono<AppEnv>) {
  app.get('/api', (c) => discovery(c, true));
  app.get('/apis', (c) => discovery(c, false));
  app.get('/api/v1', async (c) => json(c, resourceList((await gvs(c)).find((x) => x.group === '' && x.version === 'v1')!)));
  app.get('/apis/:group', async (c) => {
    const group = c.req.param('group');
    const all = await gvs(c);
    if (!all.some((x) => x.group === group)) throw resourceNotFound();
    return json(c, apiGroup(group, all));
  });
  app.get('/apis/:group/:version', async (c) => {
    const gv = (await gvs(c)).find((x) => x.group === c.req.param('group') && x.version === c.req.param('version'));
    if (!gv) throw resourceNotFound();
    return json(c, resourceList(gv));
  });
}
