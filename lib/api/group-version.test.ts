import { test } from 'node:test';
import assert from 'node:assert/strict';
import { groupOf, gvkString, parseGroupVersion } from './group-version.ts';

test('parseGroupVersion reads the core group, a named group, and refuses more than one slash', () => {
  assert.deepEqual(parseGroupVersion('v1'), { group: '', version: 'v1' });
  assert.deepEqual(parseGroupVersion('apps/v1'), { group: 'apps', version: 'v1' });
  assert.deepEqual(parseGroupVersion(''), { group: '', version: '' });
  assert.equal(parseGroupVersion('a/b/c'), undefined);
  assert.equal(groupOf('rbac.authorization.k8s.io/v1'), 'rbac.authorization.k8s.io');
  assert.equal(groupOf('v1'), '');
  assert.equal(groupOf('a/b/c'), '');
  assert.equal(gvkString({ group: '', version: 'v1' }, 'Pod'), '/v1, Kind=Pod');
  assert.equal(gvkString({ group: 'apps', version: 'v1' }, 'Deployment'), 'apps/v1, Kind=Deployment');
});
