import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clusterNameErrors, tenantPath } from './address.ts';

test("a tenant's path: its name, then the root's path", () => {
  assert.deepEqual(tenantPath('/clusters/alice/api/v1/pods'), { cluster: 'alice', path: '/api/v1/pods' });
  assert.deepEqual(tenantPath('/clusters/alice'), { cluster: 'alice', path: '/' });
  assert.deepEqual(tenantPath('/clusters/alice/'), { cluster: 'alice', path: '/' });
  assert.deepEqual(tenantPath('/clusters/a/timonier/v1/nodes/n%2F1/tunnel'), { cluster: 'a', path: '/timonier/v1/nodes/n%2F1/tunnel' }, 'the rest stays encoded');
  assert.equal(tenantPath('/api/v1/pods'), undefined);
  assert.equal(tenantPath('/clusters'), undefined);
  assert.equal(tenantPath('/clustersx/a/api'), undefined);
});

test('tenant names are DNS labels other than the root\'s', () => {
  assert.deepEqual(clusterNameErrors('alice-1'), []);
  assert.deepEqual(clusterNameErrors('default'), ['"default" is the root cluster\'s name']);
  assert.equal(clusterNameErrors('Alice').length, 1);
  assert.deepEqual(clusterNameErrors('a.b'), ['must not contain dots']);
  assert.equal(clusterNameErrors('x'.repeat(64)).length, 1);
});
