/** The node agents' own endpoints: the join exchange and the tunnel. */
import type { Hono } from 'hono';
import { JOIN_PATH, TUNNEL_PREFIX } from '../../../lib/tunnel/protocol.ts';
import type { AppEnv } from '../context.ts';
import { joinHandler } from './join.ts';
import { tunnelHandler } from './tunnel.ts';

export function nodeRoutes(app: Hono<AppEnv>) {
  app.post(JOIN_PATH, joinHandler);
  app.get(`${TUNNEL_PREFIX}:node/tunnel`, tunnelHandler);
}
