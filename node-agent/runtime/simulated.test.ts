import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimulatedRuntime } from './simulated.ts';
import { LABELS, type ContainerSpec, type SandboxSpec } from './types.ts';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function specs(logDirectory: string): { sandbox: SandboxSpec; container: (name: string, kind: string) => ContainerSpec } {
  const sandbox: SandboxSpec = { name: 'p', namespace: 'ns', uid: 'u', attempt: 0, hostname: 'p', logDirectory, cgroupParent: '/kubepods/besteffort/podu', hostNetwork: false, portMappings: [], labels: { [LABELS.podUid]: 'u' }, annotations: {} };
  const container = (name: string, kind: string): ContainerSpec => ({ name, attempt: 0, image: 'x', userImage: 'x', command: [], args: [], env: [], mounts: [], logPath: `${name}/0.log`, tty: false, stdin: false, stdinOnce: false, privileged: false, labels: { [LABELS.podUid]: 'u', [LABELS.containerKind]: kind }, annotations: {} });
  return { sandbox, container };
}

test('sandboxes get distinct IPs in the runtime’s range; containers run, init ones exit 0, stop gives 143', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sim-'));
  const rt = new SimulatedRuntime({ subnet: 3, sandboxDelayMs: 1, startDelayMs: 1, initRunMs: 20, readyDelayMs: 30 });
  try {
    const { sandbox, container } = specs(dir);
    const a = await rt.runSandbox(sandbox);
    const b = await rt.runSandbox(sandbox);
    const [ia, ib] = [(await rt.sandboxStatus(a))!.ips[0], (await rt.sandboxStatus(b))!.ips[0]];
    assert.match(ia, /^10\.131\.0\.\d+$/);
    assert.notEqual(ia, ib);

    const init = await rt.createContainer(a, container('init', 'init'), sandbox);
    const app = await rt.createContainer(a, container('app', 'app'), sandbox);
    await rt.startContainer(init);
    await rt.startContainer(app);
    assert.equal((await rt.containerStatus(app))?.state, 'running');
    assert.equal(rt.probe(app), 'failure'); // not ready before readyDelayMs
    await wait(50);
    assert.equal(rt.probe(app), 'success');
    const done = await rt.containerStatus(init);
    assert.equal(done?.state, 'exited');
    assert.equal(done?.exitCode, 0);
    assert.match(await readFile(join(dir, 'app/0.log'), 'utf8'), /stdout F simulated container app started/);
    const echo = await rt.execSync(app, ['echo', 'hi']);
    assert.equal(new TextDecoder().decode(echo.stdout), 'hi\n');

    await rt.stopContainer(app);
    assert.equal((await rt.containerStatus(app))?.exitCode, 143);
    assert.equal((await rt.listContainers({ [LABELS.podUid]: 'u' })).length, 2);
    await rt.removeSandbox(a);
    assert.equal(await rt.sandboxStatus(a), undefined);
    assert.equal((await rt.listContainers()).length, 0);
  } finally {
    rt.close();
    await rm(dir, { recursive: true, force: true });
  }
});
