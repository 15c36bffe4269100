import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Secret } from '../../../../lib/api/core/secret.ts';
import secrets from './secrets.ts';

const s = (x: Partial<Secret> = {}): Secret => ({ metadata: { name: 's', namespace: 'd', creationTimestamp: '2025-01-01T11:59:58Z' }, ...x });

test('defaults: type Opaque, stringData merged into data as base64 (stringData wins) and dropped', () => {
  const o = s({ data: { a: 'b2xk', keep: 'eA==' }, stringData: { a: 'new', u: 'héllo' } });
  secrets.defaults!(o);
  assert.equal(o.type, 'Opaque');
  assert.deepEqual(o.data, { a: 'bmV3', keep: 'eA==', u: 'aMOpbGxv' });
  assert.equal('stringData' in o, false);
  const typed = s({ type: 'kubernetes.io/tls' });
  secrets.defaults!(typed);
  assert.equal(typed.type, 'kubernetes.io/tls');
});

test('well-known types require their keys', () => {
  const texts = (x: Secret) => secrets.validate!(x).map((e) => `${e.field}: ${e.body}`);
  assert.deepEqual(texts(s({ type: 'kubernetes.io/tls', data: { 'tls.crt': 'YQ==' } })), ['data[tls.key]: Required value']);
  assert.deepEqual(texts(s({ type: 'kubernetes.io/basic-auth', data: {} })), ['data[username]: Required value', 'data[password]: Required value']);
  assert.deepEqual(texts(s({ type: 'kubernetes.io/basic-auth', data: { password: 'YQ==' } })), []);
  assert.deepEqual(texts(s({ type: 'kubernetes.io/service-account-token' })), ['metadata.annotations[kubernetes.io/service-account.name]: Required value']);
  assert.deepEqual(texts(s({ type: 'Opaque', data: { 'a b': 'YQ==' } })).length, 1);
});

test('update: type and immutable data cannot change', () => {
  const old = s({ type: 'Opaque', data: { a: 'YQ==' }, immutable: true });
  assert.deepEqual(
    secrets.validateUpdate!(s({ type: 'x/y', data: { a: 'Yg==' }, immutable: true }), old).map((e) => `${e.field}: ${e.body}`),
    ['type: Invalid value: "x/y": field is immutable', 'data: Forbidden: field is immutable when `immutable` is set'],
  );
});

test('table and field selector', () => {
  const o = s({ type: 'Opaque', data: { a: 'YQ==', b: 'Yg==' } });
  assert.deepEqual(secrets.table!.columns.map((c) => c.name), ['Name', 'Type', 'Data', 'Age']);
  assert.deepEqual(secrets.table!.cells(o, Date.parse('2025-01-01T12:00:00Z')), ['s', 'Opaque', 2, '2s']);
  assert.equal(secrets.fieldSelectors!.type(o), 'Opaque');
});
