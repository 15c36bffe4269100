/**
 * What the tenancy commands (`timonier cluster`, `timonier class`, `timonier token create
 * --cluster`) share: the root administrator's connection moved to a tenant's URL (root
 * administrators are administrators of every cluster), API calls that fail with the server's
 * message, people's tokens issued in a tenant, and kubeconfigs whose server is the tenant's.
 */
import { stringify } from 'yaml';
import type { Cluster } from '../lib/api/tenancy.ts';
import { apiUrl } from '../lib/client/url.ts';
import { httpsRequest, type Reply } from '../node-agent/tunnel/https.ts';
import type { AdminConnection } from '../node-agent/tunnel/token-create.ts';

export const CLUSTERS = '/apis/tenancy.timonier.dev/v1alpha1/clusters';
export const USERS = '/apis/identity.timonier.dev/v1alpha1/users';
export const CLUSTER_ROLE_BINDINGS = '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings';
const FIELD_MANAGER = 'timonier-cli';

/** `https://host:port/clusters/<name>`, whatever cluster `server` addresses. */
export function tenantServer(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = url.pathname.replace(/\/clusters\/[^/]+\/?$/, '').replace(/\/+$/, '') + `/clusters/${encodeURIComponent(name)}`;
  return url.href;
}

/** The root administrator's connection, addressing the root cluster (whatever its kubeconfig addressed). */
export function rootOf(conn: AdminConnection): AdminConnection {
  const url = new URL(conn.server);
  url.pathname = url.pathname.replace(/\/clusters\/[^/]+\/?$/, '');
  return { ...conn, server: url.href.replace(/\/$/, '') };
}

export const inTenant = (conn: AdminConnection, name: string): AdminConnection => ({ ...conn, server: tenantServer(conn.server, name) });

export function call(conn: AdminConnection, method: string, path: string, body?: unknown, contentType?: string): Promise<Reply> {
  const url = apiUrl(conn.server, path);
  if (method !== 'GET' && method !== 'DELETE') url.searchParams.set('fieldManager', FIELD_MANAGER);
  return httpsRequest(url.href, { method, body, token: conn.token, ca: conn.caPem, insecure: conn.insecure, contentType });
}

export function failure(what: string, res: Reply): Error {
  const message = (res.json as { message?: string } | undefined)?.message ?? res.text.trim();
  return new Error(`${what}: ${res.status === 401 ? 'the kubeconfig’s credentials were refused (401)' : `${res.status} ${message}`}`);
}

/** Calls and checks the status (`ok`: the accepted ones); returns the parsed body. */
export async function expect<T>(conn: AdminConnection, what: string, method: string, path: string, ok: number[], body?: unknown, contentType?: string): Promise<T> {
  const res = await call(conn, method, path, body, contentType);
  if (!ok.includes(res.status)) throw failure(what, res);
  return res.json as T;
}

export async function getCluster(conn: AdminConnection, name: string): Promise<Cluster | undefined> {
  const res = await call(conn, 'GET', `${CLUSTERS}/${encodeURIComponent(name)}`);
  if (res.status === 404) return undefined;
  if (res.status !== 200) throw failure(`reading cluster "${name}"`, res);
  return res.json as Cluster;
}

/** A token for the tenant's User `user` (users/<name>/token, issued in the tenant: valid there only). */
export async function userToken(tenant: AdminConnection, user: string, ttlSeconds: number): Promise<{ token: string; expirationTimestamp: string }> {
  const req = { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: ttlSeconds } };
  const res = await expect<{ status: { token: string; expirationTimestamp: string } }>(tenant, `issuing a token for user "${user}"`, 'POST', `${USERS}/${encodeURIComponent(user)}/token`, [201], req);
  return res.status;
}

export interface KubeconfigEntry {
  /** the context's name (and the cluster entry's) */
  context: string;
  server: string;
  user: string;
  token: string;
}

/** A kubeconfig with one context per entry (namespace default), the first current. */
export function kubeconfigOf(conn: AdminConnection, entries: KubeconfigEntry[]): string {
  const clusterOf = (server: string): Record<string, unknown> => ({
    server,
    ...(conn.caPem ? { 'certificate-authority-data': Buffer.from(conn.caPem).toString('base64') } : {}),
    ...(conn.insecure ? { 'insecure-skip-tls-verify': true } : {}),
  });
  const userName = (e: KubeconfigEntry) => (entries.length === 1 ? e.user : `${e.user}@${e.context}`);
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    preferences: {},
    clusters: entries.map((e) => ({ name: e.context, cluster: clusterOf(e.server) })),
    users: entries.map((e) => ({ name: userName(e), user: { token: e.token } })),
    contexts: entries.map((e) => ({ name: e.context, context: { cluster: e.context, user: userName(e), namespace: 'default' } })),
    'current-context': entries[0]?.context ?? '',
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
