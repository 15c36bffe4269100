import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JSONSchemaProps } from '../../../../lib/api/apiextensions.ts';
import { validateCustomResource } from './validate.ts';
import { pruneObject } from './prune.ts';
import { applyDefaults } from './defaults.ts';

const cronTab: JSONSchemaProps = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      required: ['image'],
      properties: {
        cronSpec: { type: 'string', pattern: '^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$' },
        image: { type: 'string', maxLength: 20 },
        replicas: { type: 'integer', minimum: 1, maximum: 10, default: 1 },
        mode: { type: 'string', enum: ['Allow', 'Forbid'] },
        tags: { type: 'array', maxItems: 2, items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
        when: { type: 'string', format: 'date-time' },
        port: { 'x-kubernetes-int-or-string': true },
        extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        labels: { type: 'object', additionalProperties: { type: 'string', minLength: 2 } },
        note: { type: 'string', nullable: true },
      },
    },
  },
};

const texts = (obj: unknown) => validateCustomResource(cronTab, obj).map((e) => `${e.field}: ${e.body}`);

test('the texts of Kubernetes for each failed keyword', () => {
  assert.deepEqual(texts({ spec: { image: 'x', replicas: 20 } }), ['spec.replicas: Invalid value: 20: spec.replicas in body should be less than or equal to 10']);
  assert.deepEqual(texts({ spec: { image: 'x', replicas: 0 } }), ['spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1']);
  assert.deepEqual(texts({ spec: {} }), ['spec.image: Required value']);
  assert.deepEqual(texts({ spec: { image: 'x', replicas: 'deux' } }), ['spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"']);
  assert.deepEqual(texts({ spec: { image: 'x', replicas: 1.5 } }), ['spec.replicas: Invalid value: "number": spec.replicas in body must be of type integer: "number"']);
  assert.deepEqual(texts({ spec: { image: 'x', cronSpec: 'tous les jours' } }), [
    "spec.cronSpec: Invalid value: \"tous les jours\": spec.cronSpec in body should match '^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$'",
  ]);
  assert.deepEqual(texts({ spec: { image: 'x'.repeat(21) } }), ['spec.image: Too long: may not be more than 20 bytes']);
  assert.deepEqual(texts({ spec: { image: 'x', mode: 'Maybe' } }), ['spec.mode: Unsupported value: "Maybe": supported values: "Allow", "Forbid"']);
  assert.deepEqual(texts({ spec: { image: 'x', tags: ['a', 'b', 'c'] } }), ['spec.tags: Too many: 3: must have at most 2 items']);
  assert.deepEqual(texts({ spec: { image: 'x', tags: ['a', 'a'] } }), ['spec.tags[1]: Duplicate value: "a"']);
  assert.deepEqual(texts({ spec: { image: 'x', when: 'hier' } }), ['spec.when: Invalid value: "hier": spec.when in body must be of type date-time: "hier"']);
  assert.deepEqual(texts({ spec: { image: 'x', port: true } }), ['spec.port: Invalid value: "boolean": spec.port in body must be of type integer,string: "boolean"']);
  assert.deepEqual(texts({ spec: { image: 'x', labels: { a: 'b' } } }), ['spec.labels.a: Invalid value: "b": spec.labels.a in body should be at least 2 chars long']);
  assert.deepEqual(texts({ spec: { image: 'x', note: null, port: 80, extra: { anything: [1] }, when: '2024-05-01T10:00:00Z' } }), []);
});

test('pruning drops unknown fields, reports their paths, keeps preserved ones and type meta', () => {
  const obj = { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a', foo: 1 }, spec: { image: 'x', foo: 1, extra: { keep: true }, note: null, replicas: null }, bar: [] };
  const { value, unknown } = pruneObject(obj, cronTab);
  assert.deepEqual(unknown, ['spec.foo', 'bar']);
  assert.deepEqual(value, { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a', foo: 1 }, spec: { image: 'x', extra: { keep: true }, note: null } });
});

test('defaults fill missing fields, top-down, in list items too', () => {
  const s: JSONSchemaProps = {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        default: {},
        properties: {
          replicas: { type: 'integer', default: 1 },
          ports: { type: 'array', items: { type: 'object', properties: { protocol: { type: 'string', default: 'TCP' }, port: { type: 'integer' } } } },
        },
      },
    },
  };
  const a: Record<string, unknown> = {};
  applyDefaults(a, s, true);
  assert.deepEqual(a, { spec: { replicas: 1 } });
  const b = { spec: { replicas: 3, ports: [{ port: 80 }, { port: 53, protocol: 'UDP' }] } };
  applyDefaults(b, s, true);
  assert.deepEqual(b, { spec: { replicas: 3, ports: [{ port: 80, protocol: 'TCP' }, { port: 53, protocol: 'UDP' }] } });
});

test('ratcheting: an update may keep a value a stricter schema refuses, in properties and correlated list items', () => {
  const strict: JSONSchemaProps = {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        required: ['owner'],
        properties: {
          owner: { type: 'string' },
          image: { type: 'string', maxLength: 5 },
          ports: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'], items: { type: 'object', properties: { name: { type: 'string' }, port: { type: 'integer', maximum: 1000 } } } },
          args: { type: 'array', items: { type: 'string', maxLength: 3 } },
        },
      },
    },
  };
  const cr = (spec: object) => ({ apiVersion: 'x/v1', kind: 'X', metadata: { name: 'a' }, spec });
  const stored = cr({ image: 'registry/app', ports: [{ name: 'web', port: 8080 }], args: ['--long'] });
  const fields = (o: object, old?: object) => validateCustomResource(strict, o, old).map((e) => `${e.field}: ${e.body.split(':')[0]}`);

  assert.deepEqual(fields(stored), ['spec.owner: Required value', 'spec.args[0]: Too long', 'spec.image: Too long', 'spec.ports[0].port: Invalid value'], 'created so, it is refused');
  assert.deepEqual(fields({ ...stored, metadata: { name: 'a', labels: { x: 'y' } } }, stored), [], 'a metadata change checks nothing the schema describes');
  assert.deepEqual(fields(cr({ image: 'registry/app', ports: [{ name: 'dns', port: 53 }, { name: 'web', port: 8080 }], args: ['--long'], owner: 'me' }), stored), [], 'the web port moved in a map list: still correlated by its key');
  assert.deepEqual(fields(cr({ image: 'registry/app2', ports: [{ name: 'web', port: 8081 }], args: ['--long', 'x'], owner: 'me' }), stored), ['spec.args[0]: Too long', 'spec.image: Too long', 'spec.ports[0].port: Invalid value'], 'changed values are checked (an atomic list item with its list)');
  assert.deepEqual(fields(cr({ image: 'new', ports: [{ name: 'web', port: 8080 }], args: ['--long'] }), stored), ['spec.owner: Required value'], "a required field is its parent's: spec changed");
});
