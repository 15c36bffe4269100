/**
 * pods/exec, pods/attach and pods/portforward: interactive streams over a WebSocket, relayed to
 * the pod's node through its tunnel (durable/node-tunnel.ts). The API checks the request, agrees
 * on a subprotocol with the client and hands the socket to the tunnel; the node agent speaks the
 * protocol itself (node-agent/streams/).
 *
 * Subprotocols (kubectl-surface.md §6):
 * - exec and attach: `v5.channel.k8s.io` (kubectl 1.30+: stdin close on channel 255), else
 *   `v4.channel.k8s.io` (client-go's WebSocket executor before v5);
 * - port-forward: `SPDY/3.1+portforward.k8s.io`, SPDY tunnelled in WebSocket binary messages
 *   (kubectl 1.31+, on by default: client-go's tunneling dialer).
 * Workers cannot upgrade a connection to SPDY, so a plain SPDY request (kubectl before 1.30 for
 * exec, before 1.31 for port-forward, or with the WebSocket features turned off) is refused with
 * a message saying so.
 */
import type { Context } from 'hono';
import { badRequest } from '../../../lib/errors.ts';
import { STREAM_HEADER, type StreamRequest } from '../../../lib/tunnel/protocol.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { getObject } from '../rest/store.ts';
import { tunnelFor, tunnelStatusError } from '../nodes/tunnel.ts';
import { boolParam } from './params.ts';
import { podTarget } from './pod-target.ts';
import { readContext } from './store-context.ts';

export const CHANNEL_PROTOCOLS = ['v5.channel.k8s.io', 'v4.channel.k8s.io'];
export const PORT_FORWARD_PROTOCOLS = ['SPDY/3.1+portforward.k8s.io'];

type Kind = StreamRequest['kind'];

const NEEDS = {
  exec: 'kubectl 1.30 or later',
  attach: 'kubectl 1.30 or later',
  portforward: 'kubectl 1.31 or later',
} as const;

export const podExecHandler = (c: Context<AppEnv>, desc: KindDescriptor) => streamHandler(c, desc, 'exec');
export const podAttachHandler = (c: Context<AppEnv>, desc: KindDescriptor) => streamHandler(c, desc, 'attach');
export const podPortForwardHandler = (c: Context<AppEnv>, desc: KindDescriptor) => streamHandler(c, desc, 'portforward');

async function streamHandler(c: Context<AppEnv>, desc: KindDescriptor, kind: Kind): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const q = new URL(c.req.url).searchParams;
  const command = q.getAll('command');
  let [stdin, stdout, stderr, tty] = ['stdin', 'stdout', 'stderr', 'tty'].map((k) => boolParam(q, k));
  if (kind === 'exec' && !command.length) throw badRequest('you must specify at least one command for the container');
  if (kind !== 'portforward' && !stdin && !stdout && !stderr) throw badRequest('you must specify at least 1 of stdin, stdout, stderr');
  // as Kubernetes: with a terminal, stderr is merged into stdout
  if (tty) stderr = false;

  let container = '';
  let node: string;
  let phase: string | undefined;
  if (kind === 'portforward') {
    const pod = await getObject(readContext(c), desc, info.namespace, info.name);
    node = ((pod.spec ?? {}) as { nodeName?: string }).nodeName ?? '';
    phase = (pod.status as { phase?: string } | undefined)?.phase;
  } else {
    const t = await podTarget(c, desc, q.get('container'));
    ({ container, node } = t);
    phase = (t.pod.status as { phase?: string } | undefined)?.phase;
  }
  if (!node) throw badRequest(`pod ${info.name} does not have a host assigned`);
  if (phase === 'Succeeded' || phase === 'Failed') throw badRequest(`cannot ${kind === 'portforward' ? 'port-forward to' : kind === 'attach' ? 'attach to' : 'exec into'} a container in a completed pod; current phase is ${phase}`);

  const supported = kind === 'portforward' ? PORT_FORWARD_PROTOCOLS : CHANNEL_PROTOCOLS;
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket')
    throw badRequest(`${kind} is served over WebSocket only (subprotocol ${supported.join(' or ')}, ${NEEDS[kind]}); this server cannot upgrade to SPDY`);
  const offered = (c.req.header('Sec-WebSocket-Protocol') ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  const protocol = offered.find((p) => supported.includes(p));
  if (!protocol) throw badRequest(`${kind} needs the WebSocket subprotocol ${supported.join(' or ')}; offered: ${offered.join(', ') || 'none'}`);

  const req: StreamRequest = { kind, namespace: info.namespace, pod: info.name, container, command, stdin, stdout, stderr, tty, protocol };
  const res = await tunnelFor(c.env, c.get('cluster'), node).fetch('https://node-tunnel/stream', {
    headers: { Upgrade: 'websocket', [STREAM_HEADER]: JSON.stringify({ node, req }) },
  });
  if (res.status === 101) return res;
  const { error } = (await res.json()) as { error: { code?: number; message: string } };
  throw tunnelStatusError(error);
}
