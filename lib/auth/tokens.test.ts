import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serviceAccountUser, signToken, verifyToken } from './tokens.ts';

test('a signed token verifies to its user and groups', async () => {
  const user = serviceAccountUser('kube-system', 'deployment-controller');
  const token = await signToken('s3cret', user);
  assert.deepEqual(await verifyToken('s3cret', token), { sub: 'system:serviceaccount:kube-system:deployment-controller', groups: user.groups });
});

test('another key, a tampered or an expired token does not verify', async () => {
  const token = await signToken('s3cret', { sub: 'system:node:n1', groups: ['system:nodes'] });
  assert.equal(await verifyToken('other', token), undefined);
  const [h, p, sig] = token.split('.');
  const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'admin' })).toString('base64url');
  assert.equal(await verifyToken('s3cret', `${h}.${forged}.${sig}`), undefined);
  const expired = await signToken('s3cret', { sub: 'x', groups: [], ttlSeconds: -10 });
  assert.equal(await verifyToken('s3cret', expired), undefined);
});
