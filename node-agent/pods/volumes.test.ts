import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pod } from '../../lib/api/core/pod.ts';
import { containerMounts, prepareVolumes, VolumeError, type VolumeContext } from './volumes.ts';

const pod = (volumes: NonNullable<Pod['spec']>['volumes']): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', namespace: 'ns', uid: 'uid-1' },
  spec: { containers: [], volumes },
});

async function withCtx(fn: (ctx: VolumeContext, dir: string) => Promise<void>) {
  const dir = await mkdtemp(join(tmpdir(), 'vol-'));
  try {
    await fn(
      {
        podsDir: dir,
        caPem: 'CA PEM',
        hostIP: '192.168.0.2',
        lookup: {
          configMap: async (_ns, name) => (name === 'cfg' ? { data: { 'a.conf': 'A', 'b.conf': 'B' } } : undefined),
          secret: async (_ns, name) => (name === 's' ? { data: { key: btoa('secret-value') } } : undefined),
          serviceAccountToken: async (pod, name, o) => `token of ${pod.namespace}/${name} for ${o.expirationSeconds} s`,
        },
      },
      dir,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('configMap, secret, emptyDir and the service-account projection become files', () =>
  withCtx(async (ctx, dir) => {
    const dirs = await prepareVolumes(
      pod([
        { name: 'conf', configMap: { name: 'cfg', items: [{ key: 'a.conf', path: 'sub/a' }] } },
        { name: 'sec', secret: { secretName: 's' } },
        { name: 'scratch', emptyDir: {} },
        {
          name: 'kube-api-access-x',
          projected: {
            sources: [
              { serviceAccountToken: { path: 'token' } },
              { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
              { downwardAPI: { items: [{ path: 'namespace', fieldRef: { fieldPath: 'metadata.namespace' } }] } },
            ],
          },
        },
      ]),
      ctx,
    );
    const v = (name: string, file: string) => readFile(join(dir, 'uid-1', 'volumes', name, file), 'utf8');
    assert.equal(await v('conf', 'sub/a'), 'A');
    assert.equal(await v('sec', 'key'), 'secret-value');
    assert.ok((await stat(dirs.get('scratch')!)).isDirectory());
    // the pod runs as `default` (no serviceAccountName); the projection names no duration: one hour
    assert.equal(await v('kube-api-access-x', 'token'), 'token of ns/default for 3600 s');
    assert.equal(await v('kube-api-access-x', 'ca.crt'), 'CA PEM');
    assert.equal(await v('kube-api-access-x', 'namespace'), 'ns');

    const mounts = containerMounts({ name: 'c', volumeMounts: [{ name: 'conf', mountPath: '/etc/app', readOnly: true }, { name: 'scratch', mountPath: '/data', subPathExpr: '$(POD)' }] }, dirs, [{ name: 'POD', value: 'p' }]);
    assert.deepEqual(mounts, [
      { containerPath: '/etc/app', hostPath: join(dir, 'uid-1', 'volumes', 'conf'), readonly: true },
      { containerPath: '/data', hostPath: join(dir, 'uid-1', 'volumes', 'scratch', 'p'), readonly: false },
    ]);
  }));

test('a missing ConfigMap fails unless optional; unsupported volume types are refused', () =>
  withCtx(async (ctx) => {
    await assert.rejects(prepareVolumes(pod([{ name: 'c', configMap: { name: 'nope' } }]), ctx), new VolumeError('configmap "nope" not found'));
    await prepareVolumes(pod([{ name: 'c', configMap: { name: 'nope', optional: true } }]), ctx);
    await assert.rejects(prepareVolumes(pod([{ name: 'd', persistentVolumeClaim: { claimName: 'x' } }]), ctx), /not supported/);
  }));

test('the volumes and the sources of a projected volume are read at once, and merged in their order', () =>
  withCtx(async (ctx, dir) => {
    const asked: string[] = [];
    let giveToken!: (token: string) => void;
    const { configMap, secret } = ctx.lookup;
    ctx.lookup.serviceAccountToken = async () => {
      asked.push('token');
      return new Promise<string>((resolve) => (giveToken = resolve));
    };
    ctx.lookup.configMap = (ns, name) => (asked.push(`configmap ${name}`), configMap(ns, name));
    ctx.lookup.secret = (ns, name) => (asked.push(`secret ${name}`), secret(ns, name));
    const done = prepareVolumes(
      pod([
        { name: 'api', projected: { sources: [{ serviceAccountToken: { path: 'token' } }, { configMap: { name: 'cfg' } }, { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'token' }] } }] } },
        { name: 'sec', secret: { secretName: 's' } },
      ]),
      ctx,
    );
    // everything was asked while the token request is still unanswered
    assert.deepEqual(asked, ['token', 'configmap cfg', 'configmap kube-root-ca.crt', 'secret s']);
    giveToken('the token');
    const dirs = await done;
    assert.deepEqual([...dirs.keys()], ['api', 'sec']);
    // a later source's file wins over an earlier one's of the same path, as read in order
    assert.equal(await readFile(join(dir, 'uid-1', 'volumes', 'api', 'token'), 'utf8'), 'CA PEM');
    assert.equal(await readFile(join(dir, 'uid-1', 'volumes', 'api', 'a.conf'), 'utf8'), 'A');
  }));

test('of several failing volumes, the first in the spec is reported', () =>
  withCtx(async (ctx) => {
    const slow = ctx.lookup.configMap;
    // the first volume's lookup answers last
    ctx.lookup.configMap = async (ns, name) => (name === 'first' ? new Promise((r) => setImmediate(() => r(slow(ns, name)))) : slow(ns, name));
    await assert.rejects(prepareVolumes(pod([{ name: 'a', configMap: { name: 'first' } }, { name: 'b', configMap: { name: 'second' } }]), ctx), new VolumeError('configmap "first" not found'));
  }));
