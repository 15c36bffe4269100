import { test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { SpdySession, type SpdyStream } from './spdy.ts';
import { SPDY_DICTIONARY } from './spdy-dictionary.ts';

test('the dictionary is SPDY/3 draft 3 (1423 bytes, adler32 e3c6a7c2)', () => {
  assert.equal(SPDY_DICTIONARY.byteLength, 1423);
  // zlib's FDICT id of a stream compressed with it
  const z = zlib.deflateSync(Buffer.from('x'), { dictionary: SPDY_DICTIONARY });
  assert.equal(z.subarray(2, 6).toString('hex'), 'e3c6a7c2');
});

test('a client and a server: streams open with headers, carry data both ways, half-close', async () => {
  let server!: SpdySession;
  const opened: SpdyStream[] = [];
  const client = new SpdySession({ role: 'client', write: (b) => setImmediate(() => server.receive(b)) });
  server = new SpdySession({ role: 'server', write: (b) => setImmediate(() => client.receive(b)), onStream: (s) => opened.push(s) });
  const a = client.open({ streamtype: 'error', port: '80', requestid: '0' });
  const b = client.open({ streamtype: 'data', port: '80', requestid: '0' });
  await Promise.all([a.replied, b.replied]);
  assert.deepEqual(opened.map((s) => s.headers), [{ streamtype: 'error', port: '80', requestid: '0' }, { streamtype: 'data', port: '80', requestid: '0' }]);
  const got: string[] = [];
  const ended = new Promise<void>((r) => opened[1].onEnd(r));
  opened[1].onData((d) => got.push(d.toString()));
  b.write(Buffer.from('GET / HTTP/1.1\r\n'));
  b.end();
  await ended;
  assert.deepEqual(got, ['GET / HTTP/1.1\r\n']);
  const back: string[] = [];
  const backEnded = new Promise<void>((r) => b.onEnd(r));
  b.onData((d) => back.push(d.toString()));
  opened[1].write(Buffer.from('HTTP/1.1 200 OK\r\n'));
  opened[1].end();
  await backEnded;
  assert.deepEqual(back, ['HTTP/1.1 200 OK\r\n']);
});

test("a peer's header blocks compressed with the dictionary (as Go writes them) are read in order", async () => {
  const def = zlib.createDeflate({ dictionary: SPDY_DICTIONARY, level: 9 });
  const block = async (h: Record<string, string>) => {
    const u32 = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
    const parts = [u32(Object.keys(h).length), ...Object.entries(h).flatMap(([k, v]) => [u32(k.length), Buffer.from(k), u32(v.length), Buffer.from(v)])];
    def.write(Buffer.concat(parts));
    await new Promise<void>((r) => def.flush(zlib.constants.Z_SYNC_FLUSH, () => r()));
    const out: Buffer[] = [];
    for (let c: Buffer | null; (c = def.read() as Buffer | null) !== null; ) out.push(c);
    return Buffer.concat(out);
  };
  const seen: Record<string, string>[] = [];
  const replies: Buffer[] = [];
  const s = new SpdySession({ role: 'server', write: (b) => replies.push(b), onStream: (st) => seen.push(st.headers) });
  for (let i = 0; i < 3; i++) {
    const hb = await block({ streamtype: i % 2 ? 'data' : 'error', port: '8080', requestid: String(i) });
    const f = Buffer.alloc(18);
    f.writeUInt16BE(0x8003, 0);
    f.writeUInt16BE(1, 2);
    f.writeUIntBE(10 + hb.length, 5, 3);
    f.writeUInt32BE(1 + 2 * i, 8);
    // split across messages, as a WebSocket tunnel may
    const frame = Buffer.concat([f, hb]);
    s.receive(frame.subarray(0, 5));
    s.receive(frame.subarray(5));
  }
  await s.settled();
  assert.deepEqual(seen.map((h) => h.requestid), ['0', '1', '2']);
  assert.equal(replies.length, 3, 'each stream was replied to');
  // our replies are one zlib stream any reader inflates (stored blocks ending in a sync flush)
  const ours = Buffer.concat(replies.map((r) => r.subarray(12)));
  const plain = zlib.inflateSync(ours, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  assert.equal(plain.toString('hex'), '00000000'.repeat(3));
});

test('a peer that replies, sends and hangs up at once: the reply and the data arrive before the end', async () => {
  const toClient: Buffer[] = [];
  let client!: SpdySession;
  const server = new SpdySession({
    role: 'server',
    write: (b) => toClient.push(b),
    onStream: (s) => {
      s.write(Buffer.from('done'));
      s.end();
    },
  });
  client = new SpdySession({ role: 'client', write: (b) => server.receive(b) });
  const stream = client.open({ streamtype: 'stdout' });
  await server.settled();
  const got: string[] = [];
  stream.onData((d) => got.push(d.toString()));
  const ended = new Promise<void>((r) => stream.onEnd(r));
  // the reply's headers are inflated asynchronously: the close comes while they are
  for (const b of toClient) client.receive(b);
  client.transportClosed();
  await stream.replied;
  await ended;
  assert.deepEqual(got, ['done']);
});
