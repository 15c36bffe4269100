/**
 * WATCH: parameters are checked here (so a bad selector is a 400, not a broken stream), then the
 * stream is served by the resource's WatchHub Durable Object.
 */
import type { Context } from 'hono';
import { badRequest } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { negotiate } from '../request/negotiate.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { objectFilter } from '../rest/filter.ts';
import type { WatchSpec } from '../../../durable/watch-hub.ts';
import { includeObject } from './get.ts';
import { boolParam, intParam } from './params.ts';
import { hubFor, noteWatched } from './hub-pokes.ts';

export async function watchHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const q = new URL(c.req.url).searchParams;
  const labelSelector = q.get('labelSelector') ?? undefined;
  let fieldSelector = q.get('fieldSelector') ?? undefined;
  // watching one object by URL (…/configmaps/x?watch=true) is a watch of the collection by name
  if (info.name) fieldSelector = [fieldSelector, `metadata.name=${info.name}`].filter(Boolean).join(',');
  objectFilter(desc, labelSelector, fieldSelector); // validates

  const rv = q.get('resourceVersion') ?? undefined;
  if (rv !== undefined && rv !== '' && !/^\d+$/.test(rv)) throw badRequest(`invalid resource version: ${JSON.stringify(rv)}`);
  const sendInitialEvents = q.has('sendInitialEvents') ? boolParam(q, 'sendInitialEvents') : undefined;
  if (sendInitialEvents !== undefined && q.get('resourceVersionMatch') !== 'NotOlderThan')
    throw badRequest('sendInitialEvents is forbidden for watch unless resourceVersionMatch is set to NotOlderThan');

  const rep = negotiate(c.req.header('Accept'));
  const spec: WatchSpec = {
    cluster: c.get('cluster'),
    group: desc.group,
    version: desc.version,
    resource: desc.resource,
    namespace: info.namespace,
    labelSelector,
    fieldSelector,
    resourceVersion: rv || undefined,
    sendInitialEvents,
    allowWatchBookmarks: boolParam(q, 'allowWatchBookmarks'),
    timeoutSeconds: intParam(q, 'timeoutSeconds'),
    table: rep.as === 'table' ? { version: rep.version, includeObject: includeObject(q) } : undefined,
    crd: desc.customResource?.crd,
  };
  noteWatched(c.get('cluster'), desc);
  return hubFor(c.env, c.get('cluster'), desc).fetch('https://watch-hub/watch', { method: 'POST', body: JSON.stringify(spec), signal: c.req.raw.signal });
}
