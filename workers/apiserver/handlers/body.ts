/** Reading request bodies: at most 3 MiB (413 beyond), with the media type the client declared. */
import type { Context } from 'hono';
import { MAX_BODY_BYTES, tooLarge, unsupportedMediaType } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import { parseMediaType } from '../request/negotiate.ts';

export const OBJECT_TYPES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];
export const PATCH_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'];

export interface Body {
  bytes: Uint8Array;
  /** media type without parameters, lower-cased */
  type: string;
  contentType: string;
}

export async function readBody(c: Context<AppEnv>, accepted: string[]): Promise<Body> {
  const contentType = c.req.header('Content-Type') ?? '';
  const type = parseMediaType(contentType).type;
  const declared = Number(c.req.header('Content-Length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge(); // the body is discarded after the response (discardUnreadBody)
  // a declared length within the limit is read at once; otherwise chunk by chunk, up to the limit
  const bytes = c.req.header('Content-Length') !== undefined ? new Uint8Array(await c.req.raw.arrayBuffer()) : await readLimited(c.req.raw.body);
  // a body without Content-Type is read as JSON where JSON is accepted, as Kubernetes does
  const effective = type || (accepted.includes('application/json') ? 'application/json' : '');
  if (!accepted.includes(effective)) throw unsupportedMediaType(accepted);
  return { bytes, type: effective, contentType: contentType || effective };
}

async function readLimited(stream: ReadableStream<Uint8Array> | null): Promise<Uint8Array> {
  if (!stream) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      reader.releaseLock();
      await drain(stream);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const ch of chunks) {
    out.set(ch, at);
    at += ch.byteLength;
  }
  return out;
}

/** Never read a body past this: the connection is then dropped rather than drained. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * Reads and discards the rest of a body the server did not read (a request refused before its
 * body: 401, 403, 404, 405, 413). Go's server answers those with `Connection: close` when the
 * body is large; workerd drops that header and resets any connection whose request body was left
 * unread, and the client, told nothing, reuses it for its next request. Drained, it stays good.
 */
export async function discardUnreadBody(req: Request): Promise<void> {
  if (req.body && !req.bodyUsed) await drain(req.body).catch(() => undefined);
}

async function drain(stream: ReadableStream<Uint8Array>): Promise<void> {
  const reader = stream.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
    if (size > MAX_DRAIN_BYTES) return void (await reader.cancel());
  }
}
