/**
 * Access reviews: validation texts from pkg/apis/authorization/validation (field errors rendered
 * as apimachinery does) and the subject each kind asks about.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StatusError } from '../../../lib/errors.ts';
import type { Authorizer, AuthzContext } from '../auth/authz.ts';
import { answerAccessReview, type AccessReview } from './access-reviews.ts';

const ctx = {} as AuthzContext;
const requester = { username: 'alice', groups: ['eleves', 'system:authenticated'] };
const seen: string[] = [];
const authorizer: Authorizer = (user, info) => {
  seen.push(`${user.username} [${user.groups}] ${info.verb} ${info.isResourceRequest ? `${info.resource} ${info.namespace} v=${info.version}` : info.path}`);
  return user.username === 'alice' ? { allowed: true, reason: 'RBAC: allowed by X' } : { allowed: false };
};

async function message(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return `${(e as StatusError).status.code} ${(e as StatusError).status.message}`;
  }
  return 'no error';
}

test('a self review asks about the requester; a subject review about its spec', async () => {
  seen.length = 0;
  const self = await answerAccessReview('SelfSubjectAccessReview', { metadata: {}, spec: { resourceAttributes: { verb: 'create', group: 'apps', resource: 'deployments', namespace: 'a' } } }, requester, authorizer, ctx, '');
  assert.deepEqual(self.status, { allowed: true, reason: 'RBAC: allowed by X' });
  const sar = await answerAccessReview('SubjectAccessReview', { metadata: {}, spec: { user: 'bob', groups: ['g'], nonResourceAttributes: { path: '/healthz', verb: 'get' } } }, requester, authorizer, ctx, '');
  assert.deepEqual(sar.status, { allowed: false });
  assert.deepEqual(seen, ['alice [eleves,system:authenticated] create deployments a v=*', 'bob [g] get /healthz']);
});

test('validation: exactly one attribute set, a subject, empty metadata', async () => {
  assert.equal(
    await message(answerAccessReview('SelfSubjectAccessReview', { metadata: {}, spec: {} }, requester, authorizer, ctx, '')),
    '422 SelfSubjectAccessReview.authorization.k8s.io "" is invalid: spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified',
  );
  assert.equal(
    await message(answerAccessReview('SubjectAccessReview', { metadata: {}, spec: { resourceAttributes: { verb: 'get' }, nonResourceAttributes: { path: '/x', verb: 'get' } } }, requester, authorizer, ctx, '')),
    '422 SubjectAccessReview.authorization.k8s.io "" is invalid: [spec.nonResourceAttributes: Invalid value: authorization.NonResourceAttributes{Path:"/x", Verb:"get"}: cannot be specified in combination with resourceAttributes, spec.user: Invalid value: "": at least one of user or group must be specified]',
  );
  assert.match(
    await message(answerAccessReview('SubjectAccessReview', { metadata: { name: 'n' }, spec: { user: 'u', resourceAttributes: { verb: 'get' } } } as AccessReview, requester, authorizer, ctx, '')),
    /^422 SubjectAccessReview\.authorization\.k8s\.io "" is invalid: metadata: Invalid value: v1\.ObjectMeta\{Name:"n", GenerateName:"", .*\}: must be empty$/,
  );
});

test('a local review: the namespace of its URL, which its attributes must name', async () => {
  const ok = await answerAccessReview('LocalSubjectAccessReview', { metadata: {}, spec: { user: 'alice', resourceAttributes: { namespace: 'a', verb: 'get', resource: 'pods' } } }, requester, authorizer, ctx, 'a');
  assert.equal(ok.metadata.namespace, 'a');
  assert.equal(
    await message(answerAccessReview('LocalSubjectAccessReview', { metadata: {}, spec: { user: 'alice', resourceAttributes: { namespace: 'b', verb: 'get', resource: 'pods' } } }, requester, authorizer, ctx, 'a')),
    '422 LocalSubjectAccessReview.authorization.k8s.io "" is invalid: spec.resourceAttributes.namespace: Invalid value: "b": must match metadata.namespace',
  );
  assert.equal(
    await message(answerAccessReview('LocalSubjectAccessReview', { metadata: { namespace: 'b' }, spec: { user: 'alice', resourceAttributes: { namespace: 'b' } } }, requester, authorizer, ctx, 'a')),
    '400 the namespace of the provided object does not match the namespace sent on the request',
  );
  assert.equal(
    await message(answerAccessReview('LocalSubjectAccessReview', { metadata: {}, spec: { user: 'alice', nonResourceAttributes: { path: '/x', verb: 'get' } } }, requester, authorizer, ctx, 'a')),
    '422 LocalSubjectAccessReview.authorization.k8s.io "" is invalid: spec.nonResourceAttributes: Invalid value: authorization.NonResourceAttributes{Path:"/x", Verb:"get"}: disallowed on this kind of request',
  );
});
