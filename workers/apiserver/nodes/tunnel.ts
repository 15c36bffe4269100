/**
 * The node agent's tunnel endpoint: the WebSocket an agent opens, handed to its node's NodeTunnel
 * Durable Object once authorized (only system:node:<name> may open node <name>'s tunnel).
 */
import type { Context } from 'hono';
import { StatusError } from '../../../lib/errors.ts';
import type { TunnelError } from '../../../lib/tunnel/protocol.ts';
import type { AppEnv } from '../context.ts';
import { badRequest } from '../../../lib/errors.ts';

export function tunnelFor(env: AppEnv['Bindings'], cluster: string, node: string) {
  return env.NODE_TUNNEL.get(env.NODE_TUNNEL.idFromName(`${cluster}/${node}`));
}

export async function tunnelHandler(c: Context<AppEnv>): Promise<Response> {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') throw badRequest('the node tunnel is a WebSocket: send Upgrade: websocket');
  const node = c.req.param('node') ?? '';
  return tunnelFor(c.env, c.get('cluster'), node).fetch(new Request('https://node-tunnel/connect', c.req.raw));
}

const REASONS: Record<number, string> = { 400: 'BadRequest', 403: 'Forbidden', 404: 'NotFound', 500: 'InternalError', 503: 'ServiceUnavailable', 504: 'Timeout' };

/** An error from the node (or from a missing tunnel) as the Status the client sees. */
export function tunnelStatusError(error: TunnelError): StatusError {
  const code = error.code ?? 400;
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: error.message, reason: REASONS[code] ?? 'InternalError', code });
}
