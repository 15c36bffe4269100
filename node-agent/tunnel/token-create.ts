/**
 * `timonier token create [--ttl 24h] [--description TEXT] [--kubeconfig FILE]`: a join token for
 * node agents, made with the kubeconfig's (admin) credentials, as `kubeadm token create` does:
 * - the Secret kube-system/bootstrap-token-<id> (type bootstrap.kubernetes.io/token) that makes it valid;
 * - kube-public/cluster-info (server and CA, created if missing) signed with the token, so a
 *   node given only the token can check the CA it is told (cluster-info.ts).
 * The token alone is printed on stdout (`T=$(timonier token create)`); the hint goes to stderr.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { bootstrapSecret, generateToken } from '../../workers/apiserver/auth/bootstrap-token.ts';
import { CLUSTER_INFO, CLUSTER_INFO_PATH, clusterInfoKubeconfig, signatureKey, signKubeconfig } from './cluster-info.ts';
import { httpsRequest, type HttpsOptions } from './https.ts';
import { apiUrl } from '../../lib/client/url.ts';
import { getCluster, inTenant, rootOf } from '../../local/tenant-api.ts';

const USAGE = `usage: timonier token create [--cluster NAME] [--ttl DURATION] [--description TEXT] [--kubeconfig FILE]
  --cluster      a tenant cluster (timonier cluster create): the token joins nodes to it only
  --ttl          how long the token can be used to join, e.g. 24h, 30m, 1h30m; 0 = forever (default 24h)
  --description  kept in the token's Secret
  --kubeconfig   credentials to create it with (default: $KUBECONFIG, .timonier/kubeconfig, ~/.kube/config)`;

export interface AdminConnection {
  server: string;
  token: string;
  caPem?: string;
  insecure: boolean;
}

export async function tokenCommand(argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub !== 'create') {
    console.error(sub ? `timonier token: unknown subcommand "${sub}"\n${USAGE}` : USAGE);
    process.exit(sub ? 2 : 0);
  }
  let values;
  try {
    values = parseArgs({ args: rest, options: { cluster: { type: 'string' }, ttl: { type: 'string', default: '24h' }, description: { type: 'string' }, kubeconfig: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) return console.log(USAGE);
  try {
    const ttlSeconds = parseDuration(values.ttl!);
    const admin = await adminConnection(values.kubeconfig);
    // a root administrator's credentials are valid in every tenant, under its path
    const conn = values.cluster ? inTenant(rootOf(admin), values.cluster) : admin;
    if (values.cluster && !(await getCluster(rootOf(admin), values.cluster))) throw new Error(`cluster "${values.cluster}" does not exist (timonier cluster create ${values.cluster})`);
    const token = await createJoinToken(conn, { ttlSeconds, description: values.description });
    console.log(token);
    console.error(`join a node with: npx timonier node-agent join --server ${conn.server} --token ${token}`);
  } catch (e) {
    console.error(`timonier token create: ${(e as Error).message}`);
    process.exit(1);
  }
}

/** Creates the token's Secret and signs cluster-info with it; returns `<id>.<secret>`. */
export async function createJoinToken(conn: AdminConnection, opts: { ttlSeconds: number; description?: string; now?: Date }): Promise<string> {
  const { id, secret, token } = generateToken();
  const expiration = opts.ttlSeconds > 0 ? new Date((opts.now ?? new Date()).getTime() + opts.ttlSeconds * 1000) : undefined;
  const description = opts.description ?? 'join token made by timonier token create';
  await call(conn, 'POST', '/api/v1/namespaces/kube-system/secrets?fieldManager=timonier-token', bootstrapSecret(id, secret, expiration, description), 201);

  let info = await call(conn, 'GET', CLUSTER_INFO_PATH, undefined, 200, true);
  if (!info) {
    if (!conn.caPem) throw new Error('cluster-info does not exist yet and this kubeconfig names no CA to publish in it');
    const data = { kubeconfig: clusterInfoKubeconfig(conn.server, conn.caPem) };
    const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: CLUSTER_INFO.name, namespace: CLUSTER_INFO.namespace }, data };
    info = (await call(conn, 'POST', `/api/v1/namespaces/${CLUSTER_INFO.namespace}/configmaps?fieldManager=timonier-token`, configMap, 201, true)) ?? (await call(conn, 'GET', CLUSTER_INFO_PATH, undefined, 200));
  }
  const kubeconfig = (info as { data?: Record<string, string> }).data?.kubeconfig;
  if (!kubeconfig) throw new Error(`${CLUSTER_INFO.namespace}/${CLUSTER_INFO.name} holds no kubeconfig`);
  const patch = { data: { [signatureKey(id)]: await signKubeconfig(kubeconfig, id, secret) } };
  await call(conn, 'PATCH', `${CLUSTER_INFO_PATH}?fieldManager=timonier-token`, patch, 200, false, 'application/merge-patch+json');
  return token;
}

/** Sends one request; `tolerate` turns 404 and 409 into `undefined`. */
async function call(conn: AdminConnection, method: string, path: string, body: unknown, expect: number, tolerate = false, contentType?: string): Promise<unknown> {
  const opts: HttpsOptions = { method, body, token: conn.token, ca: conn.caPem, insecure: conn.insecure, contentType };
  const res = await httpsRequest(apiUrl(conn.server, path).href, opts);
  if (res.status === expect) return res.json;
  if (tolerate && (res.status === 404 || res.status === 409)) return undefined;
  throw new Error(`${method} ${path}: ${res.status} ${(res.json as { message?: string } | undefined)?.message ?? res.text}`);
}

/** The server and admin credentials of a kubeconfig's current context. */
export async function adminConnection(file?: string): Promise<AdminConnection> {
  const path = file ?? process.env.KUBECONFIG?.split(':').find(Boolean) ?? [resolve('.timonier/kubeconfig'), resolve(homedir(), '.kube/config')].find((p) => existsSync(p));
  if (!path) throw new Error('no kubeconfig found: start the control plane (npm start) or pass --kubeconfig');
  const config = parse(await readFile(path, 'utf8')) as Kubeconfig;
  const context = config.contexts?.find((c) => c.name === config['current-context'])?.context;
  if (!context) throw new Error(`${path}: no current context`);
  const cluster = config.clusters?.find((c) => c.name === context.cluster)?.cluster;
  const user = config.users?.find((u) => u.name === context.user)?.user;
  if (!cluster?.server) throw new Error(`${path}: the current context's cluster has no server`);
  if (!user?.token) throw new Error(`${path}: the current context's user has no token (only token credentials are supported)`);
  let caPem: string | undefined;
  if (cluster['certificate-authority-data']) caPem = Buffer.from(cluster['certificate-authority-data'], 'base64').toString('utf8');
  else if (cluster['certificate-authority']) caPem = await readFile(resolve(path, '..', cluster['certificate-authority']), 'utf8');
  return { server: cluster.server, token: user.token, caPem, insecure: cluster['insecure-skip-tls-verify'] === true };
}

interface Kubeconfig {
  'current-context'?: string;
  contexts?: { name: string; context?: { cluster?: string; user?: string } }[];
  clusters?: { name: string; cluster?: { server?: string; 'certificate-authority-data'?: string; 'certificate-authority'?: string; 'insecure-skip-tls-verify'?: boolean } }[];
  users?: { name: string; user?: { token?: string } }[];
}

/** Go-style durations: `24h`, `1h30m`, `90s`, `0`. */
export function parseDuration(text: string): number {
  if (text === '0') return 0;
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
  if (!m || !text) throw new Error(`--ttl must be a duration like 24h, 30m or 1h30m, not "${text}"`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}
