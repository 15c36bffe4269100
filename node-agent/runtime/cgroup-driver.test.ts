import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Code, CriError } from '../cri/errors.ts';
import { detectCgroupDriver, driverFromContainerdConfig, systemdCgroupParent } from './cgroup-driver.ts';
import { sandboxConfig } from './cri.ts';
import type { SandboxSpec } from './types.ts';

test('a pod cgroup as systemd names it: one slice per level, - in a name as _', () => {
  assert.equal(systemdCgroupParent('/kubepods/besteffort/pod0b7d-4a1e'), '/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod0b7d_4a1e.slice');
  assert.equal(systemdCgroupParent('/kubepods/burstable/podu'), '/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-podu.slice');
  assert.equal(systemdCgroupParent('/kubepods/podu-1'), '/kubepods.slice/kubepods-podu_1.slice');
});

test('the sandbox config names the cgroup for the driver', () => {
  const spec = { name: 'p', namespace: 'ns', uid: 'a-b', attempt: 0, hostname: 'p', logDirectory: '/l', cgroupParent: '/kubepods/besteffort/poda-b', hostNetwork: false, portMappings: [], labels: {}, annotations: {} } satisfies SandboxSpec;
  assert.equal(sandboxConfig(spec).linux?.cgroupParent, '/kubepods/besteffort/poda-b');
  assert.equal(sandboxConfig(spec, 'systemd').linux?.cgroupParent, '/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-poda_b.slice');
});

/** containerd 1.6's Status info `config`, as this project's CI machine answers it, trimmed */
const containerdConfig = (runc: object, more: object = {}) =>
  JSON.stringify({ containerd: { snapshotter: 'overlayfs', defaultRuntimeName: 'runc', runtimes: { runc: { runtimeType: 'io.containerd.runc.v2', ...runc } } }, systemdCgroup: false, ...more });

test("containerd's configuration: the default runtime's SystemdCgroup decides", () => {
  assert.equal(driverFromContainerdConfig(containerdConfig({ options: { BinaryName: '', SystemdCgroup: false } })), 'cgroupfs');
  assert.equal(driverFromContainerdConfig(containerdConfig({ options: { BinaryName: '', SystemdCgroup: true } })), 'systemd');
  // runc.v2 with no options runs runc's default; the top-level setting is for the legacy runtimes only
  assert.equal(driverFromContainerdConfig(containerdConfig({ options: null }, { systemdCgroup: true })), 'cgroupfs');
  assert.equal(driverFromContainerdConfig(containerdConfig({ runtimeType: 'io.containerd.runtime.v1.linux', options: null }, { systemdCgroup: true })), 'systemd');
  // another default runtime than runc: its options, not runc's
  const two = JSON.stringify({ containerd: { defaultRuntimeName: 'crun', runtimes: { runc: { options: { SystemdCgroup: false } }, crun: { runtimeType: 'io.containerd.runc.v2', options: { SystemdCgroup: true } } } } });
  assert.equal(driverFromContainerdConfig(two), 'systemd');
  // not containerd's configuration
  assert.equal(driverFromContainerdConfig(undefined), undefined);
  assert.equal(driverFromContainerdConfig('not json'), undefined);
  assert.equal(driverFromContainerdConfig(JSON.stringify({ containerd: { defaultRuntimeName: 'missing', runtimes: {} } })), undefined);
});

const unimplemented = () => Promise.reject(new CriError('/runtime.v1.RuntimeService/RuntimeConfig', Code.UNIMPLEMENTED, 'unknown method RuntimeConfig'));

test('detection: RuntimeConfig first, then the configuration in Status, then cgroupfs', async () => {
  const noStatus = () => Promise.reject(new Error('Status must not be asked'));
  assert.deepEqual(await detectCgroupDriver({ runtimeConfig: async () => 'SYSTEMD', status: noStatus }), { driver: 'systemd', from: 'the runtime' });
  assert.deepEqual(await detectCgroupDriver({ runtimeConfig: async () => 'CGROUPFS', status: noStatus }), { driver: 'cgroupfs', from: 'the runtime' });
  const systemd = containerdConfig({ options: { SystemdCgroup: true } });
  assert.deepEqual(await detectCgroupDriver({ runtimeConfig: unimplemented, status: async () => ({ status: null, info: { config: systemd } }) }), { driver: 'systemd', from: "the runtime's configuration" });
  assert.deepEqual(await detectCgroupDriver({ runtimeConfig: async () => undefined, status: async () => ({ status: null, info: {} }) }), { driver: 'cgroupfs', from: 'the default' });
  // a runtime that fails otherwise is not guessed about
  const down = () => Promise.reject(new CriError('/runtime.v1.RuntimeService/RuntimeConfig', Code.UNAVAILABLE, 'connection refused'));
  await assert.rejects(detectCgroupDriver({ runtimeConfig: down, status: async () => ({ status: null, info: {} }) }), /UNAVAILABLE/);
});
