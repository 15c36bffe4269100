/**
 * The load generator's HTTP client: Node's async https with keep-alive sockets, so the clients
 * never block the event loop they share (watchers, creators, simulated kubelets, agents); the
 * control plane has a process of its own (runtime-child.ts).
 */
import https from 'node:https';
import { createSecureContext } from 'node:tls';
import { failedOnStaleConnection } from '../lib/http/stale-connection.ts';
import type { ControlPlane } from '../local/runtime.ts';

export interface Reply {
  status: number;
  body: string;
  /** request start to last byte, ms */
  ms: number;
  /** seconds, from a 429's Retry-After header */
  retryAfter?: number;
}

export interface Api {
  request(method: string, path: string, body?: unknown): Promise<Reply>;
  /** a watch stream; `onLine` gets each JSON line with its arrival time (ms since epoch) */
  watch(path: string, onLine: (line: string, at: number) => void): Promise<{ close(): void }>;
  close(): void;
}

/** Wall clock with sub-millisecond resolution, comparable across this process. */
export const nowMs = () => performance.timeOrigin + performance.now();

/** A client as the admin, or as whoever `token` (a bearer token) is. */
export function apiClient(cp: Pick<ControlPlane, 'url' | 'caPem' | 'token'>, maxSockets = 32, token = cp.token): Api {
  const secureContext = createSecureContext({ ca: cp.caPem }); // the CA parsed once, not per connection
  const agent = new https.Agent({ keepAlive: true, maxSockets, secureContext });
  // watches hold their socket for good: a pool of their own, so they never starve requests
  const watchAgent = new https.Agent({ keepAlive: false, maxSockets: Infinity, secureContext });
  const auth = `Bearer ${token}`;

  return {
    request(method, path, body) {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = { Accept: 'application/json', Authorization: auth };
      if (payload !== undefined) {
        headers['Content-Type'] = 'application/json';
        // Node frames a DELETE's body with neither length nor chunks: the server would lose it
        headers['Content-Length'] = String(Buffer.byteLength(payload));
      }
      const started = nowMs();
      const send = () => new Promise<Reply>((resolve, reject) => {
        let answered = false;
        const req = https.request(new URL(path, cp.url), { method, headers, agent }, (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: nowMs() - started, retryAfter: Number(res.headers['retry-after']) || undefined }));
          res.on('error', reject);
        });
        req.on('error', (e: NodeJS.ErrnoException) => (failedOnStaleConnection(req, e, answered) ? resolve(send()) : reject(e)));
        req.setTimeout(60_000, () => req.destroy(new Error(`timeout: ${method} ${path}`)));
        req.end(payload);
      });
      return send();
    },

    watch(path, onLine) {
      return new Promise((resolve, reject) => {
        const req = https.request(new URL(path, cp.url), { headers: { Accept: 'application/json', Authorization: auth }, agent: watchAgent }, (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            return reject(new Error(`watch ${path}: HTTP ${res.statusCode}`));
          }
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk: string) => {
            const at = nowMs();
            buffer += chunk;
            let i;
            while ((i = buffer.indexOf('\n')) >= 0) {
              const line = buffer.slice(0, i);
              buffer = buffer.slice(i + 1);
              if (line.trim()) onLine(line, at);
            }
          });
          res.on('error', () => undefined);
          resolve({ close: () => req.destroy() });
        });
        req.on('error', reject);
        req.end();
      });
    },

    close() {
      agent.destroy();
      watchAgent.destroy();
    },
  };
}

/** Throws with the server's answer unless the status is the expected one. */
export function expectStatus(r: Reply, ...ok: number[]): Reply {
  if (!ok.includes(r.status)) throw new Error(`HTTP ${r.status}: ${r.body.slice(0, 300)}`);
  return r;
}
