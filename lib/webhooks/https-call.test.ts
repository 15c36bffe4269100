/**
 * Webhook calls over kept-alive connections (agents.ts): a connection is reused by the next call
 * that trusts the same CA, never by one that trusts another; a connection the server dropped is
 * retried on a fresh one; deadlines and slow answers behave as with one connection per call.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureCertificates } from '../../local/certs.ts';
import { WebhookAgents } from './agents.ts';
import { httpsCall, type HttpsCall } from './https-call.ts';

let dir = '';
let server: https.Server;
let port = 0;
let caPem = '';
/** TLS connections the server accepted, and requests it answered */
let connections = 0;
let requests = 0;
/** requests seen per connection, to drop a connection at its second request */
const perSocket = new WeakMap<Socket, number>();

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'timonier-https-call-'));
  const pki = await ensureCertificates(dir, ['127.0.0.1']);
  caPem = pki.caPem;
  server = https.createServer({ key: pki.keyPem, cert: pki.certPem }, (req, res) => {
    const n = (perSocket.get(req.socket) ?? 0) + 1;
    perSocket.set(req.socket, n);
    req.resume();
    req.on('end', () => {
      if (req.url === '/drop-second' && n === 2) return void req.socket.destroy();
      const wait = req.url === '/slow' ? 400 : 0;
      setTimeout(() => {
        requests++;
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(`{"n":${n}}`);
      }, wait);
    });
  });
  server.on('secureConnection', () => connections++);
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
});

after(async () => {
  server.closeAllConnections();
  await new Promise<void>((ok) => server.close(() => ok()));
  await rm(dir, { recursive: true, force: true });
});

const call = (agents: WebhookAgents | undefined, o: Partial<HttpsCall> = {}) => httpsCall({ host: '127.0.0.1', port, path: '/allow', caPem, body: '{}', timeoutMs: 5_000, agents, ...o });

test('calls trusting the same CA share one connection', async () => {
  const agents = new WebhookAgents();
  try {
    const before = connections;
    for (let i = 0; i < 5; i++) assert.deepEqual(await call(agents), { ok: true, status: 200, body: `{"n":${i + 1}}` });
    assert.equal(connections - before, 1);
  } finally {
    agents.destroy();
  }
});

test('without agents every call opens its own connection', async () => {
  const before = connections;
  for (let i = 0; i < 3; i++) assert.equal((await call(undefined)).ok, true);
  assert.equal(connections - before, 3);
});

test('a connection verified with one CA is never used by a call trusting another', async () => {
  const agents = new WebhookAgents();
  try {
    assert.equal((await call(agents)).ok, true);
    // the system roots do not know the test's CA: the call must fail its own handshake
    assert.deepEqual(await call(agents, { caPem: undefined }), { ok: false, error: 'tls: failed to verify certificate: x509: certificate signed by unknown authority' });
    // nor may a call checking another name ride on the connection checked for 127.0.0.1
    const other = await call(agents, { serverName: 'webhook.other.svc' });
    assert.deepEqual(other, { ok: false, error: 'tls: failed to verify certificate: x509: certificate is not valid for any names, but wanted to match webhook.other.svc' });
  } finally {
    agents.destroy();
  }
});

test('a kept-alive connection the server dropped is retried on a fresh one', async () => {
  const agents = new WebhookAgents();
  try {
    const before = connections;
    assert.deepEqual(await call(agents, { path: '/drop-second' }), { ok: true, status: 200, body: '{"n":1}' });
    // the second request on that connection is dropped unanswered: the call goes again on a new one
    assert.deepEqual(await call(agents, { path: '/drop-second' }), { ok: true, status: 200, body: '{"n":1}' });
    assert.equal(connections - before, 2);
  } finally {
    agents.destroy();
  }
});

test('a refused connection is not retried; a deadline abandons the call and its connection', async () => {
  const agents = new WebhookAgents();
  try {
    assert.deepEqual(await call(agents, { port: 1 }), { ok: false, error: 'dial tcp 127.0.0.1:1: connect: connection refused' });
    assert.equal((await call(agents)).ok, true);
    const before = connections;
    assert.deepEqual(await call(agents, { path: '/slow', timeoutMs: 100 }), { ok: false, error: 'context deadline exceeded' });
    // the abandoned connection is gone: the next call opens another
    assert.equal((await call(agents)).ok, true);
    assert.equal(connections - before, 1);
  } finally {
    agents.destroy();
  }
});

test('an answer slower than the idle timeout still arrives; an idle connection is closed after it', async () => {
  const agents = new WebhookAgents({ idleMs: 150 });
  try {
    const before = connections;
    assert.deepEqual(await call(agents, { path: '/slow' }), { ok: true, status: 200, body: '{"n":1}' });
    await new Promise((r) => setTimeout(r, 400));
    assert.equal((await call(agents)).ok, true);
    assert.equal(connections - before, 2);
  } finally {
    agents.destroy();
  }
});

test('agents are kept for a bounded number of CAs, least recently used dropped first', () => {
  const agents = new WebhookAgents({ maxAgents: 2 });
  const a = agents.for('A');
  const b = agents.for('B');
  assert.equal(agents.for('A'), a);
  agents.for('C');
  assert.equal(agents.for('A'), a);
  assert.notEqual(agents.for('B'), b);
  agents.destroy();
});
