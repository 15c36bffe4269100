/**
 * `timonier kubeconfig create --user NAME [--group G]... [--namespace NS] [--ttl 24h]` and
 * `timonier kubeconfig revoke --user NAME`: people's credentials, made with the admin's kubeconfig
 * (--kubeconfig, $KUBECONFIG, .timonier/kubeconfig, ~/.kube/config, as `timonier token create`).
 * create makes (or updates the groups of) the identity.timonier.dev User and asks the API for a
 * token (users/<name>/token, an authorized and audited call); it prints a kubeconfig with the
 * admin's server and CA, the user and its token, and a context in the namespace: `> alice.kubeconfig`.
 * revoke deletes the User: every token it had stops working. Scripts rely on both command lines.
 */
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { adminConnection, parseDuration, type AdminConnection } from '../node-agent/tunnel/token-create.ts';
import { httpsRequest } from '../node-agent/tunnel/https.ts';

const USAGE = `usage: timonier kubeconfig create --user NAME [--group GROUP]... [--namespace NS] [--ttl DURATION] [--kubeconfig FILE]
       timonier kubeconfig revoke --user NAME [--kubeconfig FILE]
  create      prints a kubeconfig for the user (creating the user, or updating its groups)
  revoke      deletes the user: every token issued for it stops working
  --user      the user name
  --group     a group of the user (repeatable)
  --namespace the namespace of the kubeconfig's context
  --ttl       how long the token is valid, e.g. 720h, 30m (default 24h, at most 8760h)
  --kubeconfig  admin credentials (default: $KUBECONFIG, .timonier/kubeconfig, ~/.kube/config)`;

const USERS = '/apis/identity.timonier.dev/v1alpha1/users';
const MAX_TTL_SECONDS = 8760 * 3600;
const CLUSTER = 'timonier';

export async function kubeconfigCommand(argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub !== 'create' && sub !== 'revoke') {
    if (!sub || sub === '-h' || sub === '--help') return console.log(USAGE);
    console.error(`timonier kubeconfig: unknown subcommand "${sub}"\n${USAGE}`);
    process.exit(2);
  }
  let values;
  try {
    values = parseArgs({
      args: rest,
      options: {
        user: { type: 'string' },
        group: { type: 'string', multiple: true },
        namespace: { type: 'string' },
        ttl: { type: 'string', default: '24h' },
        kubeconfig: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
    if (values.help) return console.log(USAGE);
    if (!values.user) throw new Error('--user is required');
    if (sub === 'revoke' && (values.group || values.namespace)) throw new Error('revoke takes only --user and --kubeconfig');
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  try {
    const conn = await adminConnection(values.kubeconfig);
    if (sub === 'revoke') {
      const gone = await revokeUser(conn, values.user);
      console.error(gone ? `user "${values.user}" deleted: its tokens no longer work` : `user "${values.user}" does not exist: nothing to revoke`);
      return;
    }
    const ttlSeconds = parseDuration(values.ttl!);
    if (ttlSeconds <= 0 || ttlSeconds > MAX_TTL_SECONDS) throw new Error(`--ttl must be more than 0 and at most 8760h, not "${values.ttl}"`);
    const { token, expirationTimestamp } = await createUserToken(conn, { user: values.user, groups: values.group ?? [], ttlSeconds });
    process.stdout.write(userKubeconfig(conn, { user: values.user, token, namespace: values.namespace }));
    console.error(`kubeconfig of user "${values.user}" written; its token expires at ${expirationTimestamp}`);
  } catch (e) {
    console.error(`timonier kubeconfig ${sub}: ${(e as Error).message}`);
    process.exit(1);
  }
}

async function call(conn: AdminConnection, method: string, path: string, body?: unknown, contentType?: string) {
  return httpsRequest(new URL(path, conn.server).href, { method, body, token: conn.token, ca: conn.caPem, insecure: conn.insecure, contentType });
}

function failure(method: string, path: string, res: { status: number; text: string; json: unknown }): Error {
  return new Error(`${method} ${path}: ${res.status} ${(res.json as { message?: string } | undefined)?.message ?? res.text}`);
}

/** Makes the User (or sets its groups) and returns a new token for it. */
export async function createUserToken(conn: AdminConnection, opts: { user: string; groups: string[]; ttlSeconds: number }): Promise<{ token: string; expirationTimestamp: string }> {
  const path = `${USERS}/${encodeURIComponent(opts.user)}`;
  const spec = { groups: opts.groups };
  const created = await call(conn, 'POST', `${USERS}?fieldManager=timonier-kubeconfig`, { apiVersion: 'identity.timonier.dev/v1alpha1', kind: 'User', metadata: { name: opts.user }, spec });
  if (created.status === 409) {
    const patched = await call(conn, 'PATCH', `${path}?fieldManager=timonier-kubeconfig`, { spec }, 'application/merge-patch+json');
    if (patched.status !== 200) throw failure('PATCH', path, patched);
  } else if (created.status !== 201) throw failure('POST', USERS, created);
  const req = { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: opts.ttlSeconds } };
  const res = await call(conn, 'POST', `${path}/token`, req);
  if (res.status !== 201) throw failure('POST', `${path}/token`, res);
  return (res.json as { status: { token: string; expirationTimestamp: string } }).status;
}

/** Deletes the User; false when there was none. */
export async function revokeUser(conn: AdminConnection, user: string): Promise<boolean> {
  const path = `${USERS}/${encodeURIComponent(user)}`;
  const res = await call(conn, 'DELETE', path);
  if (res.status === 404) return false;
  if (res.status !== 200) throw failure('DELETE', path, res);
  return true;
}

/** A kubeconfig for the user: the admin's server and CA, the token, a context in the namespace. */
export function userKubeconfig(conn: AdminConnection, opts: { user: string; token: string; namespace?: string }): string {
  const cluster: Record<string, unknown> = { server: conn.server };
  if (conn.caPem) cluster['certificate-authority-data'] = Buffer.from(conn.caPem).toString('base64');
  if (conn.insecure) cluster['insecure-skip-tls-verify'] = true;
  const context = `${opts.user}@${CLUSTER}`;
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    preferences: {},
    clusters: [{ name: CLUSTER, cluster }],
    users: [{ name: opts.user, user: { token: opts.token } }],
    contexts: [{ name: context, context: { cluster: CLUSTER, user: opts.user, ...(opts.namespace ? { namespace: opts.namespace } : {}) } }],
    'current-context': context,
  });
}
