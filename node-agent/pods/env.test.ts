import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../lib/api/core/pod.ts';
import { ConfigError, containerEnv, expand, type ObjectLookup } from './env.ts';

const pod: Pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'shop', uid: 'u-1', labels: { app: 'web' } },
  spec: { nodeName: 'n1', serviceAccountName: 'default', containers: [] },
  status: { podIP: '10.1.0.7', podIPs: [{ ip: '10.1.0.7' }] },
};

const lookup: ObjectLookup = {
  async configMap(ns, name) {
    return ns === 'shop' && name === 'cfg' ? { data: { color: 'blue', size: 'L' } } : undefined;
  },
  async secret(ns, name) {
    return ns === 'shop' && name === 'creds' ? { data: { password: btoa('s3cret') } } : undefined;
  },
  serviceAccountToken: async () => 'token',
};

test('$(VAR) expands earlier variables, $$ escapes, unknown references stay', () => {
  const vars = new Map([['A', 'x']]);
  assert.equal(expand('$(A)-$(B)-$$(A)', vars), 'x-$(B)-$(A)');
});

test('values, field refs, ConfigMap and Secret keys, envFrom with prefix', async () => {
  const env = await containerEnv(
    pod,
    {
      name: 'c',
      envFrom: [{ prefix: 'CFG_', configMapRef: { name: 'cfg' } }],
      env: [
        { name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
        { name: 'NS', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
        { name: 'IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } },
        { name: 'HOST', valueFrom: { fieldRef: { fieldPath: 'status.hostIP' } } },
        { name: 'APP', valueFrom: { fieldRef: { fieldPath: "metadata.labels['app']" } } },
        { name: 'COLOR', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'color' } } },
        { name: 'PW', valueFrom: { secretKeyRef: { name: 'creds', key: 'password' } } },
        { name: 'URL', value: 'http://$(IP):80/$(POD)' },
      ],
    },
    lookup,
    '192.168.1.5',
  );
  assert.deepEqual(Object.fromEntries(env.map((e) => [e.name, e.value])), {
    CFG_color: 'blue',
    CFG_size: 'L',
    POD: 'web-1',
    NS: 'shop',
    IP: '10.1.0.7',
    HOST: '192.168.1.5',
    APP: 'web',
    COLOR: 'blue',
    PW: 's3cret',
    URL: 'http://10.1.0.7:80/web-1',
  });
});

test('a missing ConfigMap, Secret or key is a config error unless optional', async () => {
  const run = (env: NonNullable<Parameters<typeof containerEnv>[1]['env']>) => containerEnv(pod, { name: 'c', env }, lookup, '');
  await assert.rejects(run([{ name: 'X', valueFrom: { configMapKeyRef: { name: 'nope', key: 'k' } } }]), new ConfigError('configmap "nope" not found'));
  await assert.rejects(run([{ name: 'X', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'k' } } }]), new ConfigError("couldn't find key k in ConfigMap shop/cfg"));
  await assert.rejects(run([{ name: 'X', valueFrom: { secretKeyRef: { name: 'creds', key: 'k' } } }]), /couldn't find key k in Secret shop\/creds/);
  assert.deepEqual(await run([{ name: 'X', valueFrom: { configMapKeyRef: { name: 'nope', key: 'k', optional: true } } }]), []);
});
