import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SimulatedRuntime } from '../runtime/simulated.ts';
import { Backoff } from './backoff.ts';
import { ImagePuller, pullPolicy } from './images.ts';
import { sandboxSpec } from './specs.ts';

const sandbox = sandboxSpec({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns', uid: 'u' }, spec: { containers: [] } }, 0, '/tmp/none', {});

function recorder() {
  const seen: string[] = [];
  return { seen, normal: (r: string, m: string) => seen.push(`${r}: ${m}`), warning: (r: string, m: string) => seen.push(`${r}: ${m}`) };
}

test('the default policy is Always for :latest or no tag, IfNotPresent otherwise', () => {
  assert.equal(pullPolicy({ name: 'c', image: 'busybox' }), 'Always');
  assert.equal(pullPolicy({ name: 'c', image: 'busybox:latest' }), 'Always');
  assert.equal(pullPolicy({ name: 'c', image: 'localhost:5000/busybox' }), 'Always');
  assert.equal(pullPolicy({ name: 'c', image: 'localhost/busybox:1' }), 'IfNotPresent');
  assert.equal(pullPolicy({ name: 'c', image: 'busybox:1', imagePullPolicy: 'Always' }), 'Always');
});

test('IfNotPresent uses the image on the node without pulling', async () => {
  const rt = new SimulatedRuntime({ pullError: () => 'no registry' });
  const ev = recorder();
  const ref = await new ImagePuller(rt, new Backoff()).ensure({ name: 'c', image: 'localhost/busybox:1' }, sandbox, ev);
  assert.match(ref, /^sha256:/);
  assert.deepEqual(ev.seen, ['Pulled: Container image "localhost/busybox:1" already present on machine']);
});

test('a failed pull is ErrImagePull, then ImagePullBackOff until the back-off ends', async () => {
  const rt = new SimulatedRuntime({ imagePresent: () => false, pullError: () => 'dial tcp: lookup registry-1.docker.io: no such host' });
  const puller = new ImagePuller(rt, new Backoff());
  const ev = recorder();
  await assert.rejects(puller.ensure({ name: 'c', image: 'busybox:1.36', imagePullPolicy: 'Always' }, sandbox, ev), { reason: 'ErrImagePull' });
  assert.ok(ev.seen.includes('Pulling: Pulling image "busybox:1.36"'));
  assert.ok(ev.seen.some((s) => s.startsWith('Failed: Failed to pull image "busybox:1.36": dial tcp')));
  await assert.rejects(puller.ensure({ name: 'c', image: 'busybox:1.36', imagePullPolicy: 'Always' }, sandbox, ev), { reason: 'ImagePullBackOff' });
  assert.ok(puller.retryAt('c') > Date.now() + 9_000);
});

test('Never with a missing image is ErrImageNeverPull', async () => {
  const rt = new SimulatedRuntime({ imagePresent: () => false });
  await assert.rejects(new ImagePuller(rt, new Backoff()).ensure({ name: 'c', image: 'x:1', imagePullPolicy: 'Never' }, sandbox, recorder()), { reason: 'ErrImageNeverPull' });
});
