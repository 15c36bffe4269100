import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as grpc from '@grpc/grpc-js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseRuntime } from './cli.ts';

// containerd as Docker installs it: the socket answers gRPC, but serves no CRI service
let dir: string;
let server: grpc.Server;
let endpoint: string;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cri-off-'));
  server = new grpc.Server();
  endpoint = `unix://${join(dir, 'containerd.sock')}`;
  await new Promise<void>((resolve, reject) => server.bindAsync(endpoint, grpc.ServerCredentials.createInsecure(), (e) => (e ? reject(e) : resolve())));
});

after(async () => {
  server?.forceShutdown();
  await rm(dir, { recursive: true, force: true });
});

test('a containerd with its CRI plugin disabled: the agent says what to change', async () => {
  await assert.rejects(chooseRuntime('cri', endpoint), /UNIMPLEMENTED.*remove "cri" from disabled_plugins in \/etc\/containerd\/config\.toml/);
  const { runtime, description } = await chooseRuntime('auto', endpoint);
  assert.equal(runtime.kind, 'simulated');
  assert.match(description, /disabled_plugins/);
  runtime.close();
});
