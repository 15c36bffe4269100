/**
 * A control plane for one integration test file: the real workers in miniflare on 127.0.0.1
 * (started in-process by the local runtime), an HTTPS client that trusts its CA, and the real
 * kubectl binary pointed at its kubeconfig.
 */
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import https from 'node:https';
import { failedOnStaleConnection } from '../../lib/http/stale-connection.ts';
import { startControlPlane, type ControlPlane, type StartOptions } from '../../local/runtime.ts';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** the body parsed as JSON (undefined when it is not JSON) */
  json: any;
}

export interface Cluster {
  cp: ControlPlane;
  dir: string;
  /** an HTTP exchange; `token: null` sends no credentials, a string sends that token */
  api(method: string, path: string, opts?: { body?: unknown; contentType?: string; accept?: string; token?: string | null; headers?: Record<string, string> }): Promise<Reply>;
  /** runs kubectl with the cluster's kubeconfig; never throws on a non-zero exit */
  kubectl(args: string[], opts?: { input?: string; timeoutMs?: number }): Promise<{ code: number; stdout: string; stderr: string }>;
  /** a watch stream: collected JSON lines, stopped by close() */
  watch(path: string, opts?: { accept?: string }): Promise<WatchStream>;
  restart(): Promise<void>;
  /** what workerd wrote to stderr so far */
  workerdStderr: string[];
}

export interface WatchStream {
  events: any[];
  /** resolves when at least n events arrived (rejects after timeoutMs) */
  waitFor(n: number, timeoutMs?: number): Promise<any[]>;
  ended: Promise<void>;
  close(): void;
}

/**
 * workerd's words for a promise settled by another request's I/O: the request waiting on it is
 * cancelled as hung, or its continuations dropped (lib/isolate/memo.ts). Never right.
 */
const CROSS_REQUEST = /different request context|never generate a response/;

/** Starts a control plane before the file's tests and stops it after them; fails the file if workerd saw a promise cross requests. */
export function useCluster(opts: Partial<StartOptions> = {}): Cluster {
  const cluster = { workerdStderr: [] as string[] } as Cluster;
  opts = { ...opts, onWorkerdStderr: (line) => cluster.workerdStderr.push(line) };
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'timonier-test-'));
    cluster.dir = dir;
    cluster.cp = await startControlPlane({ dataDir: join(dir, 'data'), port: 0, quiet: true, ...opts });
    Object.assign(cluster, clientsFor(cluster, dir));
    cluster.restart = async () => {
      await cluster.cp.stop();
      cluster.cp = await startControlPlane({ dataDir: join(dir, 'data'), port: 0, quiet: true, ...opts });
    };
  });
  after(async () => {
    await cluster.cp?.stop();
    if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 5 }); // a stopping agent may still write its state there
    assert.deepEqual(cluster.workerdStderr.filter((l) => CROSS_REQUEST.test(l)), [], 'workerd saw a promise settled from another request');
  });
  return cluster;
}

function clientsFor(cluster: Cluster, dir: string): Pick<Cluster, 'api' | 'kubectl' | 'watch'> {
  return {
    api(method, path, opts = {}) {
      const url = new URL(path, cluster.cp.url);
      const headers: Record<string, string> = { Accept: opts.accept ?? 'application/json', ...opts.headers };
      const token = opts.token === undefined ? cluster.cp.token : opts.token;
      if (token !== null) headers.Authorization = `Bearer ${token}`;
      let payload: Buffer | undefined;
      if (opts.body !== undefined) {
        payload = Buffer.isBuffer(opts.body) ? opts.body : Buffer.from(typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body));
        headers['Content-Type'] = opts.contentType ?? 'application/json';
        // workerd reads no body without a length (a chunked DELETE body would be lost)
        headers['Content-Length'] = String(payload.length);
      }
      const send = () => new Promise<Reply>((resolve, reject) => {
        let answered = false;
        const req = https.request(url, { method, headers, ca: cluster.cp.caPem }, (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
          });
        });
        // Node's global agent keeps connections alive, and workerd closes them after 5 s idle
        req.on('error', (e: NodeJS.ErrnoException) => (failedOnStaleConnection(req, e, answered) ? resolve(send()) : reject(e)));
        req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${method} ${path}`)));
        req.end(payload);
      });
      return send();
    },

    kubectl(args, opts = {}) {
      return new Promise((resolve) => {
        const child = execFile(
          'kubectl',
          args,
          { env: { ...process.env, KUBECONFIG: cluster.cp.kubeconfigPath, KUBECACHEDIR: join(dir, 'kubecache'), HOME: dir }, timeout: opts.timeoutMs ?? 60_000, maxBuffer: 32 << 20 },
          (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
        if (opts.input !== undefined) child.stdin!.end(opts.input);
      });
    },

    watch(path, opts = {}) {
      return new Promise<WatchStream>((resolve, reject) => {
        const url = new URL(path, cluster.cp.url);
        const events: any[] = [];
        const waiters: (() => void)[] = [];
        let buffer = '';
        let endResolve!: () => void;
        const ended = new Promise<void>((r) => (endResolve = r));
        const req = https.request(url, { headers: { Accept: opts.accept ?? 'application/json', Authorization: `Bearer ${cluster.cp.token}` }, ca: cluster.cp.caPem }, (res) => {
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let i;
            while ((i = buffer.indexOf('\n')) >= 0) {
              const line = buffer.slice(0, i).trim();
              buffer = buffer.slice(i + 1);
              if (line) events.push(JSON.parse(line));
            }
            waiters.splice(0).forEach((w) => w());
          });
          res.on('end', () => {
            endResolve();
            waiters.splice(0).forEach((w) => w());
          });
          res.on('error', () => endResolve());
          resolve({
            events,
            ended,
            close: () => req.destroy(),
            waitFor(n, timeoutMs = 10_000) {
              return new Promise((ok, fail) => {
                const deadline = setTimeout(() => fail(new Error(`watch ${path}: ${events.length}/${n} events after ${timeoutMs} ms: ${JSON.stringify(events.map((e) => e.type))}`)), timeoutMs);
                const check = () => {
                  if (events.length >= n) {
                    clearTimeout(deadline);
                    ok(events);
                  } else waiters.push(check);
                };
                check();
              });
            },
          });
        });
        req.on('error', (e) => {
          endResolve();
          reject(e);
        });
        req.end();
      });
    },
  };
}
