/** Discovery endpoints: aggregated v2 when the client asks for it (kubectl does), legacy otherwise. */
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { kindsServedIn } from '../clusters/served-kinds.ts';
import { reviewResources } from '../handlers/reviews.ts';
import { bindingsResource } from '../handlers/binding.ts';
import { json } from '../handlers/respond.ts';
import { resourceNotFound } from '../../../lib/errors.ts';
import { parseMediaType } from '../request/negotiate.ts';
import { aggregated, AGGREGATED_V2, AGGREGATED_V2BETA1, apiGroup, apiGroupList, apiVersions, groupVersions, resourceList } from './documents.ts';

// per set of kinds: the root's, and the tenants' (without the root's own kinds)
const cached = new Map<object, ReturnType<typeof groupVersions>>();
function gvs(c: Context<AppEnv>) {
  const kinds = kindsServedIn(c.get('cluster'));
  let gv = cached.get(kinds);
  if (!gv) cached.set(kinds, (gv = groupVersions(kinds, [bindingsResource, ...reviewResources])));
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

function discovery(c: Context<AppEnv>, core: boolean) {
  const v = wantsAggregated(c.req.header('Accept'));
  if (v) {
    const res = json(c, aggregated(gvs(c), core, v), 200, v === 'v2' ? AGGREGATED_V2 : AGGREGATED_V2BETA1);
    res.headers.set('Vary', 'Accept');
    return res;
  }
  return json(c, core ? apiVersions(new URL(c.req.url).host) : apiGroupList(gvs(c)));
}

export function discoveryRoutes(app: Hono<AppEnv>) {
  app.get('/api', (c) => discovery(c, true));
  app.get('/apis', (c) => discovery(c, false));
  app.get('/api/v1', (c) => json(c, resourceList(gvs(c).find((x) => x.group === '' && x.version === 'v1')!)));
  app.get('/apis/:group', (c) => {
    const group = c.req.param('group');
    if (!gvs(c).some((x) => x.group === group)) throw resourceNotFound();
    return json(c, apiGroup(group, gvs(c)));
  });
  app.get('/apis/:group/:version', (c) => {
    const gv = gvs(c).find((x) => x.group === c.req.param('group') && x.version === c.req.param('version'));
    if (!gv) throw resourceNotFound();
    return json(c, resourceList(gv));
  });
}
