/**
 * The agent's fetch over kept-alive connections: when the server has closed every pooled
 * connection as the next request goes out (workerd closes an idle one after 5 s; the lease is
 * renewed every 10 s), the request is sent again until it reaches a fresh connection, as Go's
 * transport does, instead of failing with 'socket hang up' after one retry.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureCertificates } from '../local/certs.ts';
import { httpsFetch } from './http.ts';

let dir = '';
let server: https.Server;
let base = '';
let caPem = '';
/** the server's open connections, and those that drop their next request unanswered, as if closed while it went out */
const open = new Set<Socket>();
const stale = new Set<Socket>();
let connections = 0;
let dropped = 0;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'timonier-agent-http-'));
  const pki = await ensureCertificates(dir, ['127.0.0.1']);
  caPem = pki.caPem;
  server = https.createServer({ key: pki.keyPem, cert: pki.certPem }, (req, res) => {
    req.resume();
    req.on('end', () => {
      if (stale.has(req.socket)) {
        dropped++;
        return void req.socket.destroy();
      }
      // answer the first two once both are in, so the client pools two connections
      setTimeout(() => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(req.url), req.url === '/pair' ? 50 : 0);
    });
  });
  server.on('secureConnection', (s: Socket) => {
    connections++;
    open.add(s);
    s.on('close', () => (open.delete(s), stale.delete(s)));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  server.closeAllConnections();
  await new Promise<void>((ok) => server.close(() => ok()));
  await rm(dir, { recursive: true, force: true });
});

test('a request meeting only stale pooled connections is sent again on a fresh one', async () => {
  const fetch = httpsFetch(caPem);
  const first = await Promise.all([fetch(`${base}/pair`), fetch(`${base}/pair`)]);
  for (const r of first) assert.equal(await r.text(), '/pair');
  assert.equal(connections, 2, 'two pooled connections');

  for (const s of open) stale.add(s);
  assert.equal(stale.size, 2);
  const r = await fetch(`${base}/lease`, { method: 'PUT', body: '{}' });
  assert.equal(r.status, 200);
  assert.equal(await r.text(), '/lease');
  assert.equal(dropped, 2, 'both stale connections were tried and dropped');
  assert.equal(connections, 3, 'the request went out again on a fresh connection');
});

test("the CA given is the one trusted, parsed once for every connection: a server certified by another CA is refused", async () => {
  const other = await ensureCertificates(join(dir, 'other'), ['127.0.0.1']);
  const trusting = httpsFetch(caPem);
  assert.equal(await (await trusting(`${base}/one`)).text(), '/one');
  await assert.rejects(httpsFetch(other.caPem)(`${base}/two`), /self[- ]signed|unable to verify|certificate/i);
});
