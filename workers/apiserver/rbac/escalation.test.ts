/**
 * Escalation prevention. Expected texts are worked out from Kubernetes' ConfirmNoEscalation
 * (rule.go: `user %q (groups=%q) is attempting to grant RBAC permissions not currently held:` then
 * the sorted, de-duplicated CompactString of each compacted missing rule, one a line) and
 * errors.NewForbidden (`<resource>.<group> "<name>" is forbidden: <err>`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { StatusError } from '../../../lib/errors.ts';
import type { UserInfo } from '../auth/authn.ts';
import { authorize } from './authorizer.ts';
import { checkEscalation, type EscalationContext } from './escalation.ts';
import { breakdownRule, compactRules, compactString, uncovered } from './covers.ts';
import { policyOf, rule, urlRule, type Fixture } from './test-fixtures.ts';

const alice: UserInfo = { username: 'alice', groups: ['eleves', 'system:authenticated'] };
const HEAD = 'user "alice" (groups=["eleves" "system:authenticated"]) is attempting to grant RBAC permissions not currently held:';

const world: Fixture = {
  roles: [{ namespace: 'alice', name: 'pod-reader', rules: [rule('get,list', '', 'pods')] }],
  clusterRoles: [
    { name: 'cluster-admin', rules: [rule('*', '*', '*'), urlRule('*', '*')] },
    { name: 'secret-reader', rules: [rule('get,list', '', 'secrets')] },
    { name: 'pod-viewer', rules: [rule('get,list', '', 'pods')] },
    { name: 'scaler', rules: [rule('get,update', 'apps', '*/scale')] },
    { name: 'binder', rules: [rule('bind', 'rbac.authorization.k8s.io', 'clusterroles', { resourceNames: ['secret-reader'] })] },
    { name: 'escalator', rules: [rule('escalate', 'rbac.authorization.k8s.io', 'roles')] },
  ],
  roleBindings: [
    { namespace: 'alice', name: 'reads-pods', role: 'pod-reader', kind: 'Role', subjects: ['User:alice'] },
    { namespace: 'alice', name: 'scales', role: 'scaler', kind: 'ClusterRole', subjects: ['Group:eleves'] },
  ],
};

/** A context whose authorizer is RBAC over the same policy, as in the API server. */
function ctxFor(user: UserInfo, f: Fixture = world): EscalationContext {
  const policy = policyOf(f);
  return {
    user,
    policy: async () => policy,
    may: async (verb, resource, namespace, name) => authorize(policy, user, { resourceRequest: true, verb, group: 'rbac.authorization.k8s.io', resource, subresource: '', namespace, name }).allowed,
  };
}

const binding = (namespace: string, name: string, kind: string, role: string): KubeObject => ({
  metadata: { namespace, name },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind, name: role },
  subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'alice' }],
});
const role = (namespace: string, name: string, rules: unknown[]): KubeObject => ({ metadata: { namespace, name }, rules });

async function rejection(p: Promise<void>): Promise<{ code: number; message: string }> {
  try {
    await p;
  } catch (e) {
    const s = (e as StatusError).status;
    return { code: s.code!, message: s.message! };
  }
  assert.fail('expected a rejection');
}

test('binding cluster-admin without holding it: 403 listing both missing rules', async () => {
  const got = await rejection(checkEscalation(ctxFor(alice), 'rolebindings', binding('alice', 'x', 'ClusterRole', 'cluster-admin'), undefined, ''));
  assert.deepEqual(got, {
    code: 403,
    message: `rolebindings.rbac.authorization.k8s.io "x" is forbidden: ${HEAD}\n{APIGroups:["*"], Resources:["*"], Verbs:["*"]}\n{NonResourceURLs:["*"], Verbs:["*"]}`,
  });
});

test('the missing verbs of one resource are compacted into one line', async () => {
  const got = await rejection(checkEscalation(ctxFor(alice), 'rolebindings', binding('alice', 'x', 'ClusterRole', 'secret-reader'), undefined, ''));
  assert.equal(got.message, `rolebindings.rbac.authorization.k8s.io "x" is forbidden: ${HEAD}\n{APIGroups:[""], Resources:["secrets"], Verbs:["get" "list"]}`);
});

test('binding a role whose permissions one holds, in that namespace only', async () => {
  await checkEscalation(ctxFor(alice), 'rolebindings', binding('alice', 'x', 'ClusterRole', 'pod-viewer'), undefined, '');
  await checkEscalation(ctxFor(alice), 'rolebindings', binding('alice', 'x', 'Role', 'pod-reader'), undefined, '');
  const elsewhere = await rejection(checkEscalation(ctxFor(alice), 'rolebindings', binding('bob', 'x', 'ClusterRole', 'pod-viewer'), undefined, ''));
  assert.equal(elsewhere.message, `rolebindings.rbac.authorization.k8s.io "x" is forbidden: ${HEAD}\n{APIGroups:[""], Resources:["pods"], Verbs:["get" "list"]}`);
  // cluster-wide, only cluster role bindings count
  const cluster = await rejection(checkEscalation(ctxFor(alice), 'clusterrolebindings', { ...binding('', 'y', 'ClusterRole', 'pod-viewer'), metadata: { name: 'y' } }, undefined, ''));
  assert.match(cluster.message, /^clusterrolebindings\.rbac\.authorization\.k8s\.io "y" is forbidden: user "alice"/);
});

test('the bind verb on the role is enough, as named by resourceNames', async () => {
  const f: Fixture = { ...world, roleBindings: [...world.roleBindings!, { namespace: 'alice', name: 'may-bind', role: 'binder', kind: 'ClusterRole', subjects: ['User:alice'] }] };
  await checkEscalation(ctxFor(alice, f), 'rolebindings', binding('alice', 'x', 'ClusterRole', 'secret-reader'), undefined, '');
  await rejection(checkEscalation(ctxFor(alice, f), 'rolebindings', binding('alice', 'x', 'ClusterRole', 'cluster-admin'), undefined, ''));
});

test('system:masters may grant anything; a missing role is 404 for anyone else', async () => {
  await checkEscalation(ctxFor({ username: 'admin', groups: ['system:masters'] }), 'clusterrolebindings', binding('', 'z', 'ClusterRole', 'nope'), undefined, '');
  const got = await rejection(checkEscalation(ctxFor(alice), 'rolebindings', binding('alice', 'x', 'ClusterRole', 'nope'), undefined, ''));
  assert.deepEqual(got, { code: 404, message: 'clusterroles.rbac.authorization.k8s.io "nope" not found' });
});

test('roles: every granted rule must be held, subresources through */scale, names one by one', async () => {
  await checkEscalation(ctxFor(alice), 'roles', role('alice', 'r', [rule('get', '', 'pods'), rule('update', 'apps', 'deployments/scale')]), undefined, '');
  const got = await rejection(
    checkEscalation(
      ctxFor(alice),
      'roles',
      role('alice', 'r', [rule('get,list,watch', '', 'pods'), rule('get', '', 'configmaps', { resourceNames: ['a', 'b'] }), rule('update', 'apps', 'deployments/status')]),
      undefined,
      '',
    ),
  );
  assert.equal(
    got.message,
    `roles.rbac.authorization.k8s.io "r" is forbidden: ${HEAD}\n` +
      '{APIGroups:[""], Resources:["configmaps"], ResourceNames:["a"], Verbs:["get"]}\n' +
      '{APIGroups:[""], Resources:["configmaps"], ResourceNames:["b"], Verbs:["get"]}\n' +
      '{APIGroups:[""], Resources:["pods"], Verbs:["watch"]}\n' +
      '{APIGroups:["apps"], Resources:["deployments/status"], Verbs:["update"]}',
  );
});

test('roles: the escalate verb is enough; an aggregationRule needs everything', async () => {
  const f: Fixture = { ...world, clusterRoleBindings: [{ name: 'esc', role: 'escalator', subjects: ['User:alice'] }] };
  await checkEscalation(ctxFor(alice, f), 'roles', role('alice', 'r', [rule('*', '*', '*')]), undefined, '');
  const aggregated = { metadata: { name: 'agg' }, rules: [], aggregationRule: { clusterRoleSelectors: [{ matchLabels: { a: 'b' } }] } };
  const got = await rejection(checkEscalation(ctxFor(alice), 'clusterroles', aggregated, undefined, ''));
  assert.equal(got.message, 'clusterroles.rbac.authorization.k8s.io "agg" is forbidden: must have cluster-admin privileges to use the aggregationRule');
});

test('updates: checked like creates, except when only GC fields change', async () => {
  const old = { ...binding('alice', 'x', 'ClusterRole', 'cluster-admin'), metadata: { namespace: 'alice', name: 'x', resourceVersion: '5', uid: 'u' } };
  const gcOnly = { ...old, metadata: { ...old.metadata, resourceVersion: undefined, finalizers: ['f'], ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'c', uid: 'c' }] } };
  await checkEscalation(ctxFor(alice), 'rolebindings', gcOnly, old, 'x');
  const relabel = { ...old, metadata: { ...old.metadata, labels: { a: 'b' } } };
  assert.equal((await rejection(checkEscalation(ctxFor(alice), 'rolebindings', relabel, old, 'x'))).code, 403);
});

test('resolution errors end the message', async () => {
  const f: Fixture = { ...world, roleBindings: [...world.roleBindings!, { namespace: 'alice', name: 'dangling', role: 'gone', kind: 'Role', subjects: ['User:alice'] }] };
  const got = await rejection(checkEscalation(ctxFor(alice, f), 'rolebindings', binding('alice', 'x', 'ClusterRole', 'secret-reader'), undefined, ''));
  assert.equal(got.message, `rolebindings.rbac.authorization.k8s.io "x" is forbidden: ${HEAD}\n{APIGroups:[""], Resources:["secrets"], Verbs:["get" "list"]}; resolution errors: [roles.rbac.authorization.k8s.io "gone" not found]`);
});

test('Covers, as policy_comparator_test.go decides', () => {
  // a star verb, group or resource covers anything of its kind
  assert.deepEqual(uncovered([rule('*', '*', '*')], [rule('get', 'apps', 'deployments/scale', { resourceNames: ['d'] })]), []);
  // a resource does not cover its subresources; */sub covers that subresource of any resource
  assert.equal(uncovered([rule('get', '', 'pods')], [rule('get', '', 'pods/log')]).length, 1);
  assert.deepEqual(uncovered([rule('get', '', '*/log')], [rule('get', '', 'pods/log')]), []);
  // named rules cover only those names; an unnamed one all names, but a named one never the unnamed
  assert.deepEqual(uncovered([rule('get', '', 'pods', { resourceNames: ['a', 'b'] })], [rule('get', '', 'pods', { resourceNames: ['a'] })]), []);
  assert.equal(uncovered([rule('get', '', 'pods', { resourceNames: ['a'] })], [rule('get', '', 'pods')]).length, 1);
  // URLs: exact or under a trailing *
  assert.deepEqual(uncovered([urlRule('get', '/apis/*')], [urlRule('get', '/apis/apps')]), []);
  assert.equal(uncovered([urlRule('get', '/apis/*')], [urlRule('get', '/api')]).length, 1);
  assert.equal(breakdownRule(rule('get,list', 'a,b', 'x,y', { resourceNames: ['n1', 'n2'] })).length, 16);
  assert.deepEqual(compactRules([rule('get', '', 'pods'), urlRule('get', '/x'), rule('list', '', 'pods')]).map(compactString), ['{NonResourceURLs:["/x"], Verbs:["get"]}', '{APIGroups:[""], Resources:["pods"], Verbs:["get" "list"]}']);
});
