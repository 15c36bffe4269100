import 'reflect-metadata';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Agent, request } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { once } from 'node:events';
import { ensureCertificates, serverNames, type Pki } from './certs.ts';
import { startTlsFront, type TlsFront } from './tls-front.ts';

/** A plain-HTTP server standing in for the API worker's direct socket. */
function backend() {
  const connections: Socket[] = [];
  const server: Server = createServer((req, res) => {
    if (req.url === '/stream') {
      // a watch: the first event goes out at once, the stream stays open
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"type":"ADDED"}\n');
      return;
    }
    res.end(JSON.stringify({ host: req.headers.host, path: req.url }));
  });
  server.on('connection', (s) => connections.push(s));
  // an upgrade answered with 101, then an echo of whatever bytes follow
  server.on('upgrade', (_req, socket: Socket) => {
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    socket.pipe(socket);
  });
  return { server, connections };
}

const body = async (res: IncomingMessage) => {
  let text = '';
  for await (const c of res) text += c;
  return text;
};

describe('startTlsFront', () => {
  let dir: string;
  let pki: Pki;
  let back: ReturnType<typeof backend>;
  let front: TlsFront;
  let agent: Agent;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'timonier-front-'));
    pki = await ensureCertificates(join(dir, 'pki'), serverNames('127.0.0.1'));
    back = backend();
    await new Promise<void>((r) => back.server.listen(0, '127.0.0.1', r));
    const target = { host: '127.0.0.1', port: (back.server.address() as AddressInfo).port };
    front = await startTlsFront({ host: '127.0.0.1', port: 0, keyPem: pki.keyPem, certPem: pki.certPem, targets: [target] });
    agent = new Agent({ keepAlive: true, maxSockets: 1, ca: pki.caPem });
  });
  after(async () => {
    agent.destroy();
    await front.close();
    back.server.closeAllConnections();
    back.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (path: string, a: Agent | false = agent) =>
    new Promise<IncomingMessage>((resolve, reject) => request(`https://127.0.0.1:${front.port}${path}`, { agent: a, ca: pki.caPem }, resolve).on('error', reject).end());

  test('serves HTTPS with the certificate, keeps the Host header, and keeps one upstream connection per client connection', async () => {
    const before = back.connections.length;
    const a = JSON.parse(await body(await get('/api/v1/namespaces?x=1')));
    const b = JSON.parse(await body(await get('/version')));
    assert.deepEqual(a, { host: `127.0.0.1:${front.port}`, path: '/api/v1/namespaces?x=1' });
    assert.equal(b.path, '/version');
    // keep-alive passes through: both requests came on one connection to the backend
    assert.equal(back.connections.length - before, 1);
  });

  test('streams a response as it is written (a watch)', async () => {
    const res = await get('/stream', false);
    assert.equal(res.statusCode, 200);
    const [first] = (await once(res, 'data')) as [Buffer];
    assert.equal(first.toString(), '{"type":"ADDED"}\n');
    res.destroy();
  });

  test('passes a WebSocket upgrade and the bytes after it both ways', async () => {
    const req = request(`https://127.0.0.1:${front.port}/api/v1/namespaces/default/pods/p/exec`, {
      agent: false,
      ca: pki.caPem,
      headers: { Connection: 'Upgrade', Upgrade: 'websocket' },
    });
    req.end();
    const [res, socket] = (await once(req, 'upgrade')) as [IncomingMessage, Socket];
    assert.equal(res.statusCode, 101);
    socket.write('ping');
    const [echo] = (await once(socket, 'data')) as [Buffer];
    assert.equal(echo.toString(), 'ping');
    socket.destroy();
  });

  test('a client that does not speak TLS is dropped without affecting the others', async () => {
    const { connect } = await import('node:net');
    const plain = connect(front.port, '127.0.0.1');
    plain.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await once(plain, 'close');
    assert.equal((await get('/after')).statusCode, 200);
  });

  test('a port already taken is refused with the words workerd used', async () => {
    await assert.rejects(startTlsFront({ host: '127.0.0.1', port: front.port, keyPem: pki.keyPem, certPem: pki.certPem, targets: [{ host: '127.0.0.1', port: 1 }] }), /^Error: Address already in use: 127\.0\.0\.1:\d+$/);
  });

  test('close() ends open streams and stops listening', async () => {
    const res = await get('/stream', false);
    await once(res, 'data');
    // the cut stream ends as "aborted"
    const ended = new Promise((resolve) => res.on('error', () => {}).on('close', resolve));
    await front.close();
    await ended;
    await assert.rejects(get('/again', false), /ECONNREFUSED/);
  });
});

describe('startTlsFront with several targets (--api-processes)', () => {
  test('hands each new connection to the next target in turn; a connection stays with its target', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'timonier-front-'));
    const pki = await ensureCertificates(join(dir, 'pki'), serverNames('127.0.0.1'));
    const backs = [backend(), backend()];
    for (const b of backs) await new Promise<void>((r) => b.server.listen(0, '127.0.0.1', r));
    const targets = backs.map((b) => ({ host: '127.0.0.1', port: (b.server.address() as AddressInfo).port }));
    const front = await startTlsFront({ host: '127.0.0.1', port: 0, keyPem: pki.keyPem, certPem: pki.certPem, targets });
    const get = (a: Agent | false) =>
      new Promise<IncomingMessage>((resolve, reject) => request(`https://127.0.0.1:${front.port}/x`, { agent: a, ca: pki.caPem }, resolve).on('error', reject).end()).then(body);
    try {
      for (let i = 0; i < 4; i++) await get(false);
      assert.deepEqual(backs.map((b) => b.connections.length), [2, 2]);
      // three requests on one kept-alive connection: one more connection, on the first target
      const agent = new Agent({ keepAlive: true, maxSockets: 1, ca: pki.caPem });
      for (let i = 0; i < 3; i++) await get(agent);
      agent.destroy();
      assert.deepEqual(backs.map((b) => b.connections.length), [3, 2]);
    } finally {
      await front.close();
      for (const b of backs) {
        b.server.closeAllConnections();
        b.server.close();
      }
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('refuses an empty list of targets', async () => {
    await assert.rejects(startTlsFront({ host: '127.0.0.1', port: 0, keyPem: '', certPem: '', targets: [] }), /at least one target/);
  });
});
