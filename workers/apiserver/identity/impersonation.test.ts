import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Authorizer } from '../auth/authz.ts';
import type { Storage } from '../storage/types.ts';
import { impersonate } from './impersonation.ts';

const ctx = { storage: {} as Storage, query: new URLSearchParams(), cluster: 'default' };
const admin = { username: 'admin', groups: ['system:masters', 'system:authenticated'] };
const asked: string[] = [];
const allowAll: Authorizer = (_u, info) => {
  if (info.isResourceRequest) asked.push(`${info.verb} ${info.group}/${info.resource}${info.subresource ? '/' + info.subresource : ''} ${info.namespace}/${info.name}`);
  return { allowed: true };
};
const denyAll: Authorizer = () => ({ allowed: false });

test('no headers: the authenticated user', async () => {
  assert.equal(await impersonate(admin, new Headers(), denyAll, ctx), admin);
});

test('user, groups, uid and extra are each authorized; system:authenticated is added', async () => {
  asked.length = 0;
  const h = new Headers([['Impersonate-User', 'alice'], ['Impersonate-Group', 'eleves'], ['Impersonate-Uid', 'u1'], ['Impersonate-Extra-Scopes', 'a']]);
  h.append('Impersonate-Group', 'profs');
  const u = await impersonate(admin, h, allowAll, ctx);
  assert.deepEqual(u, { username: 'alice', uid: 'u1', groups: ['eleves', 'profs', 'system:authenticated'], extra: { scopes: ['a'] } });
  assert.deepEqual(asked, ['impersonate /users /alice', 'impersonate /groups /eleves', 'impersonate /groups /profs', 'impersonate authentication.k8s.io/userextras/scopes /a', 'impersonate authentication.k8s.io/uids /u1']);
});

test('a service account gets its groups unless groups are asked for', async () => {
  asked.length = 0;
  const u = await impersonate(admin, new Headers([['Impersonate-User', 'system:serviceaccount:ns:sa']]), allowAll, ctx);
  assert.deepEqual(u.groups, ['system:serviceaccounts', 'system:serviceaccounts:ns', 'system:authenticated']);
  assert.deepEqual(asked, ['impersonate /serviceaccounts ns/sa']);
  const anon = await impersonate(admin, new Headers([['Impersonate-User', 'system:anonymous']]), allowAll, ctx);
  assert.deepEqual(anon.groups, []);
});

test('refusals carry Kubernetes’ messages', async () => {
  const who = { username: 'bob', groups: ['system:authenticated'] };
  await assert.rejects(impersonate(who, new Headers([['Impersonate-User', 'alice']]), denyAll, ctx), {
    message: 'users "alice" is forbidden: User "bob" cannot impersonate resource "users" in API group "" at the cluster scope',
  });
  await assert.rejects(impersonate(who, new Headers([['Impersonate-User', 'system:serviceaccount:ns:sa']]), denyAll, ctx), {
    message: 'serviceaccounts "sa" is forbidden: User "bob" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "ns"',
  });
  await assert.rejects(impersonate(who, new Headers([['Impersonate-Group', 'g']]), denyAll, ctx), { message: /without impersonating a user/ });
});

test('extra headers: found in any case among the others, keys unescaped, and never without a user', async () => {
  const h = new Headers([['Accept', 'application/json'], ['IMPERSONATE-EXTRA-Example.com%2FScope', 'x, y'], ['Impersonate-User', 'alice'], ['User-Agent', 'kubectl']]);
  const u = await impersonate(admin, h, allowAll, ctx);
  assert.deepEqual(u.extra, { 'example.com/scope': ['x', 'y'] });
  await assert.rejects(impersonate(admin, new Headers([['Impersonate-Extra-Scopes', 'a']]), allowAll, ctx), { message: /requested \{userextras  a\} without impersonating a user/ });
  await assert.rejects(impersonate(admin, new Headers([['Impersonate-User', 'alice'], ['Impersonate-Extra-%zz', 'a']]), allowAll, ctx), { message: 'Internal error occurred: failed to escape header impersonate-extra-%zz' });
});
