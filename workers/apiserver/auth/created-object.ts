/**
 * The object a create request carries, decoded from a copy of its body, for checks that must
 * see it before the handler does (NodeRestriction: the name of a Node or Lease a node creates).
 */
import type { Context } from 'hono';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { MAX_BODY_BYTES } from '../../../lib/errors.ts';
import { decodeBody } from '../codec/decode.ts';
import type { AppEnv } from '../context.ts';
import { byResource } from '../registry/index.ts';

export async function createdObject(c: Context<AppEnv>): Promise<KubeObject | undefined> {
  const info = c.get('info');
  if (!info.isResourceRequest) return undefined;
  const desc = byResource(info.group, info.version, info.resource);
  // too large a body is the handler's 413
  if (!desc || Number(c.req.header('Content-Length') ?? 0) > MAX_BODY_BYTES) return undefined;
  try {
    const bytes = new Uint8Array(await c.req.raw.clone().arrayBuffer());
    return decodeBody(bytes, c.req.header('Content-Type') || 'application/json', desc, 'Ignore').object as KubeObject;
  } catch {
    return undefined; // the handler reports what is wrong with the body
  }
}
