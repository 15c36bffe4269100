import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bootstrapSecret, bootstrapUser, generateToken, TOKEN_RE } from './bootstrap-token.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';

const now = new Date('2026-01-01T00:00:00Z');
const b64 = (s: string) => btoa(s);
const secret = (data: Record<string, string>, type = 'bootstrap.kubernetes.io/token') =>
  ({ metadata: { name: 'bootstrap-token-abcdef', namespace: 'kube-system' }, type, data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, b64(v)])) }) as KubeObject;
const valid = { 'token-id': 'abcdef', 'token-secret': '0123456789abcdef', 'usage-bootstrap-authentication': 'true', expiration: '2026-01-02T00:00:00Z' };

test('a valid token authenticates as system:bootstrap:<id> in system:bootstrappers', () => {
  assert.deepEqual(bootstrapUser('abcdef.0123456789abcdef', secret(valid), now), {
    username: 'system:bootstrap:abcdef',
    groups: ['system:bootstrappers', 'system:authenticated'],
  });
});

test('expired, wrong secret, wrong type, missing usage, being deleted: not authenticated', () => {
  const t = 'abcdef.0123456789abcdef';
  assert.equal(bootstrapUser(t, secret({ ...valid, expiration: '2025-12-31T23:59:59Z' }), now), undefined);
  assert.equal(bootstrapUser('abcdef.0123456789abcdeX', secret(valid), now), undefined);
  assert.equal(bootstrapUser('abcdef.0123456789abcdee', secret(valid), now), undefined);
  assert.equal(bootstrapUser(t, secret(valid, 'Opaque'), now), undefined);
  assert.equal(bootstrapUser(t, secret({ ...valid, 'usage-bootstrap-authentication': 'false' }), now), undefined);
  assert.equal(bootstrapUser(t, secret({ ...valid, 'token-id': 'zzzzzz' }), now), undefined);
  const deleting = secret(valid);
  deleting.metadata.deletionTimestamp = '2025-12-31T00:00:00Z';
  assert.equal(bootstrapUser(t, deleting, now), undefined);
  assert.equal(bootstrapUser(t, undefined, now), undefined);
});

test('a token without expiration never expires; extra groups stay under system:bootstrappers:', () => {
  const { expiration: _, ...forever } = valid;
  const user = bootstrapUser('abcdef.0123456789abcdef', secret({ ...forever, 'auth-extra-groups': 'system:bootstrappers:workers, system:masters' }), now);
  assert.deepEqual(user?.groups, ['system:bootstrappers', 'system:bootstrappers:workers', 'system:authenticated']);
});

test('generated tokens have the <6>.<16> form and the Secret kubeadm writes', () => {
  const { id, secret: s, token } = generateToken();
  assert.match(token, TOKEN_RE);
  assert.equal(token, `${id}.${s}`);
  assert.notEqual(generateToken().token, token);
  const obj = bootstrapSecret(id, s, new Date('2026-01-02T03:04:05.678Z'), 'for n1') as KubeObject & { stringData: Record<string, string> };
  assert.equal(obj.metadata.name, `bootstrap-token-${id}`);
  assert.equal(obj.metadata.namespace, 'kube-system');
  assert.equal(obj.type, 'bootstrap.kubernetes.io/token');
  assert.deepEqual(obj.stringData, { 'token-id': id, 'token-secret': s, 'usage-bootstrap-authentication': 'true', expiration: '2026-01-02T03:04:05Z', description: 'for n1' });
});
