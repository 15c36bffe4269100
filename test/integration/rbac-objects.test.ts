/**
 * The RBAC kinds with the real kubectl: typed creates (protobuf bodies), tables, validation,
 * roleRef immutability, `kubectl auth reconcile`, the default policy reconciled at start and the
 * ClusterRole aggregation controller.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';

const cluster = useCluster();

async function ok(args: string[], input?: string) {
  const r = await cluster.kubectl(args, { input });
  assert.equal(r.code, 0, `kubectl ${args.join(' ')} failed:\n${r.stderr}\n${r.stdout}`);
  return r.stdout;
}

/** Polls `check` until it returns true (bounded); the last failure is the assertion message. */
async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.fail(`timed out waiting for ${what}`);
}

test('typed kubectl create of the four kinds (protobuf bodies)', async () => {
  await ok(['create', 'namespace', 'rbac1']);
  assert.equal((await ok(['-n', 'rbac1', 'create', 'role', 'pod-reader', '--verb=get,list,watch', '--resource=pods,pods/log', '--resource-name=a'])).trim(), 'role.rbac.authorization.k8s.io/pod-reader created');
  const role = JSON.parse(await ok(['-n', 'rbac1', 'get', 'role', 'pod-reader', '-o', 'json']));
  assert.deepEqual(role.rules, [{ apiGroups: [''], resources: ['pods', 'pods/log'], resourceNames: ['a'], verbs: ['get', 'list', 'watch'] }]);

  assert.equal((await ok(['create', 'clusterrole', 'health-reader', '--verb=get', '--non-resource-url=/healthz,/readyz/*'])).trim(), 'clusterrole.rbac.authorization.k8s.io/health-reader created');
  assert.equal((await ok(['create', 'clusterrole', 'deploy-admin', '--verb=*', '--resource=deployments.apps,replicasets.apps/scale'])).trim(), 'clusterrole.rbac.authorization.k8s.io/deploy-admin created');
  const cr = JSON.parse(await ok(['get', 'clusterrole', 'deploy-admin', '-o', 'json']));
  assert.deepEqual(cr.rules, [{ apiGroups: ['apps'], resources: ['deployments', 'replicasets/scale'], verbs: ['*'] }]);
  assert.equal((await ok(['create', 'clusterrole', 'agg', '--aggregation-rule=example.com/agg=true'])).trim(), 'clusterrole.rbac.authorization.k8s.io/agg created');
  const agg = JSON.parse(await ok(['get', 'clusterrole', 'agg', '-o', 'json']));
  assert.deepEqual(agg.aggregationRule, { clusterRoleSelectors: [{ matchLabels: { 'example.com/agg': 'true' } }] });

  assert.equal(
    (await ok(['-n', 'rbac1', 'create', 'rolebinding', 'readers', '--role=pod-reader', '--user=alice', '--user=bob', '--group=eleves', '--serviceaccount=rbac1:default'])).trim(),
    'rolebinding.rbac.authorization.k8s.io/readers created',
  );
  const rb = JSON.parse(await ok(['-n', 'rbac1', 'get', 'rolebinding', 'readers', '-o', 'json']));
  assert.deepEqual(rb.roleRef, { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' });
  assert.deepEqual(rb.subjects, [
    { apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'alice' },
    { apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'bob' },
    { apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'eleves' },
    { kind: 'ServiceAccount', name: 'default', namespace: 'rbac1' },
  ]);
  assert.equal((await ok(['create', 'clusterrolebinding', 'health', '--clusterrole=health-reader', '--group=system:authenticated'])).trim(), 'clusterrolebinding.rbac.authorization.k8s.io/health created');
});

test('tables: clusterroles (NAME, CREATED AT), rolebindings -o wide', async () => {
  const crs = await ok(['get', 'clusterroles', 'health-reader', 'deploy-admin']);
  assert.match(crs, /^NAME\s+CREATED AT$/m);
  assert.match(crs, /^health-reader\s+\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/m);
  const rbs = await ok(['-n', 'rbac1', 'get', 'rolebindings', '-o', 'wide']);
  assert.match(rbs, /^NAME\s+ROLE\s+AGE\s+USERS\s+GROUPS\s+SERVICEACCOUNTS$/m);
  assert.match(rbs, /^readers\s+Role\/pod-reader\s+\d+s\s+alice, bob\s+eleves\s+rbac1\/default$/m);
  const crbs = await ok(['get', 'clusterrolebinding', 'health']);
  assert.match(crbs, /^NAME\s+ROLE\s+AGE$/m);
  assert.match(crbs, /^health\s+ClusterRole\/health-reader\s+\d+s$/m);
});

test('validation errors: 422 with Kubernetes messages', async () => {
  const bad = await cluster.api('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/rbac1/roles', {
    body: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'bad' }, rules: [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }, { verbs: [], apiGroups: [''], resources: ['pods'] }] },
  });
  assert.equal(bad.status, 422);
  assert.equal(
    bad.json.message,
    'Role.rbac.authorization.k8s.io "bad" is invalid: [rules[0].nonResourceURLs: Invalid value: []string{"/healthz"}: namespaced rules cannot apply to non-resource URLs, rules[1].verbs: Required value: verbs must contain at least one value]',
  );
  const crb = await cluster.kubectl(['create', 'clusterrolebinding', 'sa-no-ns', '--clusterrole=view'], {});
  assert.equal(crb.code, 0, crb.stderr); // no subjects is valid
  const r = await cluster.kubectl(['apply', '-f', '-'], {
    input: 'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: bad\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: Role\n  name: view\nsubjects:\n- kind: ServiceAccount\n  name: default\n',
  });
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /The ClusterRoleBinding "bad" is invalid: \n\* roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"\n\* subjects\[0\].namespace: Required value\n/);
});

test('roleRef cannot change', async () => {
  const r = await cluster.kubectl(['apply', '-f', '-'], {
    input: 'apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: readers\n  namespace: rbac1\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: ClusterRole\n  name: view\n',
  });
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /The RoleBinding "readers" is invalid: roleRef: Invalid value: rbac.RoleRef\{APIGroup:"rbac.authorization.k8s.io", Kind:"ClusterRole", Name:"view"\}: cannot change roleRef/);
});

type Rule = { verbs: string[]; apiGroups?: string[]; resources?: string[] };
const hasRule = (rules: Rule[] | undefined, group: string, resource: string, verb: string) =>
  (rules ?? []).some((r) => r.apiGroups?.includes(group) && r.resources?.includes(resource) && r.verbs.includes(verb));

test('the default policy is there at start, with the aggregated admin, edit and view', async () => {
  const names = await ok(['get', 'clusterroles', '-o', 'name']);
  for (const n of ['cluster-admin', 'admin', 'edit', 'view', 'system:discovery', 'system:basic-user', 'system:public-info-viewer', 'system:node', 'system:node-bootstrapper', 'system:controller:clusterrole-aggregation-controller'])
    assert.match(names, new RegExp(`^clusterrole.rbac.authorization.k8s.io/${n}$`, 'm'));
  const ca = JSON.parse(await ok(['get', 'clusterrolebinding', 'cluster-admin', '-o', 'json']));
  assert.deepEqual(ca.subjects, [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'system:masters' }]);
  assert.equal(ca.metadata.annotations['rbac.authorization.kubernetes.io/autoupdate'], 'true');
  assert.equal(ca.metadata.labels['kubernetes.io/bootstrapping'], 'rbac-defaults');
  assert.match(await ok(['-n', 'kube-system', 'get', 'rolebindings']), /^system::leader-locking-kube-scheduler\s+Role\/system::leader-locking-kube-scheduler\s+/m);

  // admin = its own rules + edit's (which include view's), once the controller has run
  await eventually('admin to aggregate edit and view', async () => {
    const admin = JSON.parse(await ok(['get', 'clusterrole', 'admin', '-o', 'json']));
    return hasRule(admin.rules, 'rbac.authorization.k8s.io', 'rolebindings', 'create') && hasRule(admin.rules, '', 'pods/exec', 'create') && hasRule(admin.rules, '', 'pods/log', 'get');
  });
  const yaml = await ok(['get', 'clusterrole', 'admin', '-o', 'yaml']);
  assert.match(yaml, /aggregationRule:\n  clusterRoleSelectors:\n  - matchLabels:\n      rbac.authorization.k8s.io\/aggregate-to-admin: "true"/);
  const view = JSON.parse(await ok(['get', 'clusterrole', 'view', '-o', 'json']));
  assert.ok(hasRule(view.rules, 'apps', 'deployments', 'list'));
  assert.ok(!hasRule(view.rules, '', 'secrets', 'get'), 'view never reads secrets');
});

test('a ClusterRole labelled aggregate-to-view shows up in view, edit and admin', async () => {
  await ok(['apply', '-f', '-'], 'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: widgets-view\n  labels:\n    rbac.authorization.k8s.io/aggregate-to-view: "true"\nrules:\n- apiGroups: ["example.com"]\n  resources: ["widgets"]\n  verbs: ["get", "list", "watch"]\n');
  for (const name of ['view', 'edit', 'admin'])
    await eventually(`${name} to include widgets`, async () => hasRule(JSON.parse(await ok(['get', 'clusterrole', name, '-o', 'json'])).rules, 'example.com', 'widgets', 'watch'));
  await ok(['delete', 'clusterrole', 'widgets-view']);
  await eventually('view to drop widgets', async () => !hasRule(JSON.parse(await ok(['get', 'clusterrole', 'view', '-o', 'json'])).rules, 'example.com', 'widgets', 'watch'));
});

test('kubectl auth reconcile -f creates, then completes, roles and bindings', async () => {
  await ok(['create', 'namespace', 'rbac2']);
  const policy = (verbs: string, user: string) => `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: cm-editor
  namespace: rbac2
rules:
- apiGroups: [""]
  resources: ["configmaps"]
  verbs: [${verbs}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: cm-editors
  namespace: rbac2
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: cm-editor
subjects:
- kind: User
  name: ${user}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: nodes-reader
rules:
- apiGroups: [""]
  resources: ["nodes"]
  verbs: ["get"]
`;
  const first = await ok(['auth', 'reconcile', '-f', '-'], policy('"get"', 'alice'));
  assert.match(first, /role.rbac.authorization.k8s.io\/cm-editor reconciled/);
  assert.match(first, /rolebinding.rbac.authorization.k8s.io\/cm-editors reconciled/);
  assert.match(first, /clusterrole.rbac.authorization.k8s.io\/nodes-reader reconciled/);
  await ok(['auth', 'reconcile', '-f', '-'], policy('"get", "update"', 'bob'));
  const role = JSON.parse(await ok(['-n', 'rbac2', 'get', 'role', 'cm-editor', '-o', 'json']));
  assert.ok(hasRule(role.rules, '', 'configmaps', 'get') && hasRule(role.rules, '', 'configmaps', 'update'));
  const rb = JSON.parse(await ok(['-n', 'rbac2', 'get', 'rolebinding', 'cm-editors', '-o', 'json']));
  assert.deepEqual(rb.subjects.map((s: { name: string }) => s.name), ['alice', 'bob']);
});
