/**
 * pods/log: `kubectl logs [-f] [--previous] [--tail N] [--since D] [--timestamps] [--limit-bytes N]`.
 * The log lives on the node: the request goes through that node's tunnel (durable/node-tunnel.ts)
 * and the agent's bytes come back as text/plain, chunked while following.
 */
import type { Context } from 'hono';
import { badRequest, fieldErr, invalid, type FieldError } from '../../../lib/errors.ts';
import type { LogsRequest, TunnelError } from '../../../lib/tunnel/protocol.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { tunnelFor, tunnelStatusError } from '../nodes/tunnel.ts';
import { boolParam, intParam } from './params.ts';
import { podTarget } from './pod-target.ts';

// identity: workerd would otherwise gzip text/plain, holding a followed log back in the compressor
const TEXT = { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, private', 'Content-Encoding': 'identity' };

export async function podLogHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const q = new URL(c.req.url).searchParams;
  const options = logOptions(info.name, q, new Date());
  const { container, node } = await podTarget(c, desc, q.get('container'));
  // as Kubernetes: a pod no node has taken yet has an empty log
  if (!node) return new Response('', { headers: TEXT });

  const req: LogsRequest = { namespace: info.namespace, pod: info.name, container, ...options };
  const res = await tunnelFor(c.env, c.get('cluster'), node).fetch('https://node-tunnel/logs', {
    method: 'POST',
    body: JSON.stringify({ node, req }),
    signal: c.req.raw.signal,
  });
  if (!res.ok) throw tunnelStatusError(((await res.json()) as { error: TunnelError }).error);
  return new Response(res.body, { headers: TEXT });
}

/** PodLogOptions from the query, validated as Kubernetes validates them. */
export function logOptions(pod: string, q: URLSearchParams, now: Date): Omit<LogsRequest, 'namespace' | 'pod' | 'container'> {
  const tailLines = intParam(q, 'tailLines');
  const limitBytes = intParam(q, 'limitBytes');
  let sinceSeconds = intParam(q, 'sinceSeconds');
  const sinceTime = q.get('sinceTime');
  const errors: FieldError[] = [];
  if (sinceTime) {
    const at = Date.parse(sinceTime);
    if (Number.isNaN(at)) throw badRequest(`invalid value for sinceTime: ${JSON.stringify(sinceTime)}`);
    if (sinceSeconds !== undefined) errors.push(fieldErr.forbidden('sinceSeconds', 'at most one of `sinceTime` or `sinceSeconds` may be specified'));
    else sinceSeconds = Math.max(1, Math.ceil((now.getTime() - at) / 1000));
  }
  if (tailLines !== undefined && tailLines < 0) errors.push(fieldErr.invalid('tailLines', tailLines, 'must be greater than or equal to 0'));
  if (limitBytes !== undefined && limitBytes < 1) errors.push(fieldErr.invalid('limitBytes', limitBytes, 'must be greater than 0'));
  if (sinceSeconds !== undefined && sinceSeconds < 1) errors.push(fieldErr.invalid('sinceSeconds', sinceSeconds, 'must be greater than 0'));
  if (errors.length) throw invalid({ group: '', kind: 'PodLogOptions' }, pod, errors);
  return {
    follow: boolParam(q, 'follow'),
    previous: boolParam(q, 'previous'),
    timestamps: boolParam(q, 'timestamps'),
    ...(tailLines !== undefined ? { tailLines } : {}),
    ...(limitBytes !== undefined ? { limitBytes } : {}),
    ...(sinceSeconds !== undefined ? { sinceSeconds } : {}),
  };
}
