/**
 * A `fetch` for Node that trusts a given CA (Node's global fetch takes no CA option), so the
 * shared ApiClient (lib/client) can talk to the local control plane from tests.
 */
import https from 'node:https';
import { Readable } from 'node:stream';
import type { Fetch } from '../../lib/client/client.ts';

export function httpsFetch(caPem: string): Fetch {
  const agent = new https.Agent({ ca: caPem, keepAlive: true });
  return async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input.url;
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    // Node sends a DELETE body without a length, which the server reads as the next request
    if (typeof init.body === 'string') headers['content-length'] = String(Buffer.byteLength(init.body));
    return new Promise<Response>((resolve, reject) => {
      const req = https.request(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
        const body = Readable.toWeb(res) as ReadableStream<Uint8Array>;
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
        const status = res.statusCode ?? 0;
        resolve(new Response(status === 204 || status === 304 ? null : body, { status, headers: h }));
      });
      req.on('error', reject);
      init.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')));
      req.end(init.body as string | undefined);
    });
  };
}
