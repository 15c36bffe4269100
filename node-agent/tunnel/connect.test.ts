/**
 * The agent's end of the tunnel against a stand-in for the NodeTunnel object: a WebSocket server
 * on 127.0.0.1 that speaks lib/tunnel/protocol.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { fromBase64, parseDataFrame, type FromAgent, type ToAgent } from '../../lib/tunnel/protocol.ts';
import { openTunnel } from './connect.ts';
import type { TunnelHandlers } from './types.ts';

const text = (s: string) => new TextEncoder().encode(s);

async function standIn() {
  const http = createServer();
  const wss = new WebSocketServer({ server: http });
  const sockets: { ws: WebSocket; auth?: string; path?: string }[] = [];
  const waiters: (() => void)[] = [];
  wss.on('connection', (ws, req) => {
    sockets.push({ ws, auth: req.headers.authorization, path: req.url });
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const nth = (n: number) => new Promise<WebSocket>((resolve) => {
    const check = () => (sockets.length >= n ? resolve(sockets[n - 1].ws) : waiters.push(check));
    check();
  });
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    sockets,
    nth,
    close: () => new Promise<void>((r) => {
      for (const s of sockets) s.ws.terminate();
      wss.close();
      http.close(() => r());
    }),
  };
}

/** Collects what the agent sends for one request id until its end. */
function collect(ws: WebSocket, id: number) {
  const data: Uint8Array[] = [];
  return new Promise<{ data: string; end?: FromAgent }>((resolve) => {
    ws.on('message', function onMessage(raw, isBinary) {
      const bytes = raw as Buffer;
      if (isBinary) {
        const f = parseDataFrame(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        if (f?.id === id) data.push(f.bytes);
        return;
      }
      const msg = JSON.parse(bytes.toString()) as FromAgent;
      if (msg.id !== id) return;
      ws.off('message', onMessage);
      resolve({ data: Buffer.concat(data).toString(), end: msg });
    });
  });
}
const ask = (ws: WebSocket, msg: ToAgent) => ws.send(JSON.stringify(msg));
const logsReq = { namespace: 'ns', pod: 'p', container: 'c', follow: false, previous: false, timestamps: false };

test('the agent dials out with its credential and serves logs and exec', async () => {
  const server = await standIn();
  const handlers: TunnelHandlers = {
    async logs(req, out) {
      await out.write(text(`${req.pod}/${req.container} line 1\n`));
      await out.write(text('line 2\n'));
    },
    async exec(req) {
      if (req.command[0] === 'false') throw Object.assign(new Error('container "c" not found'), { code: 404 });
      return { stdout: text('hi\n'), stderr: text('warn\n'), exitCode: 2 };
    },
  };
  const tunnel = openTunnel({ server: server.url, credential: 'cred', caPem: '', nodeName: 'n1', handlers });
  try {
    await tunnel.ready;
    const ws = await server.nth(1);
    assert.equal(server.sockets[0].auth, 'Bearer cred');
    assert.equal(server.sockets[0].path, '/timonier/v1/nodes/n1/tunnel');

    let answer = collect(ws, 7);
    ask(ws, { type: 'logs', id: 7, req: logsReq });
    assert.deepEqual(await answer, { data: 'p/c line 1\nline 2\n', end: { type: 'end', id: 7 } });

    answer = collect(ws, 8);
    ask(ws, { type: 'exec', id: 8, req: { namespace: 'ns', pod: 'p', container: 'c', command: ['echo'], stdin: false, tty: false } });
    const result = (await answer).end as Extract<FromAgent, { type: 'exec-result' }>;
    assert.equal(result.type, 'exec-result');
    assert.equal(result.exitCode, 2);
    assert.equal(new TextDecoder().decode(fromBase64(result.stdout)), 'hi\n');
    assert.equal(new TextDecoder().decode(fromBase64(result.stderr)), 'warn\n');

    answer = collect(ws, 9);
    ask(ws, { type: 'exec', id: 9, req: { namespace: 'ns', pod: 'p', container: 'c', command: ['false'], stdin: false, tty: false } });
    assert.deepEqual((await answer).end, { type: 'end', id: 9, error: { code: 404, message: 'container "c" not found' } });
  } finally {
    tunnel.close();
    await server.close();
  }
});

test('a cancel aborts a following log; a dropped connection is reopened', async () => {
  const server = await standIn();
  let aborted!: () => void;
  const wasAborted = new Promise<void>((r) => (aborted = r));
  const handlers: TunnelHandlers = {
    async logs(_req, out, signal) {
      await out.write(text('started\n'));
      await new Promise<void>((r) => signal.addEventListener('abort', () => r()));
      aborted();
    },
    exec: async () => ({ stdout: new Uint8Array(), stderr: new Uint8Array(), exitCode: 0 }),
  };
  const lines: string[] = [];
  const tunnel = openTunnel({ server: server.url, credential: 'cred', caPem: '', nodeName: 'n1', handlers, log: (l) => lines.push(l) });
  try {
    const ws = await server.nth(1);
    const first = new Promise<void>((r) => ws.once('message', () => r()));
    ask(ws, { type: 'logs', id: 1, req: { ...logsReq, follow: true } });
    await first;
    ask(ws, { type: 'cancel', id: 1 });
    await wasAborted;

    ws.terminate();
    const again = await server.nth(2); // after about a second
    assert.ok(again !== ws);
    assert.ok(lines.some((l) => /reconnecting in/.test(l)), lines.join('\n'));
  } finally {
    tunnel.close();
    await server.close();
  }
});
