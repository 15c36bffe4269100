/**
 * RBAC with the real kubectl, as a service account bound by a RoleBinding (its token from
 * `kubectl create token`): Kubernetes' 403 texts, `auth can-i` and `can-i --list`, subject access
 * reviews created from files, the escalation check when binding cluster-admin, and a binding that
 * takes effect at once. The roles used are the test's own, so the file holds with or without the
 * default policy.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import { useCluster } from '../support/cluster.ts';

const cluster = useCluster();
const SA = 'system:serviceaccount:alice:robot';
const SA_GROUPS = '["system:serviceaccounts" "system:serviceaccounts:alice" "system:authenticated"]';
let token = '';

const POLICY = `
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: test-reviews}
rules:
- {apiGroups: [authorization.k8s.io], resources: [selfsubjectaccessreviews, selfsubjectrulesreviews], verbs: [create]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: test-reviews}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: test-reviews}
subjects:
- {apiGroup: rbac.authorization.k8s.io, kind: Group, name: system:authenticated}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: test-editor}
rules:
- {apiGroups: [apps], resources: [deployments], verbs: [create, get, list]}
- {apiGroups: [""], resources: [pods], verbs: [get, list]}
- {apiGroups: [""], resources: [configmaps], resourceNames: [settings], verbs: [get]}
- {apiGroups: [rbac.authorization.k8s.io], resources: [rolebindings], verbs: [create]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: robot-edit, namespace: alice}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: test-editor}
subjects:
- {kind: ServiceAccount, name: robot, namespace: alice}
`;

const CLUSTER_ADMIN = `
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: cluster-admin}
rules:
- {apiGroups: ["*"], resources: ["*"], verbs: ["*"]}
- {nonResourceURLs: ["*"], verbs: ["*"]}
`;

/** kubectl as the service account. */
const asRobot = (args: string[]) => cluster.kubectl([`--token=${token}`, ...args]);

async function ok(args: string[], input?: string) {
  const r = await cluster.kubectl(args, { input });
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

test('setup: namespaces, a service account bound in alice, its token', async () => {
  for (const ns of ['alice', 'bob']) await ok(['create', 'namespace', ns]);
  await ok(['-n', 'alice', 'create', 'serviceaccount', 'robot']);
  await ok(['apply', '-f', '-'], POLICY);
  // the default policy may already hold cluster-admin
  if ((await cluster.kubectl(['get', 'clusterrole', 'cluster-admin'])).code !== 0) await ok(['create', '-f', '-'], CLUSTER_ADMIN);
  token = (await ok(['-n', 'alice', 'create', 'token', 'robot'])).trim();
});

test("a denied request is Kubernetes' 403, with no reason appended", async () => {
  const r = await asRobot(['get', 'pods', '-n', 'bob']);
  assert.equal(r.code, 1);
  assert.equal(r.stderr.trim(), `Error from server (Forbidden): pods is forbidden: User "${SA}" cannot list resource "pods" in API group "" in the namespace "bob"`);
  const named = await asRobot(['get', 'configmap', 'other', '-n', 'alice']);
  assert.equal(named.stderr.trim(), `Error from server (Forbidden): configmaps "other" is forbidden: User "${SA}" cannot get resource "configmaps" in API group "" in the namespace "alice"`);
  assert.equal((await asRobot(['get', 'pods', '-n', 'alice'])).code, 0);
});

test('kubectl auth can-i answers from the authorizer', async () => {
  const can = async (...args: string[]) => {
    const r = await asRobot(['auth', 'can-i', ...args]);
    return `${r.code} ${r.stdout.trim()}`;
  };
  assert.equal(await can('create', 'deployments', '-n', 'alice'), '0 yes');
  assert.equal(await can('create', 'deployments', '-n', 'bob'), '1 no');
  assert.equal(await can('delete', 'deployments', '-n', 'alice'), '1 no');
  assert.equal(await can('get', 'configmaps/settings', '-n', 'alice'), '0 yes');
  assert.equal(await can('get', 'configmaps/other', '-n', 'alice'), '1 no');
  assert.equal(await can('list', 'pods', '--all-namespaces'), '1 no');
});

test('kubectl auth can-i --list prints the rules of the namespace', async () => {
  const r = await asRobot(['auth', 'can-i', '--list', '-n', 'alice']);
  assert.equal(r.code, 0, r.stderr);
  const rows = r.stdout.trim().split('\n').map((l) => l.trim().split(/\s{2,}/));
  assert.deepEqual(rows[0], ['Resources', 'Non-Resource URLs', 'Resource Names', 'Verbs']);
  const row = (resource: string) => rows.find((x) => x[0] === resource);
  assert.deepEqual(row('deployments.apps'), ['deployments.apps', '[]', '[]', '[create get list]']);
  assert.deepEqual(row('pods'), ['pods', '[]', '[]', '[get list]']);
  assert.deepEqual(row('configmaps'), ['configmaps', '[]', '[settings]', '[get]']);
  assert.deepEqual(row('selfsubjectaccessreviews.authorization.k8s.io'), ['selfsubjectaccessreviews.authorization.k8s.io', '[]', '[]', '[create]']);
  // in another namespace, only the cluster-wide rules
  const bob = await asRobot(['auth', 'can-i', '--list', '-n', 'bob']);
  assert.doesNotMatch(bob.stdout, /deployments\.apps/);
  assert.match(bob.stdout, /selfsubjectrulesreviews\.authorization\.k8s\.io/);
});

const sar = (kind: string, namespace: string | undefined, spec: object) =>
  JSON.stringify({ apiVersion: 'authorization.k8s.io/v1', kind, ...(namespace ? { metadata: { namespace } } : {}), spec });

// for a kind without a patch operation (the reviews are create-only) kubectl validates on its
// side, with /openapi/v2 (after listing CRDs)
const create = ['create', '-f', '-', '-o', 'yaml'];

test('SubjectAccessReview and LocalSubjectAccessReview from files', async () => {
  const allowed = parse(await ok(create, sar('SubjectAccessReview', undefined, { user: SA, groups: ['system:serviceaccounts'], resourceAttributes: { namespace: 'alice', verb: 'create', group: 'apps', resource: 'deployments' } })));
  assert.deepEqual(allowed.status, { allowed: true, reason: 'RBAC: allowed by RoleBinding "robot-edit/alice" of ClusterRole "test-editor" to ServiceAccount "robot/alice"' });
  assert.equal(allowed.spec.user, SA);

  const denied = parse(await ok(create, sar('LocalSubjectAccessReview', 'bob', { user: SA, resourceAttributes: { namespace: 'bob', verb: 'create', group: 'apps', resource: 'deployments' } })));
  assert.deepEqual(denied.status, { allowed: false });
  assert.equal(denied.metadata.namespace, 'bob');

  const urls = await cluster.api('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', { body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { groups: ['system:masters'], nonResourceAttributes: { path: '/metrics', verb: 'get' } } } });
  assert.equal(urls.status, 201, urls.text);
  assert.equal(urls.json.status.allowed, true);

  const mismatch = await cluster.api('POST', '/apis/authorization.k8s.io/v1/namespaces/alice/localsubjectaccessreviews', { body: { apiVersion: 'authorization.k8s.io/v1', kind: 'LocalSubjectAccessReview', spec: { user: 'x', resourceAttributes: { namespace: 'bob', verb: 'get', resource: 'pods' } } } });
  assert.equal(mismatch.status, 422);
  assert.equal(mismatch.json.message, 'LocalSubjectAccessReview.authorization.k8s.io "" is invalid: spec.resourceAttributes.namespace: Invalid value: "bob": must match metadata.namespace');

  const nobody = await cluster.api('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', { body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { resourceAttributes: { verb: 'get', resource: 'pods' } } } });
  assert.equal(nobody.json.message, 'SubjectAccessReview.authorization.k8s.io "" is invalid: spec.user: Invalid value: "": at least one of user or group must be specified');

  // the service account may not ask about others
  const forbidden = await cluster.api('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', { token, body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { user: 'x', resourceAttributes: { verb: 'get', resource: 'pods' } } } });
  assert.equal(forbidden.status, 403);
  assert.equal(forbidden.json.message, `subjectaccessreviews.authorization.k8s.io is forbidden: User "${SA}" cannot create resource "subjectaccessreviews" in API group "authorization.k8s.io" at the cluster scope`);
});

test("binding cluster-admin without holding it is Kubernetes' escalation 403", async () => {
  const r = await asRobot(['-n', 'alice', 'create', 'rolebinding', 'x', '--clusterrole=cluster-admin', '--user=alice']);
  assert.equal(r.code, 1);
  assert.equal(
    r.stderr.trim(),
    `error: failed to create rolebinding: rolebindings.rbac.authorization.k8s.io "x" is forbidden: user "${SA}" (groups=${SA_GROUPS}) is attempting to grant RBAC permissions not currently held:\n{APIGroups:["*"], Resources:["*"], Verbs:["*"]}\n{NonResourceURLs:["*"], Verbs:["*"]}`,
  );
  // a role whose permissions it holds may be bound
  const fine = await asRobot(['-n', 'alice', 'create', 'rolebinding', 'y', '--clusterrole=test-editor', '--user=alice']);
  assert.equal(fine.code, 0, fine.stderr);
});

test('a new RoleBinding takes effect at once', async () => {
  assert.equal((await asRobot(['get', 'pods', '-n', 'bob'])).code, 1);
  await ok(['-n', 'bob', 'create', 'rolebinding', 'robot-view', '--clusterrole=test-editor', '--serviceaccount=alice:robot']);
  const r = await asRobot(['get', 'pods', '-n', 'bob']);
  assert.equal(r.code, 0, r.stderr);
  await ok(['-n', 'bob', 'delete', 'rolebinding', 'robot-view']);
  assert.equal((await asRobot(['get', 'pods', '-n', 'bob'])).code, 1);
});
