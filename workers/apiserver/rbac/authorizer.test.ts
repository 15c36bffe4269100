/**
 * The authorization matrix. Expectations are Kubernetes' decisions: the cases of
 * plugin/pkg/auth/authorizer/rbac/rbac_test.go (TestAuthorizer, TestRuleMatches) restated, and
 * cases worked out by hand from the matching rules of evaluation_helpers.go and the subject rules
 * of registry/rbac/validation/rule.go (appliesToUser).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { UserInfo } from '../auth/authn.ts';
import { authorize } from './authorizer.ts';
import { candidates } from './policy.ts';
import { ruleAllows, type Attributes } from './rules.ts';
import { policyOf, rule, urlRule, type Fixture } from './test-fixtures.ts';

const user = (name: string, groups = ''): UserInfo => ({ username: name, groups: groups ? groups.split(',') : [] });
const res = (verb: string, group: string, resource: string, o: { sub?: string; ns?: string; name?: string } = {}): Attributes => ({
  resourceRequest: true,
  verb,
  group,
  resource,
  subresource: o.sub ?? '',
  namespace: o.ns ?? '',
  name: o.name ?? '',
});
const url = (verb: string, path: string): Attributes => ({ resourceRequest: false, verb, path });

type Case = [UserInfo, Attributes, boolean];
function check(f: Fixture, cases: Case[]) {
  const policy = policyOf(f);
  for (const [u, a, expected] of cases) assert.equal(authorize(policy, u, a).allowed, expected, `${u.username} [${u.groups}] ${JSON.stringify(a)}`);
}

test('rbac_test.go: a cluster role bound in one namespace, to a user and a group', () => {
  check(
    { clusterRoles: [{ name: 'admin', rules: [rule('*', '*', '*', { nonResourceURLs: ['*'] })] }], roleBindings: [{ namespace: 'ns1', name: 'b', role: 'admin', kind: 'ClusterRole', subjects: ['User:admin', 'Group:admins'] }] },
    [
      [user('admin'), res('get', '', 'Pods', { ns: 'ns1' }), true],
      [user('admin'), res('watch', '', 'Pods', { ns: 'ns1' }), true],
      [user('admin', 'group1'), res('watch', '', 'Foobar', { ns: 'ns1' }), true],
      [user('joe', 'admins'), res('watch', '', 'Foobar', { ns: 'ns1' }), true],
      [user('joe', 'group1,admins'), res('watch', '', 'Foobar', { ns: 'ns1' }), true],
      [user('admin'), res('GET', '', 'Pods', { ns: 'ns2' }), false],
      [user('admin'), res('GET', '', 'Nodes'), false],
      [user('admin', 'admins'), res('GET', '', 'Pods', { ns: 'ns2' }), false],
      [user('admin', 'admins'), res('GET', '', 'Nodes'), false],
    ],
  );
});

test('rbac_test.go: non-resource URLs, exact and with a trailing *', () => {
  check(
    {
      clusterRoles: [
        { name: 'non-resource-url-getter', rules: [urlRule('get', '/apis')] },
        { name: 'non-resource-url', rules: [urlRule('*', '/apis')] },
        { name: 'non-resource-url-prefix', rules: [urlRule('get', '/apis/*')] },
      ],
      clusterRoleBindings: [
        { name: 'a', role: 'non-resource-url-getter', subjects: ['User:foo', 'Group:bar'] },
        { name: 'b', role: 'non-resource-url', subjects: ['User:admin', 'Group:admin'] },
        { name: 'c', role: 'non-resource-url-prefix', subjects: ['User:prefixed', 'Group:prefixed'] },
      ],
    },
    [
      [user('foo'), url('get', '/apis'), true],
      [user('', 'bar'), url('get', '/apis'), true],
      [user('admin'), url('get', '/apis'), true],
      [user('', 'admin'), url('get', '/apis'), true],
      [user('admin'), url('watch', '/apis'), true],
      [user('', 'admin'), url('watch', '/apis'), true],
      [user('prefixed'), url('get', '/apis/v1'), true],
      [user('', 'prefixed'), url('get', '/apis/v1'), true],
      [user('prefixed'), url('get', '/apis/v1/foobar'), true],
      [user('', 'prefixed'), url('get', '/apis/v1/foorbar'), true],
      [user('foo'), url('watch', '/apis'), false],
      [user('', 'bar'), url('watch', '/apis'), false],
      [user('foo'), url('get', '/api/v1'), false],
      [user('', 'bar'), url('get', '/api/v1'), false],
      [user('admin'), url('get', '/api/v1'), false],
      [user('', 'admin'), url('get', '/api/v1'), false],
      [user('prefixed'), url('get', '/api/v1'), false],
      [user('', 'prefixed'), url('get', '/api/v1'), false],
    ],
  );
});

test('rbac_test.go: a resource does not cover its subresources, nor the reverse', () => {
  const bound = (resources: string): Fixture => ({
    clusterRoles: [{ name: 'admin', rules: [rule('*', '*', resources, { nonResourceURLs: ['*'] })] }],
    roleBindings: [{ namespace: 'ns1', name: 'b', role: 'admin', kind: 'ClusterRole', subjects: ['User:admin', 'Group:admins'] }],
  });
  check(bound('pods'), [
    [user('admin'), res('get', '', 'pods', { ns: 'ns1' }), true],
    [user('admin'), res('get', '', 'pods', { sub: 'status', ns: 'ns1' }), false],
  ]);
  check(bound('pods/status'), [
    [user('admin'), res('get', '', 'pods', { sub: 'status', ns: 'ns1' }), true],
    [user('admin'), res('get', '', 'pods', { ns: 'ns1' }), false],
  ]);
});

test('rbac_test.go TestRuleMatches: stars, tuple expansion, subresources, URLs', () => {
  const grid = (r: ReturnType<typeof rule>, expect: Record<string, boolean>, sub = false) => {
    for (const [k, v] of Object.entries(expect)) {
      const [verb, group, resource, subresource] = k.split(' ');
      assert.equal(ruleAllows(res(verb, group, resource, { sub: sub ? subresource : '' }), r), v, `${JSON.stringify(r)} ${k}`);
    }
  };
  grid(rule('*', 'group1', 'resource1'), { 'verb1 group1 resource1': true, 'verb1 group2 resource1': false, 'verb1 group1 resource2': false, 'verb2 group1 resource1': true, 'verb2 group2 resource2': false });
  grid(rule('verb1', '*', 'resource1'), { 'verb1 group1 resource1': true, 'verb1 group2 resource1': true, 'verb1 group1 resource2': false, 'verb2 group1 resource1': false });
  grid(rule('verb1', 'group1', '*'), { 'verb1 group1 resource1': true, 'verb1 group1 resource2': true, 'verb1 group2 resource1': false, 'verb2 group1 resource1': false });
  grid(rule('verb1,verb2', 'group1,group2', 'resource1,resource2'), {
    'verb1 group1 resource1': true, 'verb1 group2 resource1': true, 'verb1 group1 resource2': true, 'verb1 group2 resource2': true,
    'verb2 group1 resource1': true, 'verb2 group2 resource1': true, 'verb2 group1 resource2': true, 'verb2 group2 resource2': true,
  });
  grid(rule('*', '*', 'resource1/subresource1'), {
    'verb1 group1 resource1 subresource1': true, 'verb1 group2 resource1 subresource2': false, 'verb1 group1 resource2 subresource1': false, 'verb2 group1 resource1 subresource1': true,
  }, true);
  const urls = (r: ReturnType<typeof urlRule>, expect: Record<string, boolean>) => {
    for (const [k, v] of Object.entries(expect)) {
      const [verb, path] = k.split(' ');
      assert.equal(ruleAllows(url(verb, path), r), v, `${JSON.stringify(r)} ${k}`);
    }
  };
  urls(urlRule('verb1', '*'), { 'verb1 /foo': true, 'verb1 /foo/bar/one': true, 'verb2 /foo': false });
  urls(urlRule('verb1', '/foo/*'), { 'verb1 /foo': false, 'verb1 /foo/bar': true, 'verb1 /foo/baz/one': true, 'verb1 /notfoo': false, 'verb1 /notfoo/bar': false });
  urls(urlRule('*', '/foo,/foo/bar/one'), { 'verb1 /foo': true, 'verb1 /foo/bar': false, 'verb1 /foo/bar/one': true, 'verb2 /foo/baz/one': false });
});

test('*/subresource matches that subresource of every resource; resource/* is not a wildcard', () => {
  const star = rule('get', 'apps', '*/scale');
  assert.equal(ruleAllows(res('get', 'apps', 'deployments', { sub: 'scale', ns: 'a', name: 'd' }), star), true);
  assert.equal(ruleAllows(res('get', 'apps', 'replicasets', { sub: 'scale', ns: 'a', name: 'r' }), star), true);
  assert.equal(ruleAllows(res('get', 'apps', 'deployments', { ns: 'a', name: 'd' }), star), false);
  assert.equal(ruleAllows(res('get', 'apps', 'deployments', { sub: 'status', ns: 'a', name: 'd' }), star), false);
  const slashStar = rule('get', 'apps', 'deployments/*');
  assert.equal(ruleAllows(res('get', 'apps', 'deployments', { sub: 'scale', ns: 'a', name: 'd' }), slashStar), false);
  assert.equal(ruleAllows(res('get', 'apps', 'deployments', { ns: 'a', name: 'd' }), slashStar), false);
  // "" is the core group only, never a wildcard
  assert.equal(ruleAllows(res('get', 'apps', 'deployments', { ns: 'a' }), rule('get', '', 'deployments')), false);
});

test('resourceNames: only requests naming a listed object (never list or create)', () => {
  const r = rule('get,update,list,create', '', 'configmaps', { resourceNames: ['a'] });
  assert.equal(ruleAllows(res('get', '', 'configmaps', { ns: 'x', name: 'a' }), r), true);
  assert.equal(ruleAllows(res('update', '', 'configmaps', { ns: 'x', name: 'a' }), r), true);
  assert.equal(ruleAllows(res('get', '', 'configmaps', { ns: 'x', name: 'b' }), r), false);
  assert.equal(ruleAllows(res('list', '', 'configmaps', { ns: 'x' }), r), false);
  assert.equal(ruleAllows(res('create', '', 'configmaps', { ns: 'x' }), r), false);
});

test('subjects: users, groups, service accounts (a role binding defaults their namespace), anonymous', () => {
  const f: Fixture = {
    clusterRoles: [
      { name: 'pod-reader', rules: [rule('get,list,watch', '', 'pods')] },
      { name: 'healthz', rules: [urlRule('get', '/healthz,/livez')] },
    ],
    roleBindings: [
      { namespace: 'ns1', name: 'local-sa', role: 'pod-reader', kind: 'ClusterRole', subjects: ['ServiceAccount::robot'] },
      { namespace: 'ns1', name: 'other-ns-sa', role: 'pod-reader', kind: 'ClusterRole', subjects: ['ServiceAccount:ns3:robot'] },
      { namespace: 'ns2', name: 'all-sas-of-ns2', role: 'pod-reader', kind: 'ClusterRole', subjects: ['Group:system:serviceaccounts:ns2'] },
      { namespace: 'ns1', name: 'lowercase-kind', role: 'pod-reader', kind: 'ClusterRole', subjects: ['user:bob'] },
    ],
    clusterRoleBindings: [
      { name: 'sa-without-namespace', role: 'pod-reader', subjects: ['ServiceAccount::robot'] },
      { name: 'watcher', role: 'pod-reader', subjects: ['ServiceAccount:kube-system:watcher'] },
      { name: 'public', role: 'healthz', subjects: ['Group:system:unauthenticated', 'Group:system:authenticated'] },
    ],
  };
  const sa = (ns: string, name: string) => user(`system:serviceaccount:${ns}:${name}`, `system:serviceaccounts,system:serviceaccounts:${ns},system:authenticated`);
  const anonymous = user('system:anonymous', 'system:unauthenticated');
  check(f, [
    [sa('ns1', 'robot'), res('list', '', 'pods', { ns: 'ns1' }), true],
    [sa('ns2', 'robot'), res('list', '', 'pods', { ns: 'ns1' }), false],
    [sa('ns1', 'robot'), res('list', '', 'pods', { ns: 'ns2' }), false],
    [sa('ns1', 'robot'), res('list', '', 'pods'), false], // the cluster binding's subject has no namespace: never applies
    [sa('ns3', 'robot'), res('get', '', 'pods', { ns: 'ns1', name: 'p' }), true],
    [sa('ns3', 'robot'), res('get', '', 'pods', { ns: 'ns3', name: 'p' }), false],
    [sa('ns2', 'anyone'), res('watch', '', 'pods', { ns: 'ns2' }), true],
    [sa('ns1', 'anyone'), res('watch', '', 'pods', { ns: 'ns2' }), false],
    [sa('kube-system', 'watcher'), res('list', '', 'pods'), true],
    [sa('kube-system', 'watcher'), res('list', '', 'pods', { ns: 'anything' }), true],
    [sa('kube-system', 'watcher'), res('delete', '', 'pods', { ns: 'anything', name: 'p' }), false],
    [user('system:serviceaccount:kube-system:watcher'), res('list', '', 'pods'), true], // the name alone decides
    [user('bob'), res('list', '', 'pods', { ns: 'ns1' }), false],
    [anonymous, url('get', '/healthz'), true],
    [anonymous, url('get', '/livez'), true],
    [anonymous, url('get', '/metrics'), false],
    [anonymous, url('post', '/healthz'), false],
    [anonymous, res('list', '', 'pods', { ns: 'ns1' }), false],
    [user('Bob', 'system:authenticated'), url('get', '/healthz'), true],
  ]);
});

test('scopes: a role binding grants in its namespace only; a cluster role binding everywhere', () => {
  const f: Fixture = {
    roles: [{ namespace: 'alice', name: 'deployer', rules: [rule('create,get', 'apps', 'deployments')] }],
    clusterRoles: [{ name: 'admin', rules: [rule('*', '*', '*')] }, { name: 'node-reader', rules: [rule('get,list', '', 'nodes')] }],
    roleBindings: [
      { namespace: 'alice', name: 'alice-admin', role: 'admin', kind: 'ClusterRole', subjects: ['User:alice'] },
      { namespace: 'alice', name: 'deployers', role: 'deployer', kind: 'Role', subjects: ['Group:eleves'] },
      { namespace: 'bob', name: 'bob-deployer', role: 'deployer', kind: 'Role', subjects: ['User:bob'] },
    ],
    clusterRoleBindings: [{ name: 'nodes', role: 'node-reader', subjects: ['Group:eleves'] }],
  };
  check(f, [
    [user('alice'), res('create', 'apps', 'deployments', { ns: 'alice' }), true],
    [user('alice'), res('delete', '', 'secrets', { ns: 'alice', name: 's' }), true],
    [user('alice'), res('create', 'apps', 'deployments', { ns: 'bob' }), false],
    [user('alice'), res('list', 'apps', 'deployments'), false], // all namespaces is cluster scope for RBAC
    [user('alice'), res('list', '', 'nodes'), false],
    [user('carol', 'eleves'), res('get', 'apps', 'deployments', { ns: 'alice', name: 'web' }), true],
    [user('carol', 'eleves'), res('delete', 'apps', 'deployments', { ns: 'alice', name: 'web' }), false],
    [user('carol', 'eleves'), res('list', '', 'nodes'), true],
    [user('carol', 'eleves'), res('get', '', 'nodes', { name: 'n1' }), true],
    [user('carol', 'eleves'), res('list', '', 'nodes', { ns: 'alice' }), true],
    // bob's Role ref names "deployer" in bob, which does not exist there
    [user('bob'), res('create', 'apps', 'deployments', { ns: 'bob' }), false],
  ]);
});

test('reasons: who allowed it; nothing for a plain denial; resolution errors otherwise', () => {
  const policy = policyOf({
    clusterRoles: [{ name: 'view', rules: [rule('get,list', '', 'pods')] }],
    roleBindings: [
      { namespace: 'ns1', name: 'sa-view', role: 'view', kind: 'ClusterRole', subjects: ['User:nobody', 'ServiceAccount::robot'] },
      { namespace: 'ns1', name: 'dangling', role: 'gone', kind: 'Role', subjects: ['Group:g'] },
      { namespace: 'ns1', name: 'dangling-cluster', role: 'gone-too', kind: 'ClusterRole', subjects: ['Group:g'] },
    ],
    clusterRoleBindings: [{ name: 'crb', role: 'view', subjects: ['User:u'] }],
  });
  assert.deepEqual(authorize(policy, user('system:serviceaccount:ns1:robot'), res('list', '', 'pods', { ns: 'ns1' })), {
    allowed: true,
    reason: 'RBAC: allowed by RoleBinding "sa-view/ns1" of ClusterRole "view" to ServiceAccount "robot/ns1"',
  });
  assert.deepEqual(authorize(policy, user('u'), res('list', '', 'pods', { ns: 'ns1' })), { allowed: true, reason: 'RBAC: allowed by ClusterRoleBinding "crb" of ClusterRole "view" to User "u"' });
  assert.deepEqual(authorize(policy, user('u'), res('delete', '', 'pods', { ns: 'ns1', name: 'p' })), { allowed: false });
  assert.deepEqual(authorize(policy, user('x', 'g'), res('get', '', 'pods', { ns: 'ns1', name: 'p' })), {
    allowed: false,
    reason: 'RBAC: [role.rbac.authorization.k8s.io "gone" not found, clusterrole.rbac.authorization.k8s.io "gone-too" not found]',
  });
  // the errors are only a reason to deny; another binding may still allow
  assert.equal(authorize(policy, user('u', 'g'), res('get', '', 'pods', { ns: 'ns1', name: 'p' })).allowed, true);
});

test('1 000 role bindings and 300 cluster roles: a decision looks at the user\'s bindings only', () => {
  const f: Fixture = { clusterRoles: [], roleBindings: [], clusterRoleBindings: [] };
  for (let i = 0; i < 300; i++) f.clusterRoles!.push({ name: `role-${i}`, rules: [rule('get,list,watch', '', `things${i}`), rule('create', 'apps', 'deployments')] });
  for (let i = 0; i < 1000; i++) f.roleBindings!.push({ namespace: `ns${i % 100}`, name: `b${i}`, role: `role-${i % 300}`, kind: 'ClusterRole', subjects: [`User:student${i}`] });
  for (let i = 0; i < 50; i++) f.clusterRoleBindings!.push({ name: `crb${i}`, role: `role-${i}`, subjects: [`Group:team${i}`] });
  const policy = policyOf(f);
  let allowed = 0;
  for (let i = 0; i < 1000; i++) {
    if (authorize(policy, user(`student${i}`, 'system:authenticated'), res('create', 'apps', 'deployments', { ns: `ns${i % 100}` })).allowed) allowed++;
  }
  assert.equal(allowed, 1000);
  assert.equal(authorize(policy, user('student1'), res('create', 'apps', 'deployments', { ns: 'ns2' })).allowed, false);
  // what a decision walks: of ns5's 10 bindings and the 50 cluster bindings, the student's one only
  const student = user('student5', 'system:authenticated');
  assert.deepEqual(candidates(policy.roleBindings.get('ns5'), student).map((b) => b.metadata.name), ['b5']);
  assert.deepEqual(candidates(policy.clusterRoleBindings, student), []);
  assert.deepEqual(candidates(policy.clusterRoleBindings, user('x', 'team7')).map((b) => b.metadata.name), ['crb7']);
});
