/**
 * The CRI client against a fake runtime that speaks raw bytes: the requests are decoded and the
 * replies encoded by hand here, with runtime.v1's field numbers, so a wrong number in our proto
 * fails these tests instead of passing through both ends of the same mistake.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as grpc from '@grpc/grpc-js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CriClient } from './client.ts';
import { Code, CriError } from './errors.ts';

// --- a minimal protobuf wire codec ---
type Field = number | bigint | Buffer;
function varint(n: bigint): Buffer {
  const out: number[] = [];
  do {
    let b = Number(n & 0x7fn);
    n >>= 7n;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return Buffer.from(out);
}
const tag = (no: number, wire: number) => varint(BigInt((no << 3) | wire));
const enc = {
  str: (no: number, s: string | Buffer) => {
    const b = Buffer.isBuffer(s) ? s : Buffer.from(s);
    return Buffer.concat([tag(no, 2), varint(BigInt(b.length)), b]);
  },
  int: (no: number, n: number | bigint) => Buffer.concat([tag(no, 0), varint(BigInt(n))]),
  msg: (no: number, ...parts: Buffer[]) => enc.str(no, Buffer.concat(parts)),
};
function decode(buf: Buffer): Map<number, Field[]> {
  const out = new Map<number, Field[]>();
  let i = 0;
  const readVarint = () => {
    let shift = 0n;
    let v = 0n;
    for (;;) {
      const b = buf[i++];
      v |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
      shift += 7n;
    }
  };
  while (i < buf.length) {
    const key = Number(readVarint());
    const no = key >> 3;
    let value: Field;
    if ((key & 7) === 0) value = readVarint();
    else if ((key & 7) === 2) {
      const len = Number(readVarint());
      value = buf.subarray(i, i + len);
      i += len;
    } else throw new Error(`wire type ${key & 7}`);
    out.set(no, [...(out.get(no) ?? []), value]);
  }
  return out;
}
const sub = (m: Map<number, Field[]>, no: number) => decode(m.get(no)![0] as Buffer);
const text = (m: Map<number, Field[]>, no: number) => (m.get(no)?.[0] as Buffer | undefined)?.toString();

// --- a fake runtime serving raw bytes ---
const identity = (b: Buffer) => b;
const method = (service: string, name: string) => ({ path: `/runtime.v1.${service}/${name}`, requestStream: false, responseStream: false, requestSerialize: identity, requestDeserialize: identity, responseSerialize: identity, responseDeserialize: identity });
const received = new Map<string, Buffer>();
const replies = new Map<string, Buffer | 'hang'>();
function handler(name: string) {
  return (call: grpc.ServerUnaryCall<Buffer, Buffer>, cb: grpc.sendUnaryData<Buffer>) => {
    received.set(name, call.request);
    const r = replies.get(name) ?? Buffer.alloc(0);
    if (r !== 'hang') cb(null, r);
  };
}

let dir: string;
let server: grpc.Server;
let client: CriClient;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cri-'));
  server = new grpc.Server();
  const names = ['Version', 'RuntimeConfig', 'Status', 'RunPodSandbox', 'ContainerStatus', 'ExecSync', 'ListContainers'];
  server.addService(Object.fromEntries(names.map((n) => [n, method('RuntimeService', n)])) as grpc.ServiceDefinition, Object.fromEntries(names.map((n) => [n, handler(n)])));
  server.addService({ ImageStatus: method('ImageService', 'ImageStatus') } as grpc.ServiceDefinition, { ImageStatus: handler('ImageStatus') });
  const endpoint = `unix://${join(dir, 'cri.sock')}`;
  await new Promise<void>((resolve, reject) => server.bindAsync(endpoint, grpc.ServerCredentials.createInsecure(), (e) => (e ? reject(e) : resolve())));
  client = new CriClient(endpoint);
});

after(async () => {
  client?.close();
  server?.forceShutdown();
  await rm(dir, { recursive: true, force: true });
});

test('Version: request and reply fields', async () => {
  replies.set('Version', Buffer.concat([enc.str(1, '0.1.0'), enc.str(2, 'containerd'), enc.str(3, '1.6.20'), enc.str(4, 'v1')]));
  assert.deepEqual(await client.version(), { version: '0.1.0', runtimeName: 'containerd', runtimeVersion: '1.6.20', runtimeApiVersion: 'v1' });
  assert.equal(text(decode(received.get('Version')!), 1), 'v1');
});

test('RuntimeConfig: the cgroup driver (linux = 1, cgroup_driver = 1; SYSTEMD = 0, CGROUPFS = 1)', async () => {
  replies.set('RuntimeConfig', enc.msg(1, enc.int(1, 1)));
  assert.equal(await client.runtimeConfig(), 'CGROUPFS');
  // proto3 leaves a zero enum out: an empty linux message is SYSTEMD
  replies.set('RuntimeConfig', enc.msg(1));
  assert.equal(await client.runtimeConfig(), 'SYSTEMD');
  replies.set('RuntimeConfig', Buffer.alloc(0));
  assert.equal(await client.runtimeConfig(), undefined);
});

test('Status: verbose (1) out; the conditions (1.1: type, status, reason, message) and the info map (2) back', async () => {
  const condition = (type: string, ok: boolean, reason = '', message = '') => enc.msg(1, enc.str(1, type), enc.int(2, ok ? 1 : 0), enc.str(3, reason), enc.str(4, message));
  replies.set('Status', Buffer.concat([enc.msg(1, condition('RuntimeReady', true), condition('NetworkReady', false, 'NetworkPluginNotReady', 'cni plugin not initialized')), enc.msg(2, enc.str(1, 'config'), enc.str(2, '{"containerd":{}}'))]));
  const r = await client.status(true);
  assert.deepEqual(r.status?.conditions, [
    { type: 'RuntimeReady', status: true, reason: '', message: '' },
    { type: 'NetworkReady', status: false, reason: 'NetworkPluginNotReady', message: 'cni plugin not initialized' },
  ]);
  assert.deepEqual(r.info, { config: '{"containerd":{}}' });
  assert.equal(decode(received.get('Status')!).get(1)?.[0], 1n);
});

test('RunPodSandbox sends metadata, log directory, cgroup parent and labels at their numbers', async () => {
  replies.set('RunPodSandbox', enc.str(1, 'sandbox-1'));
  const id = await client.runPodSandbox({
    metadata: { name: 'web', uid: 'u-1', namespace: 'ns', attempt: 2 },
    hostname: 'web',
    logDirectory: '/var/log/pods/ns_web_u-1',
    portMappings: [{ protocol: 'UDP', containerPort: 53, hostPort: 5353 }],
    labels: { a: 'b' },
    linux: { cgroupParent: '/kubepods/besteffort/podu-1' },
  });
  assert.equal(id, 'sandbox-1');
  const config = sub(decode(received.get('RunPodSandbox')!), 1);
  const meta = sub(config, 1);
  assert.deepEqual([text(meta, 1), text(meta, 2), text(meta, 3), meta.get(4)?.[0]], ['web', 'u-1', 'ns', 2n]);
  assert.equal(text(config, 2), 'web');
  assert.equal(text(config, 3), '/var/log/pods/ns_web_u-1');
  const port = sub(config, 5);
  assert.deepEqual([port.get(1)?.[0], port.get(2)?.[0], port.get(3)?.[0]], [1n, 53n, 5353n]);
  const label = decode(config.get(6)![0] as Buffer);
  assert.deepEqual([text(label, 1), text(label, 2)], ['a', 'b']);
  assert.equal(text(sub(config, 8), 1), '/kubepods/besteffort/podu-1');
});

test('ContainerStatus: state, times, exit code, reason, log path and the verbose info', async () => {
  const status = enc.msg(
    1,
    enc.str(1, 'c-1'),
    enc.msg(2, enc.str(1, 'app'), enc.int(2, 3)),
    enc.int(3, 2),
    enc.int(4, 1_700_000_000_123_456_789n),
    enc.int(6, 1_700_000_001_000_000_000n),
    enc.int(7, 137),
    enc.str(10, 'OOMKilled'),
    enc.str(15, '/var/log/pods/x/app/3.log'),
  );
  replies.set('ContainerStatus', Buffer.concat([status, enc.msg(2, enc.str(1, 'info'), enc.str(2, '{"pid":4242}'))]));
  const r = await client.containerStatus('c-1', true);
  const req = decode(received.get('ContainerStatus')!);
  assert.equal(text(req, 1), 'c-1');
  assert.equal(req.get(2)?.[0], 1n);
  assert.equal(r.status?.state, 'CONTAINER_EXITED');
  assert.equal(r.status?.metadata?.attempt, 3);
  assert.equal(r.status?.createdAt, '1700000000123456789');
  assert.equal(r.status?.startedAt, '0');
  assert.equal(r.status?.exitCode, 137);
  assert.equal(r.status?.reason, 'OOMKilled');
  assert.equal(r.status?.logPath, '/var/log/pods/x/app/3.log');
  assert.equal(JSON.parse(r.info.info).pid, 4242);
});

test('ExecSync: command and timeout out, bytes and exit code back', async () => {
  replies.set('ExecSync', Buffer.concat([enc.str(1, 'hi\n'), enc.str(2, ''), enc.int(3, 3)]));
  const r = await client.execSync('c-1', ['echo', 'hi'], 5);
  const req = decode(received.get('ExecSync')!);
  assert.deepEqual(req.get(2)?.map((b) => b.toString()), ['echo', 'hi']);
  assert.equal(req.get(3)?.[0], 5n);
  assert.equal(Buffer.from(r.stdout).toString(), 'hi\n');
  assert.equal(r.exitCode, 3);
});

test('ImageStatus: an absent image is undefined', async () => {
  replies.set('ImageStatus', Buffer.alloc(0));
  assert.equal(await client.imageStatus('localhost/nope:1'), undefined);
  assert.equal(text(sub(decode(received.get('ImageStatus')!), 1), 1), 'localhost/nope:1');
  replies.set('ImageStatus', enc.msg(1, enc.str(1, 'sha256:abc'), enc.str(2, 'localhost/busybox:1'), enc.int(4, 2_000_000)));
  assert.deepEqual(await client.imageStatus('localhost/busybox:1'), { id: 'sha256:abc', repoTags: ['localhost/busybox:1'], repoDigests: [], size: '2000000' });
});

test('a runtime that does not answer hits the deadline; an abort cancels; both are CriErrors', async () => {
  replies.set('ListContainers', 'hang');
  await assert.rejects(client.listContainers({}, { timeoutMs: 100 }), (e: unknown) => e instanceof CriError && e.code === Code.DEADLINE_EXCEEDED && e.method === '/runtime.v1.RuntimeService/ListContainers');
  const ac = new AbortController();
  const p = client.listContainers({}, { signal: ac.signal });
  setTimeout(() => ac.abort(), 20);
  await assert.rejects(p, (e: unknown) => e instanceof CriError && e.code === Code.CANCELLED);
});
