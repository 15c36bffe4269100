/**
 * Who a request is: people's tokens (`timonier kubeconfig create/revoke`, expiry, revocation),
 * OIDC issuers configured as Kubernetes' AuthenticationConfiguration, impersonation, and
 * service-account tokens (groups, claims, user extra, bound-token invalidation).
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { useCluster } from '../support/cluster.ts';
import { startIssuer, type Issuer } from '../support/oidc-issuer.ts';

const CLI = fileURLToPath(new URL('../../bin/timonier.mjs', import.meta.url));
const USERS = '/apis/identity.timonier.dev/v1alpha1/users';

// the issuer starts first (at load: root before hooks run concurrently): the control plane is
// started with its URL and CA
const issuerDir = await mkdtemp(join(tmpdir(), 'timonier-oidc-'));
const issuer: Issuer = await startIssuer(join(issuerDir, 'pki'));
const authenticationConfig = join(issuerDir, 'authn.json');
await writeFile(
  authenticationConfig,
  JSON.stringify({
    apiVersion: 'apiserver.config.k8s.io/v1beta1',
    kind: 'AuthenticationConfiguration',
    jwt: [
      {
        issuer: { url: issuer.url, audiences: ['timonier', 'other'], audienceMatchPolicy: 'MatchAny', certificateAuthority: issuer.caPem },
        claimValidationRules: [{ claim: 'hd', requiredValue: 'school.example' }],
        claimMappings: { username: { claim: 'sub', prefix: 'oidc:' }, groups: { claim: 'groups', prefix: 'oidc:' } },
      },
    ],
  }),
);
after(async () => {
  await issuer.close();
  await rm(issuerDir, { recursive: true, force: true });
});
const cluster = useCluster({ authenticationConfig });

// `kubectl auth whoami` for everyone authenticated, as the default role system:basic-user allows
// (once, from the tests: root before hooks run concurrently with the cluster's start)
let granted: Promise<void> | undefined;
const grantWhoami = () => (granted ??= grant());
async function grant() {
  const role = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'identity-test-whoami' }, rules: [{ apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'], verbs: ['create'] }] };
  const binding = {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name: 'identity-test-whoami' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'identity-test-whoami' },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'system:authenticated' }],
  };
  assert.equal((await cluster.api('POST', '/apis/rbac.authorization.k8s.io/v1/clusterroles', { body: role })).status, 201);
  assert.equal((await cluster.api('POST', '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', { body: binding })).status, 201);
}

const run = promisify(execFile);
async function cli(args: string[]) {
  return run(process.execPath, [CLI, 'kubeconfig', ...args, '--kubeconfig', cluster.cp.kubeconfigPath]);
}

/** `kubectl auth whoami` with a kubeconfig, a token, or extra flags. */
async function whoami(args: string[]) {
  await grantWhoami();
  return cluster.kubectl([...args, 'auth', 'whoami']);
}

const status = async (token: string) => (await cluster.api('GET', '/version', { token })).status;

/** Polls until `check` holds (bounded: tokens' validity follows deletions within seconds). */
async function eventually(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}

test('impersonation as the admin: kubectl --as alice --as-group eleves auth whoami', async () => {
  const r = await whoami(['--as', 'alice', '--as-group', 'eleves']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^Username\s+alice$/m);
  assert.match(r.stdout, /^Groups\s+\[eleves system:authenticated\]$/m);
  const sa = await whoami(['--as', 'system:serviceaccount:ns1:robot']);
  assert.match(sa.stdout, /^Groups\s+\[system:serviceaccounts system:serviceaccounts:ns1 system:authenticated\]$/m);
  const uid = await whoami(['--as', 'bob', '--as-uid', 'u-123']);
  assert.match(uid.stdout, /^UID\s+u-123$/m);
});

let aliceToken = '';
test('timonier kubeconfig create prints a working kubeconfig for alice; revoke ends her tokens', async () => {
  const { stdout } = await cli(['create', '--user', 'alice', '--group', 'eleves', '--namespace', 'alice', '--ttl', '720h']);
  const file = join(cluster.dir, 'alice.kubeconfig');
  await writeFile(file, stdout);
  const admin = (await import('yaml')).parse(stdout);
  assert.equal(admin['current-context'], 'alice@timonier');
  assert.equal(admin.contexts[0].context.namespace, 'alice');
  assert.equal(admin.clusters[0].cluster.server, cluster.cp.url);
  assert.equal(Buffer.from(admin.clusters[0].cluster['certificate-authority-data'], 'base64').toString(), cluster.cp.caPem);
  aliceToken = admin.users[0].user.token;

  const r = await whoami(['--kubeconfig', file]);
  assert.equal(r.code, 0, r.stderr);
  const user = (await cluster.api('GET', `${USERS}/alice`)).json;
  assert.match(r.stdout, /^Username\s+alice$/m);
  assert.match(r.stdout, new RegExp(`^UID\\s+${user.metadata.uid}$`, 'm'));
  assert.match(r.stdout, /^Groups\s+\[eleves system:authenticated\]$/m);
  assert.match(r.stdout, /^Extra: authentication\.kubernetes\.io\/credential-id\s+\[JTI=[0-9a-f-]{36}\]$/m);

  // kubectl get users shows them; a second create reuses the User and sets its groups
  const table = await cluster.kubectl(['get', 'users']);
  assert.match(table.stdout, /^NAME\s+GROUPS\s+AGE$/m);
  assert.match(table.stdout, /^alice\s+eleves\s+\S+$/m);
  const again = await cli(['create', '--user', 'alice', '--group', 'eleves', '--group', 'profs', '--ttl', '1h']);
  const second = (await import('yaml')).parse(again.stdout).users[0].user.token;
  assert.equal((await cluster.api('GET', `${USERS}/alice`)).json.metadata.uid, user.metadata.uid);
  assert.match((await cluster.kubectl(['--token', aliceToken, 'auth', 'whoami'])).stdout, /^Groups\s+\[eleves profs system:authenticated\]$/m);

  const revoked = await cli(['revoke', '--user', 'alice']);
  assert.match(revoked.stderr, /deleted/);
  assert.equal(await status(aliceToken), 401);
  assert.equal(await status(second), 401);
  // a new alice is another User: the old tokens stay dead
  await cli(['create', '--user', 'alice']);
  assert.equal(await status(aliceToken), 401);
});

test('a user token expires; issuing is an API call with validation', async () => {
  assert.equal((await cluster.api('POST', USERS, { body: { apiVersion: 'identity.timonier.dev/v1alpha1', kind: 'User', metadata: { name: 'bob' } } })).status, 201);
  const issued = await cluster.api('POST', `${USERS}/bob/token`, { body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: 2 } } });
  assert.equal(issued.status, 201, issued.text);
  const token = issued.json.status.token;
  assert.equal(await status(token), 200);
  await new Promise((r) => setTimeout(r, 2500));
  assert.equal(await status(token), 401);

  const missing = await cluster.api('POST', `${USERS}/nobody/token`, { body: {} });
  assert.equal(missing.status, 404);
  assert.equal(missing.json.message, 'users.identity.timonier.dev "nobody" not found');
  const reserved = await cluster.api('POST', USERS, { body: { apiVersion: 'identity.timonier.dev/v1alpha1', kind: 'User', metadata: { name: 'system:admin' } } });
  assert.equal(reserved.status, 422);
});

test('OIDC: a token of the configured issuer authenticates with prefixed name and groups', async () => {
  const good = await issuer.sign({ sub: 'carol', aud: 'timonier', groups: ['profs'], hd: 'school.example' });
  // the issuer's first use by concurrent requests: each fetches the keys or uses settled ones,
  // none waits on another's fetch (workerd would cancel it: the file fails on its warning)
  assert.deepEqual(await Promise.all(Array.from({ length: 8 }, () => status(good))), Array(8).fill(200));
  const r = await whoami(['--token', good]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^Username\s+oidc:carol$/m);
  assert.match(r.stdout, /^Groups\s+\[oidc:profs system:authenticated\]$/m);

  const now = Math.floor(Date.now() / 1000);
  const refused = {
    'wrong audience': await issuer.sign({ sub: 'carol', aud: 'elsewhere', hd: 'school.example' }),
    expired: await issuer.sign({ sub: 'carol', aud: 'timonier', hd: 'school.example', iat: now - 600, exp: now - 60 }),
    'wrong issuer': await issuer.sign({ sub: 'carol', aud: 'timonier', hd: 'school.example' }, { issuer: 'https://127.0.0.1:1' }),
    'claim rule unmet': await issuer.sign({ sub: 'carol', aud: 'timonier', hd: 'other.example' }),
    'no exp': await issuer.sign({ sub: 'carol', aud: 'timonier', hd: 'school.example', exp: undefined }),
  };
  for (const [why, token] of Object.entries(refused)) assert.equal(await status(token), 401, why);
});

test('service-account tokens: groups, claims and extra; refused impersonation; bound tokens die with their pod', async () => {
  assert.equal((await cluster.kubectl(['create', 'serviceaccount', 'robot'])).code, 0);
  const made = await cluster.kubectl(['create', 'token', 'robot']);
  assert.equal(made.code, 0, made.stderr);
  const token = made.stdout.trim();
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  const sa = (await cluster.api('GET', '/api/v1/namespaces/default/serviceaccounts/robot')).json;
  assert.deepEqual(claims['kubernetes.io'], { namespace: 'default', serviceaccount: { name: 'robot', uid: sa.metadata.uid } });
  assert.deepEqual(claims.aud, ['https://kubernetes.default.svc.cluster.local']);

  const r = await whoami(['--token', token]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^Username\s+system:serviceaccount:default:robot$/m);
  assert.match(r.stdout, new RegExp(`^UID\\s+${sa.metadata.uid}$`, 'm'));
  assert.match(r.stdout, /^Groups\s+\[system:serviceaccounts system:serviceaccounts:default system:authenticated\]$/m);

  // a service account without the impersonate verb; the message is the GET's, which kubectl
  // sends once its discovery cache is filled (here as the admin, so the test stands alone)
  assert.equal((await cluster.kubectl(['get', 'pods'])).code, 0);
  const refused = await cluster.kubectl(['--token', token, '--as', 'alice', 'get', 'pods']);
  assert.notEqual(refused.code, 0);
  assert.equal(refused.stderr.trim(), 'Error from server (Forbidden): users "alice" is forbidden: User "system:serviceaccount:default:robot" cannot impersonate resource "users" in API group "" at the cluster scope');

  // bound to a pod: pod name and uid in the claims and the user extra, dead once the pod is gone
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { serviceAccountName: 'robot', containers: [{ name: 'c', image: 'nginx:1.30-alpine' }] } };
  assert.equal((await cluster.api('POST', '/api/v1/namespaces/default/pods', { body: pod })).status, 201);
  const podUid = (await cluster.api('GET', '/api/v1/namespaces/default/pods/p')).json.metadata.uid;
  const boundMade = await cluster.kubectl(['create', 'token', 'robot', '--bound-object-kind', 'Pod', '--bound-object-name', 'p']);
  assert.equal(boundMade.code, 0, boundMade.stderr);
  const bound = boundMade.stdout.trim();
  const b = await whoami(['--token', bound]);
  assert.match(b.stdout, /^Extra: authentication\.kubernetes\.io\/pod-name\s+\[p\]$/m);
  assert.match(b.stdout, new RegExp(`^Extra: authentication\\.kubernetes\\.io\\/pod-uid\\s+\\[${podUid}\\]$`, 'm'));
  const wrongSa = await cluster.kubectl(['create', 'token', 'default', '--bound-object-kind', 'Pod', '--bound-object-name', 'p']);
  assert.match(wrongSa.stderr, /cannot bind token for serviceaccount "default" to pod running with serviceaccount "robot"/);
  // the account and the pod are read at once, but an unknown account is still the answer
  const noSa = await cluster.kubectl(['create', 'token', 'nobody', '--bound-object-kind', 'Pod', '--bound-object-name', 'gone']);
  assert.equal(noSa.stderr.trim(), 'error: failed to create token: serviceaccounts "nobody" not found');

  assert.equal((await cluster.kubectl(['delete', 'pod', 'p', '--grace-period=0', '--force'])).code, 0);
  await eventually(async () => (await status(bound)) === 401);
  assert.equal(await status(token), 200);

  // deleting the service account ends its tokens; a new one of the same name does not revive them
  assert.equal((await cluster.kubectl(['delete', 'serviceaccount', 'robot'])).code, 0);
  assert.equal((await cluster.kubectl(['create', 'serviceaccount', 'robot'])).code, 0);
  await eventually(async () => (await status(token)) === 401);
});
