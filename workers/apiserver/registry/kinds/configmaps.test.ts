import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ConfigMap } from '../../../../lib/api/core/configmap.ts';
import configmaps from './configmaps.ts';

const cm = (x: Partial<ConfigMap> = {}): ConfigMap => ({ metadata: { name: 'c', namespace: 'd', creationTimestamp: '2025-01-01T11:00:00Z' }, ...x });

test('keys must be config keys; data and binaryData must not overlap', () => {
  const errs = configmaps.validate!(cm({ data: { 'ok.key_1': 'v', 'bad/key': 'v', '..x': 'v', dup: 'a' }, binaryData: { dup: 'YQ==' } }));
  assert.deepEqual(
    errs.map((e) => `${e.field}: ${e.body}`),
    [
      `data[bad/key]: Invalid value: "bad/key": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')`,
      `data[..x]: Invalid value: "..x": must not start with '..'`,
      'data[dup]: Invalid value: "dup": duplicate of key present in binaryData',
    ],
  );
});

test('total size is limited to 1 MiB', () => {
  assert.deepEqual(configmaps.validate!(cm({ data: { a: 'x'.repeat(1024 * 1024) } })), []);
  const errs = configmaps.validate!(cm({ data: { a: 'x'.repeat(1024 * 1024) }, binaryData: { b: 'YQ==' } }));
  assert.equal(errs[0].type, 'FieldValueTooLong');
});

test('immutable: data can no longer change, nor immutable be unset', () => {
  const old = cm({ data: { a: '1' }, immutable: true });
  assert.deepEqual(configmaps.validateUpdate!(cm({ data: { a: '1' }, immutable: true, metadata: { name: 'c', labels: { x: 'y' } } }), old), []);
  assert.deepEqual(
    configmaps.validateUpdate!(cm({ data: { a: '2' } }), old).map((e) => `${e.field}: ${e.body}`),
    ['immutable: Forbidden: field is immutable when `immutable` is set', 'data: Forbidden: field is immutable when `immutable` is set'],
  );
  assert.deepEqual(configmaps.validateUpdate!(cm({ data: { a: '2' } }), cm({ data: { a: '1' } })), []);
});

test('table: Data counts data and binaryData as an integer', () => {
  assert.deepEqual(configmaps.table!.cells(cm({ data: { a: '1', b: '2' }, binaryData: { c: 'YQ==' } }), Date.parse('2025-01-01T12:00:00Z')), ['c', 3, '60m']);
});
