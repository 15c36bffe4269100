import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serviceAccountUser, signToken, verifyToken } from './tokens.ts';

test('a component token verifies to its user and groups, in the root cluster', async () => {
  const user = serviceAccountUser('kube-system', 'deployment-controller');
  const claims = await verifyToken('s3cret', await signToken('s3cret', user));
  assert.equal(claims?.sub, 'system:serviceaccount:kube-system:deployment-controller');
  assert.deepEqual(claims?.groups, user.groups);
  assert.equal(claims?.cluster, 'default');
});

test('a person’s and a service account’s token carry their cluster, uid, audiences and Kubernetes claims', async () => {
  const user = await verifyToken('k', await signToken('k', { sub: 'alice', uid: 'u1', cluster: 'c1', jti: 'j1' }));
  assert.deepEqual([user?.sub, user?.uid, user?.cluster, user?.jti, user?.groups], ['alice', 'u1', 'c1', 'j1', undefined]);
  const kubernetes = { namespace: 'ns', serviceaccount: { name: 'default', uid: 's1' }, pod: { name: 'p', uid: 'p1' } };
  const sa = await verifyToken('k', await signToken('k', { sub: 'system:serviceaccount:ns:default', kubernetes, audiences: ['a', 'b'] }));
  assert.deepEqual(sa?.kubernetes, kubernetes);
  assert.deepEqual(sa?.aud, ['a', 'b']);
});

test('another key, a tampered, an expired or a claimless token does not verify', async () => {
  const token = await signToken('s3cret', { sub: 'system:node:n1', groups: ['system:nodes'] });
  assert.equal(await verifyToken('other', token), undefined);
  const [h, p, sig] = token.split('.');
  const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'admin' })).toString('base64url');
  assert.equal(await verifyToken('s3cret', `${h}.${forged}.${sig}`), undefined);
  const expired = await signToken('s3cret', { sub: 'x', groups: [], ttlSeconds: -10 });
  assert.equal(await verifyToken('s3cret', expired), undefined);
  assert.equal(await verifyToken('s3cret', await signToken('s3cret', { sub: 'x' })), undefined);
});

test('a verified token is remembered for its key only, and never past its expiry', async () => {
  const token = await signToken('k1', { sub: 'alice', uid: 'u1', ttlSeconds: 60 });
  const claims = await verifyToken('k1', token);
  assert.equal(claims?.sub, 'alice');
  assert.equal(await verifyToken('k1', token), claims, 'served from the cache');
  assert.equal(await verifyToken('k2', token), undefined, 'another key does not find it');
  const later = (claims!.exp! + 1) * 1000;
  assert.notEqual(await verifyToken('k1', token, later), claims, 'past its expiry the token is verified again');
});
