/** Probe actions against servers on 127.0.0.1 (the "pod IP" here), and exec through a runtime. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as grpc from '@grpc/grpc-js';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SimulatedRuntime } from '../runtime/simulated.ts';
import type { Runtime } from '../runtime/types.ts';
import { resolvePort, runAction, type ProbeTarget } from './run.ts';

let web: http.Server;
let grpcServer: grpc.Server;
let webPort = 0;
let grpcPort = 0;
let closedPort = 0;
let serving = 1;

before(async () => {
  web = http.createServer((req, res) => {
    res.statusCode = req.url === '/healthz' ? 200 : req.url === '/redirect' ? 302 : 500;
    res.end(req.headers['user-agent']);
  });
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
  webPort = (web.address() as AddressInfo).port;

  grpcServer = new grpc.Server();
  const raw = (b: Buffer) => b;
  grpcServer.addService(
    { Check: { path: '/grpc.health.v1.Health/Check', requestStream: false, responseStream: false, requestSerialize: raw, requestDeserialize: raw, responseSerialize: raw, responseDeserialize: raw } } as grpc.ServiceDefinition,
    { Check: (_call: grpc.ServerUnaryCall<Buffer, Buffer>, cb: grpc.sendUnaryData<Buffer>) => cb(null, Buffer.from([0x08, serving])) },
  );
  grpcPort = await new Promise<number>((resolve, reject) => grpcServer.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, port) => (e ? reject(e) : resolve(port))));

  const s = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => s.once('listening', r));
  closedPort = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
});

after(() => {
  web?.close();
  grpcServer?.forceShutdown();
});

const target = (runtime: Runtime = new SimulatedRuntime()): ProbeTarget => ({ runtime, containerId: 'c', podIP: '127.0.0.1', ports: [{ name: 'http', containerPort: webPort }] });

test('httpGet: 2xx and 3xx succeed, others fail with the kubelet’s message; named ports resolve', async () => {
  assert.deepEqual(await runAction({ httpGet: { path: '/healthz', port: 'http' } }, target(), 1000), { ok: true, output: '' });
  assert.equal((await runAction({ httpGet: { path: '/redirect', port: webPort } }, target(), 1000)).ok, true);
  assert.deepEqual(await runAction({ httpGet: { path: '/broken', port: webPort } }, target(), 1000), { ok: false, output: 'HTTP probe failed with statuscode: 500' });
  const refused = await runAction({ httpGet: { path: '/', port: closedPort } }, target(), 1000);
  assert.equal(refused.ok, false);
  assert.equal(refused.output, `Get "http://127.0.0.1:${closedPort}/": dial tcp 127.0.0.1:${closedPort}: connect: connection refused`);
  assert.throws(() => resolvePort('nope', []), /port "nope" is not a container port/);
});

test('tcpSocket: a connection that opens succeeds', async () => {
  assert.equal((await runAction({ tcpSocket: { port: webPort } }, target(), 1000)).ok, true);
  assert.deepEqual(await runAction({ tcpSocket: { port: closedPort } }, target(), 1000), { ok: false, output: `dial tcp 127.0.0.1:${closedPort}: connect: connection refused` });
});

test('grpc: SERVING succeeds, NOT_SERVING fails', async () => {
  serving = 1;
  assert.equal((await runAction({ grpc: { port: grpcPort } }, target(), 1000)).ok, true);
  serving = 2;
  assert.deepEqual(await runAction({ grpc: { port: grpcPort, service: 'app' } }, target(), 1000), { ok: false, output: 'service unhealthy (responded with "NOT_SERVING")' });
});

test('exec: exit 0 succeeds, another exit code fails with the output', async () => {
  const runtime = {
    async execSync(_id: string, cmd: string[]) {
      const code = cmd[0] === 'true' ? 0 : 1;
      return { stdout: new TextEncoder().encode(code ? 'not ready yet\n' : ''), stderr: new Uint8Array(), exitCode: code };
    },
  } as unknown as Runtime;
  assert.equal((await runAction({ exec: { command: ['true'] } }, target(runtime), 1000)).ok, true);
  assert.deepEqual(await runAction({ exec: { command: ['false'] } }, target(runtime), 1000), { ok: false, output: 'not ready yet\n' });
});
