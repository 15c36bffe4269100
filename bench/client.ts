/**
 * The load generator's HTTP client, async so that the clients never block the event loop they
 * share (watchers, creators, simulated kubelets, agents); the control plane has a process of its
 * own (runtime-child.ts). Requests go through undici (Node's own fetch engine) on a pool of
 * kept-alive connections: on this 2-core machine the load's clients take CPU from the runtime,
 * and undici took ~30 % less of it per create than node:https (0.14 against 0.20 ms, session 23).
 * Watches, which hold their connection for good, stay on node:https streams.
 */
import https from 'node:https';
import { createSecureContext } from 'node:tls';
import { Pool, type Dispatcher } from 'undici';
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
  // an idle connection is closed by the client after 4 s, before workerd closes it (after 5 s):
  // a request never goes out on a connection the server is closing
  const pool = new Pool(cp.url, { connections: maxSockets, keepAliveTimeout: 4_000, keepAliveMaxTimeout: 4_000, connect: { ca: cp.caPem } });
  // watches hold their socket for good: a pool of their own, so they never starve requests
  const watchAgent = new https.Agent({ keepAlive: false, maxSockets: Infinity, secureContext: createSecureContext({ ca: cp.caPem }) });
  const auth = `Bearer ${token}`;

  return {
    async request(method, path, body) {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = { accept: 'application/json', authorization: auth };
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const started = nowMs();
      const res = await pool.request({ method: method as Dispatcher.HttpMethod, path, headers, body: payload, headersTimeout: 60_000, bodyTimeout: 60_000 });
      const text = await res.body.text();
      return { status: res.statusCode, body: text, ms: nowMs() - started, retryAfter: Number(res.headers['retry-after']) || undefined };
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
      void pool.destroy();
      watchAgent.destroy();
    },
  };
}

/** Throws with the server's answer unless the status is the expected one. */
export function expectStatus(r: Reply, ...ok: number[]): Reply {
  if (!ok.includes(r.status)) throw new Error(`HTTP ${r.status}: ${r.body.slice(0, 300)}`);
  return r;
}
