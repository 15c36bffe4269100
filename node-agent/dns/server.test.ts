import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import net from 'node:net';
import { buildIndex } from './resolve.ts';
import { startDnsServer, type DnsServer } from './server.ts';
import { CLASS_IN, decode, encode, query, RCODE, TYPE } from './wire.ts';

const index = buildIndex([{ apiVersion: 'v1', kind: 'Service', metadata: { name: 'postgresql', namespace: 'default' }, spec: { clusterIP: '10.96.0.42' } }], []);
let upstream: dgram.Socket;
let server: DnsServer;

before(async () => {
  // a fake node resolver: example.com is 192.0.2.1
  upstream = dgram.createSocket('udp4');
  upstream.on('message', (msg, r) => {
    const q = decode(msg);
    upstream.send(encode({ ...q, qr: true, ra: true, answers: [{ name: q.questions[0].name, type: TYPE.A, class: CLASS_IN, ttl: 60, address: '192.0.2.1' }] }), r.port, r.address);
  });
  await new Promise<void>((r) => upstream.bind(0, '127.0.0.1', r));
  server = await startDnsServer({ host: '127.0.0.1', index: () => index, upstreams: () => [`127.0.0.1:${upstream.address().port}`], forwardTimeoutMs: 1000 });
});
after(async () => {
  await server.close();
  upstream.close();
});

function udpAsk(bytes: Uint8Array) {
  return new Promise<ReturnType<typeof decode>>((res, rej) => {
    const s = dgram.createSocket('udp4');
    const t = setTimeout(() => (s.close(), rej(new Error('timeout'))), 3000);
    s.on('message', (m) => (clearTimeout(t), s.close(), res(decode(m))));
    s.send(bytes, server.port, '127.0.0.1');
  });
}

function tcpAsk(bytes: Uint8Array) {
  return new Promise<ReturnType<typeof decode>>((res, rej) => {
    const s = net.connect(server.port, '127.0.0.1', () => s.write(Buffer.concat([Buffer.from([0, bytes.length]), bytes])));
    let buf = Buffer.alloc(0);
    s.setTimeout(3000, () => s.destroy(new Error('timeout')));
    s.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      if (buf.length >= 2 + buf.readUInt16BE(0)) {
        s.end();
        res(decode(buf.subarray(2)));
      }
    });
    s.on('error', rej);
  });
}

test('cluster names are answered over UDP and TCP, with the query id', async () => {
  for (const ask of [udpAsk, tcpAsk]) {
    const m = await ask(query(4242, 'postgresql.default.svc.cluster.local'));
    assert.equal(m.id, 4242);
    assert.equal(m.rcode, RCODE.NOERROR);
    assert.equal(m.aa, true);
    assert.deepEqual(m.answers.map((a) => 'address' in a && a.address), ['10.96.0.42']);
  }
  assert.equal((await udpAsk(query(1, 'nope.default.svc.cluster.local'))).rcode, RCODE.NXDOMAIN);
});

test("other names go to the node's resolver", async () => {
  const m = await udpAsk(query(77, 'example.com'));
  assert.equal(m.id, 77);
  assert.deepEqual(m.answers.map((a) => 'address' in a && a.address), ['192.0.2.1']);
});

test('an unreachable resolver is SERVFAIL', async () => {
  const dead = await startDnsServer({ host: '127.0.0.1', index: () => index, upstreams: () => ['127.0.0.1:9'], forwardTimeoutMs: 300 });
  try {
    const s = dgram.createSocket('udp4');
    const m = await new Promise<ReturnType<typeof decode>>((res) => {
      s.on('message', (b) => res(decode(b)));
      s.send(query(5, 'example.com'), dead.port, '127.0.0.1');
    });
    s.close();
    assert.equal(m.rcode, RCODE.SERVFAIL);
  } finally {
    await dead.close();
  }
});
