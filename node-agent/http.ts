/**
 * A `fetch` over node:https that trusts the cluster's CA (Node's global fetch takes no CA), for
 * the shared ApiClient. Bodies stream both ways, so watches work; connections are kept alive.
 * The CA is parsed once: given as `ca`, Node would build a TLS context, CA and all, for every new
 * connection (a burst of pod starts opens several at once).
 */
import https from 'node:https';
import { createSecureContext } from 'node:tls';
import { Readable } from 'node:stream';
import type { Fetch } from '../lib/client/client.ts';
import { failedOnStaleConnection } from '../lib/http/stale-connection.ts';

export function httpsFetch(caPem: string | undefined): Fetch {
  const agent = new https.Agent({ keepAlive: true, ...(caPem ? { secureContext: createSecureContext({ ca: caPem }) } : {}) });
  return (input, init = {}) => {
    const url = typeof input === 'string' ? input : input.url;
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    const body = init.body as string | undefined;
    // Node sends a DELETE's body with neither Content-Length nor chunking: the server would read
    // it as the next request on the connection. Framing it explicitly keeps keep-alive safe.
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const send = () => new Promise<Response>((resolve, reject) => {
      if (init.signal?.aborted) return reject(new Error('aborted'));
      let answered = false;
      const req = https.request(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
        answered = true;
        const status = res.statusCode ?? 0;
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
        const body = status === 204 || status === 304 ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
        resolve(new Response(body, { status, headers: h }));
      });
      req.on('error', (e: NodeJS.ErrnoException) => (failedOnStaleConnection(req, e, answered) ? resolve(send()) : reject(e)));
      // the API answers within this; a watch is kept alive by the server's bookmarks and timeout
      req.setTimeout(10 * 60_000, () => req.destroy(new Error(`timeout: ${init.method ?? 'GET'} ${url}`)));
      init.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')), { once: true });
      req.end(body);
    });
    return send();
  };
}
