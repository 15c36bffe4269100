/**
 * Runs one probe (or lifecycle hook) action against a container: exec through the runtime's
 * ExecSync, httpGet (200-399 is a success, redirects are not followed), tcpSocket (a connection
 * opens), grpc (grpc.health.v1 Check answers SERVING). Network actions target the pod IP unless
 * `host` says otherwise; named ports are looked up in the container's ports. The messages are
 * the kubelet's, since they end up in Unhealthy events.
 */
import * as grpc from '@grpc/grpc-js';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { ContainerPort } from '../../lib/api/core/pod.ts';
import type { Runtime } from '../runtime/types.ts';

export interface ProbeAction {
  exec?: { command?: string[] };
  httpGet?: { path?: string; port?: number | string; host?: string; scheme?: string; httpHeaders?: { name?: string; value?: string }[] };
  tcpSocket?: { port?: number | string; host?: string };
  grpc?: { port?: number; service?: string };
}

export interface ProbeTarget {
  runtime: Runtime;
  containerId: string;
  podIP: string;
  ports: ContainerPort[];
}

export interface ProbeRun {
  ok: boolean;
  /** why it failed (or the exec output) */
  output: string;
}

const dec = new TextDecoder();

export function resolvePort(port: number | string | undefined, ports: ContainerPort[]): number {
  if (typeof port === 'number') return port;
  if (port && /^\d+$/.test(port)) return Number(port);
  const named = ports.find((p) => p.name === port)?.containerPort;
  if (named === undefined) throw new Error(`port "${port}" is not a container port`);
  return named;
}

export async function runAction(action: ProbeAction, target: ProbeTarget, timeoutMs: number): Promise<ProbeRun> {
  try {
    if (action.exec) return await execAction(action.exec.command ?? [], target, timeoutMs);
    if (action.httpGet) return await httpGet(action.httpGet, target, timeoutMs);
    if (action.tcpSocket) return await tcpSocket(action.tcpSocket.host || target.podIP, resolvePort(action.tcpSocket.port, target.ports), timeoutMs);
    if (action.grpc) return await grpcHealth(target.podIP, action.grpc.port ?? 0, action.grpc.service ?? '', timeoutMs);
    return { ok: false, output: 'the probe has no handler' };
  } catch (e) {
    return { ok: false, output: (e as Error).message };
  }
}

async function execAction(command: string[], target: ProbeTarget, timeoutMs: number): Promise<ProbeRun> {
  const seconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  try {
    const r = await target.runtime.execSync(target.containerId, command, seconds);
    const output = dec.decode(r.stdout) + dec.decode(r.stderr);
    return { ok: r.exitCode === 0, output: r.exitCode === 0 ? output : output || `command ${JSON.stringify(command.join(' '))} exited with ${r.exitCode}` };
  } catch (e) {
    const msg = (e as Error).message;
    return { ok: false, output: /DEADLINE|timed? ?out/i.test(msg) ? `command ${JSON.stringify(command.join(' '))} timed out` : msg };
  }
}

function httpGet(a: NonNullable<ProbeAction['httpGet']>, target: ProbeTarget, timeoutMs: number): Promise<ProbeRun> {
  const scheme = (a.scheme ?? 'HTTP').toLowerCase();
  const host = a.host || target.podIP;
  const port = resolvePort(a.port, target.ports);
  const path = a.path ? (a.path.startsWith('/') ? a.path : `/${a.path}`) : '/';
  const url = `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}${path}`;
  const headers: Record<string, string> = { 'User-Agent': 'kube-probe/1.32', Accept: '*/*' };
  for (const h of a.httpHeaders ?? []) if (h.name) headers[h.name] = h.value ?? '';
  const mod = scheme === 'https' ? https : http;
  return new Promise((resolve) => {
    const req = mod.get(url, { headers, timeout: timeoutMs, rejectUnauthorized: false, agent: false }, (res) => {
      res.resume();
      const code = res.statusCode ?? 0;
      resolve(code >= 200 && code < 400 ? { ok: true, output: '' } : { ok: false, output: `HTTP probe failed with statuscode: ${code}` });
    });
    req.on('timeout', () => req.destroy(new Error(`Get "${url}": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`)));
    req.on('error', (e) => resolve({ ok: false, output: e.message.startsWith('Get "') ? e.message : `Get "${url}": ${dialError(e, host, port)}` }));
  });
}

function dialError(e: Error, host: string, port: number): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return `dial tcp ${host}:${port}: connect: connection refused`;
  if (code === 'EHOSTUNREACH') return `dial tcp ${host}:${port}: connect: no route to host`;
  return e.message;
}

function tcpSocket(host: string, port: number, timeoutMs: number): Promise<ProbeRun> {
  return new Promise((resolve) => {
    const sock = net.connect({ host, port, timeout: timeoutMs });
    sock.on('connect', () => {
      sock.destroy();
      resolve({ ok: true, output: '' });
    });
    sock.on('timeout', () => {
      sock.destroy();
      resolve({ ok: false, output: `dial tcp ${host}:${port}: i/o timeout` });
    });
    sock.on('error', (e) => resolve({ ok: false, output: dialError(e, host, port) }));
  });
}

/** grpc.health.v1.Health/Check with a hand-written codec: the request has one string field. */
function grpcHealth(host: string, port: number, service: string, timeoutMs: number): Promise<ProbeRun> {
  const client = new grpc.Client(`${host}:${port}`, grpc.credentials.createInsecure());
  const encodeRequest = (s: string) => {
    const bytes = Buffer.from(s, 'utf8');
    return s ? Buffer.concat([Buffer.from([0x0a, bytes.length]), bytes]) : Buffer.alloc(0);
  };
  // HealthCheckResponse: field 1 (varint) status, SERVING = 1
  const decodeStatus = (b: Buffer) => (b.length >= 2 && b[0] === 0x08 ? b[1] : 0);
  return new Promise((resolve) => {
    client.makeUnaryRequest('/grpc.health.v1.Health/Check', encodeRequest, decodeStatus, service, new grpc.Metadata(), { deadline: Date.now() + timeoutMs }, (err, status) => {
      client.close();
      if (err) resolve({ ok: false, output: `timeout: failed to connect service "${host}:${port}" within ${timeoutMs / 1000}s: ${err.details}` });
      else resolve(status === 1 ? { ok: true, output: '' } : { ok: false, output: `service unhealthy (responded with "${status === 2 ? 'NOT_SERVING' : 'UNKNOWN'}")` });
    });
  });
}
