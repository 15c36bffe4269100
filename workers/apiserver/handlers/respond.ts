/** Writing responses: JSON objects, Status errors, and the warnings collected on the way. */
import type { Context } from 'hono';
import type { Status } from '../../../lib/api/meta.ts';
import type { StatusError } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';

export function json(c: Context<AppEnv>, body: unknown, code = 200, contentType = 'application/json'): Response {
  return jsonText(c, JSON.stringify(body), code, contentType);
}

/** A body already in JSON. */
export function jsonText(c: Context<AppEnv>, text: string, code = 200, contentType = 'application/json'): Response {
  const headers = new Headers({ 'Content-Type': contentType, 'Cache-Control': 'no-cache, private' });
  for (const w of c.get('warnings') ?? []) headers.append('Warning', `299 - ${JSON.stringify(w)}`);
  return new Response(text, { status: code, headers });
}

export function statusResponse(c: Context<AppEnv>, err: StatusError): Response {
  const res = json(c, err.status, err.code);
  const retry = err.status.details?.retryAfterSeconds;
  if (retry) res.headers.set('Retry-After', String(retry));
  return res;
}

export const success = (details: Status['details']): Status => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details });
