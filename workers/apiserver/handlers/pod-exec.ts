/**
 * pods/exec: `kubectl exec p -- cmd...` over a WebSocket with subprotocol v5.channel.k8s.io. The
 * command runs on the pod's node, through its tunnel, to completion (CRI ExecSync); its output
 * and exit status come back on channels 1, 2 and 3.
 *
 * Workers cannot speak SPDY, so a request without a WebSocket upgrade (kubectl's SPDY fallback)
 * is refused; so is interactive use (stdin, tty), which ExecSync cannot serve.
 */
import type { Context } from 'hono';
import { badRequest } from '../../../lib/errors.ts';
import type { Status } from '../../../lib/api/meta.ts';
import type { ExecRequest } from '../../../lib/tunnel/protocol.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { tunnelFor, tunnelStatusError } from '../nodes/tunnel.ts';
import { CHANNEL, channelFrame, exitStatus, V5 } from './exec-channels.ts';
import { boolParam } from './params.ts';
import { podTarget } from './pod-target.ts';

export async function podExecHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const q = new URL(c.req.url).searchParams;
  const command = q.getAll('command');
  const [stdin, stdout, stderr, tty] = ['stdin', 'stdout', 'stderr', 'tty'].map((k) => boolParam(q, k));
  if (!command.length) throw badRequest('you must specify at least one command for the container');
  if (!stdin && !stdout && !stderr) throw badRequest('you must specify at least 1 of stdin, stdout, stderr');
  const { pod, container, node } = await podTarget(c, desc, q.get('container'));
  if (!node) throw badRequest(`pod ${info.name} does not have a host assigned`);
  const phase = (pod.status as { phase?: string } | undefined)?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') throw badRequest(`cannot exec into a container in a completed pod; current phase is ${phase}`);
  if (stdin || tty) throw badRequest('interactive exec (-i, -t) is not supported yet: the node agent runs commands to completion without a terminal; drop -i/-t');

  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket')
    throw badRequest(`exec is served over WebSocket only (subprotocol ${V5}, kubectl 1.31 or later); SPDY upgrades are not supported`);
  const offered = (c.req.header('Sec-WebSocket-Protocol') ?? '').split(',').map((p) => p.trim());
  if (!offered.includes(V5)) throw badRequest(`exec needs the WebSocket subprotocol ${V5}; offered: ${offered.filter(Boolean).join(', ') || 'none'}`);

  const { 0: client, 1: server } = new WebSocketPair();
  server.accept();
  const req: ExecRequest = { namespace: info.namespace, pod: info.name, container, command, stdin, tty };
  c.executionCtx.waitUntil(relay(server, tunnelFor(c.env, c.get('cluster'), node).exec(node, req), { command, stdout, stderr }));
  return new Response(null, { status: 101, webSocket: client, headers: { 'Sec-WebSocket-Protocol': V5 } });
}

type ExecReply = Awaited<ReturnType<ReturnType<typeof tunnelFor>['exec']>>;

async function relay(ws: WebSocket, reply: Promise<ExecReply>, want: { command: string[]; stdout: boolean; stderr: boolean }): Promise<void> {
  let status: Status;
  try {
    const r = await reply;
    if (r.ok) {
      if (want.stdout && r.value.stdout.byteLength) ws.send(channelFrame(CHANNEL.stdout, r.value.stdout));
      if (want.stderr && r.value.stderr.byteLength) ws.send(channelFrame(CHANNEL.stderr, r.value.stderr));
      status = exitStatus(want.command, r.value.exitCode);
    } else status = tunnelStatusError(r.error).status;
  } catch (e) {
    status = tunnelStatusError({ code: 500, message: e instanceof Error ? e.message : String(e) }).status;
  }
  try {
    ws.send(channelFrame(CHANNEL.error, new TextEncoder().encode(JSON.stringify(status))));
    ws.close(1000, '');
  } catch {
    // the client left
  }
}
