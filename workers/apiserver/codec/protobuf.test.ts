import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../../../lib/errors.ts';
import { selfSubjectReview } from '../../../lib/api/authn.ts';
import { selfSubjectAccessReview } from '../../../lib/api/authz.ts';
import { decodeBody } from './decode.ts';
import { decodeProtobuf, ProtobufError } from './protobuf.ts';
import { configMap, deployment, namespace, secret } from './testdata/mini.ts';
import { bytes, concat, entry, envelope, int, msg, str } from './testdata/pbwriter.ts';

const hex = (s: string) => Uint8Array.from(s.replace(/"([^"]*)"/g, (_, t: string) => Buffer.from(t).toString('hex')).match(/[0-9a-f]{2}/g)!.map((h) => parseInt(h, 16)));
const only = (schema: Parameters<typeof decodeProtobuf>[1] extends (...a: never[]) => infer R ? R : never) => () => schema;

test('kubectl create namespace demo (reference §2.2 bytes)', () => {
  const body = hex('6b 38 73 00 0a 0f 0a 02 "v1" 12 09 "Namespace" 12 1c 0a 14 0a 04 "demo" 12 00 1a 00 22 00 2a 00 32 00 38 00 42 00 12 00 1a 02 0a 00 1a 00 22 00');
  assert.deepEqual(decodeProtobuf(body, only(namespace)), { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'demo' } });
  // the same through decodeBody, checked against the endpoint
  const d = decodeBody(body, 'application/vnd.kubernetes.protobuf', { schema: namespace, group: '', version: 'v1', kind: 'Namespace' }, 'Strict');
  assert.deepEqual(d.object, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'demo' } });
});

test('ConfigMap: string and bytes maps, a pointer bool kept when false', () => {
  const raw = concat(
    msg(1, str(1, 'cfg'), str(3, 'default'), int(7, 0), bytes(8, new Uint8Array()), entry(11, 'app', str(2, 'web'))),
    entry(2, 'a', str(2, '1')),
    entry(2, 'empty', str(2, '')),
    entry(3, 'bin', bytes(2, Uint8Array.from([0xde, 0xad, 0xbe, 0xef]))),
    int(4, 0),
  );
  assert.deepEqual(decodeProtobuf(envelope('v1', 'ConfigMap', raw), only(configMap)), {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'cfg', namespace: 'default', labels: { app: 'web' } },
    data: { a: '1', empty: '' },
    binaryData: { bin: '3q2+7w==' },
    immutable: false,
  });
});

test('Secret: a bytes map value written as nil reads as empty', () => {
  const raw = concat(msg(1, str(1, 's')), entry(2, 'password', bytes(2, new TextEncoder().encode('hunter2'))), entry(2, 'nil'), str(3, 'Opaque'));
  assert.deepEqual(decodeProtobuf(envelope('v1', 'Secret', raw), only(secret)), {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 's' },
    data: { password: 'aHVudGVyMg==', nil: '' },
    type: 'Opaque',
  });
});

test('Deployment: pointers, int-or-string, quantities, embedded structs, negative int32, unknown fields', () => {
  const container = msg(
    2,
    str(1, 'app'),
    str(2, 'nginx:1.25'),
    msg(6, str(1, ''), int(2, 0), int(3, 80), str(4, 'TCP'), str(5, '')),
    msg(8, entry(1, 'cpu', msg(2, str(1, '500m')))),
    msg(10, msg(1, msg(2, str(1, '/healthz'), msg(2, int(1, 0), int(2, 8080), str(3, '')))), int(2, 0), int(4, 10)),
    str(14, ''),
    int(99, 7), // a field number from a newer Kubernetes: skipped
  );
  const volumes = concat(msg(1, str(1, 'scratch'), msg(2, msg(2, str(1, '')))), msg(1, str(1, 'cfg'), msg(2, msg(19, msg(1, str(1, 'my-config')), int(3, 420)))));
  const podSpec = concat(volumes, container, str(3, 'Always'));
  const raw = concat(
    msg(1, str(1, 'web'), bytes(8, new Uint8Array())),
    msg(
      2,
      int(1, 3),
      msg(2, entry(1, 'app', str(2, 'web'))),
      msg(3, msg(1, entry(11, 'app', str(2, 'web')), bytes(8, new Uint8Array())), msg(2, podSpec)),
      msg(4, str(1, 'RollingUpdate'), msg(2, msg(1, int(1, 0), int(2, 0), str(3, '')), msg(2, int(1, 1), int(2, 0), str(3, '25%')))),
      int(5, -1),
      int(7, 0),
    ),
    msg(3, int(1, 0), int(2, 0)),
  );
  const obj = decodeProtobuf(envelope('apps/v1', 'Deployment', raw), only(deployment));
  assert.deepEqual(obj, {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          volumes: [
            { name: 'scratch', emptyDir: {} },
            { name: 'cfg', configMap: { name: 'my-config', defaultMode: 420 } },
          ],
          containers: [
            {
              name: 'app',
              image: 'nginx:1.25',
              ports: [{ containerPort: 80, protocol: 'TCP' }],
              resources: { limits: { cpu: '500m' } },
              livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 10 },
            },
          ],
          restartPolicy: 'Always',
        },
      },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '25%' } },
      minReadySeconds: -1,
    },
  });
});

test('times and managed fields', () => {
  const mf = msg(17, str(1, 'kubectl-create'), str(2, 'Update'), str(3, 'v1'), msg(4, int(1, 1700000000)), str(6, 'FieldsV1'), msg(7, bytes(1, new TextEncoder().encode('{"f:data":{}}'))), str(8, ''));
  const raw = concat(msg(1, str(1, 'c'), msg(8, int(1, 1700000000), int(2, 0)), mf));
  assert.deepEqual(decodeProtobuf(envelope('v1', 'ConfigMap', raw), only(configMap)).metadata, {
    name: 'c',
    creationTimestamp: '2023-11-14T22:13:20Z',
    managedFields: [{ manager: 'kubectl-create', operation: 'Update', apiVersion: 'v1', time: '2023-11-14T22:13:20Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': {} } }],
  });
});

test('kubectl auth can-i: SelfSubjectAccessReview', () => {
  const raw = concat(
    msg(1, bytes(8, new Uint8Array())),
    msg(2, msg(1, str(1, 'default'), str(2, 'create'), str(3, ''), str(4, ''), str(5, 'pods'), str(6, ''), str(7, ''))),
    msg(3, int(1, 0), str(2, ''), str(3, ''), int(4, 0)),
  );
  assert.deepEqual(decodeProtobuf(envelope('authorization.k8s.io/v1', 'SelfSubjectAccessReview', raw), only(selfSubjectAccessReview)), {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SelfSubjectAccessReview',
    metadata: {},
    spec: { resourceAttributes: { namespace: 'default', verb: 'create', resource: 'pods' } },
    status: { allowed: false },
  });
});

test('kubectl auth whoami: an empty SelfSubjectReview; extra maps of lists', () => {
  const raw = concat(msg(1, bytes(8, new Uint8Array())), msg(2, msg(1)));
  assert.deepEqual(decodeProtobuf(envelope('authentication.k8s.io/v1', 'SelfSubjectReview', raw), only(selfSubjectReview)), {
    apiVersion: 'authentication.k8s.io/v1',
    kind: 'SelfSubjectReview',
    metadata: {},
  });
  const withUser = concat(msg(2, msg(1, str(1, 'admin'), str(3, 'system:masters'), entry(4, 'scopes', msg(2, str(1, 'a'), str(1, 'b'))))));
  assert.deepEqual(decodeProtobuf(envelope('authentication.k8s.io/v1', 'SelfSubjectReview', withUser), only(selfSubjectReview)).status, {
    userInfo: { username: 'admin', groups: ['system:masters'], extra: { scopes: ['a', 'b'] } },
  });
});

test('errors: bad magic, truncated messages, another kind than the endpoint', () => {
  assert.throws(() => decodeProtobuf(new TextEncoder().encode('{}'), only(namespace)), ProtobufError);
  const cut = envelope('v1', 'ConfigMap', msg(1, str(1, 'c'))).subarray(0, 25);
  const d = () => decodeBody(cut, 'application/vnd.kubernetes.protobuf', { schema: configMap, group: '', version: 'v1', kind: 'ConfigMap' }, 'Strict');
  assert.throws(d, (e: unknown) => e instanceof StatusError && e.code === 400 && /^the object provided is unrecognized \(must be of type ConfigMap\): proto: unexpected EOF \(6b387300/.test(e.message));
  const other = () => decodeBody(envelope('v1', 'Secret', new Uint8Array()), 'application/vnd.kubernetes.protobuf', { schema: configMap, group: '', version: 'v1', kind: 'ConfigMap' }, 'Strict');
  assert.throws(other, (e: unknown) => e instanceof StatusError && e.message.startsWith('Secret in version "v1" cannot be handled as a ConfigMap'));
});

test('kubectl create deployment: the real apps/v1 Deployment schema', async () => {
  const { deploymentSchema } = await import('../../../lib/api/apps/deployment.ts');
  const labels = entry(11, 'app', str(2, 'web'));
  const zeroMeta = [str(2, ''), str(3, ''), str(4, ''), str(5, ''), str(6, ''), int(7, 0), bytes(8, new Uint8Array())];
  const container = msg(2, str(1, 'nginx'), str(2, 'nginx'), str(5, ''), msg(8), str(13, ''), str(14, ''), int(16, 0), int(17, 0), int(18, 0), str(20, ''));
  const podSpec = concat(container, str(3, ''), str(6, ''), str(8, ''), str(9, ''), str(10, ''), int(11, 0), int(12, 0), int(13, 0), str(16, ''), str(17, ''), str(19, ''), str(24, ''));
  const raw = concat(
    msg(1, str(1, 'web'), ...zeroMeta, labels),
    msg(2, int(1, 2), msg(2, entry(1, 'app', str(2, 'web'))), msg(3, msg(1, str(1, ''), ...zeroMeta, labels), msg(2, podSpec)), msg(4, str(1, '')), int(5, 0), int(7, 0)),
    msg(3, int(1, 0), int(2, 0), int(3, 0), int(4, 0), int(5, 0), int(7, 0)),
  );
  assert.deepEqual(decodeProtobuf(envelope('apps/v1', 'Deployment', raw), only(deploymentSchema)), {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } },
    },
  });
});

test('a struct embedded in an embedded struct (NamedRuleWithOperations) decodes into one JSON object', async () => {
  const { namedRuleWithOperations } = await import('../../../lib/api/admissionregistration/vap.ts');
  const { message } = await import('./protobuf.ts');
  // NamedRuleWithOperations{1 resourceNames, 2 RuleWithOperations{1 operations, 2 Rule{1 apiGroups, 2 apiVersions, 3 resources}}}
  const body = concat(str(1, 'web'), msg(2, str(1, 'CREATE'), msg(2, str(1, 'apps'), str(2, 'v1'), str(3, 'deployments'))));
  assert.deepEqual(message(body, namedRuleWithOperations), { resourceNames: ['web'], operations: ['CREATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments'] });
});
