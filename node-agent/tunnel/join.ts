/**
 * Joining: a bootstrap token is exchanged, once, for the node's own credential (a bearer token of
 * system:node:<name>), kept in `<stateDir>/credential.json` (mode 0600). A restart finds it and
 * goes on without a token; a credential in the last third of its life is renewed with itself.
 *
 * Without a CA the agent first discovers it (cluster-info.ts), so the token never travels over a
 * connection it has not verified.
 */
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JOIN_PATH } from '../../lib/tunnel/protocol.ts';
import { CLUSTER_INFO_PATH, verifiedCA } from './cluster-info.ts';
import { httpsRequest } from './https.ts';
import { apiUrl } from '../../lib/client/url.ts';
import type { JoinOptions, NodeCredential } from './types.ts';

export const CREDENTIAL_FILE = 'credential.json';
const TOKEN_RE = /^[a-z0-9]{6}\.[a-z0-9]{16}$/;

interface Kept {
  server: string;
  nodeName: string;
  credential: string;
  caPem: string;
  /** RFC 3339 */
  expirationTimestamp: string;
  issuedAt: string;
}

export async function joinCluster(opts: JoinOptions): Promise<NodeCredential> {
  const file = join(opts.stateDir, CREDENTIAL_FILE);
  const kept = await readKept(file);
  // the credential belongs to the cluster (its signing key), not to a URL: the server may move
  if (kept && kept.nodeName === opts.nodeName) {
    const caPem = opts.caPem ?? kept.caPem;
    const state = await credentialState(opts.server, kept.credential, caPem);
    if (state === 'valid') return { credential: (await renewIfOld(file, { ...kept, server: opts.server, caPem })).credential, caPem };
    // down for now: the agent retries on its own
    if (state === 'unreachable' && (!opts.token || sameServer(kept.server, opts.server))) return { credential: kept.credential, caPem };
    if (state === 'rejected' && !opts.token) throw new Error(`the credential kept in ${file} was refused by ${opts.server}: join again with a new token`);
  }
  if (!opts.token) throw new Error(`no credential in ${file} for node "${opts.nodeName}" on ${opts.server}: a join token is needed (timonier token create)`);
  if (!TOKEN_RE.test(opts.token)) throw new Error('a join token looks like abcdef.0123456789abcdef (6 and 16 characters of a-z, 0-9)');

  const caPem = opts.caPem ?? (await discoverCA(opts.server, opts.token));
  const issued = await exchange(opts.server, opts.token, opts.nodeName, caPem);
  await keep(file, { server: opts.server, nodeName: opts.nodeName, caPem, ...issued });
  return { credential: issued.credential, caPem };
}

async function discoverCA(server: string, token: string): Promise<string> {
  const res = await httpsRequest(apiUrl(server, CLUSTER_INFO_PATH).href, { insecure: true });
  if (res.status !== 200) throw new Error(`could not read the cluster CA from ${server} (${res.status}): give it explicitly`);
  return verifiedCA((res.json as { data?: Record<string, string> }).data, token);
}

async function exchange(server: string, bearer: string, nodeName: string, caPem: string): Promise<Pick<Kept, 'credential' | 'expirationTimestamp' | 'issuedAt'>> {
  const res = await httpsRequest(apiUrl(server, JOIN_PATH).href, { method: 'POST', body: { nodeName }, token: bearer, ca: caPem });
  if (res.status === 401) throw new Error(`${server} refused the token (401 Unauthorized): it is unknown, expired, or not meant for authentication`);
  if (res.status !== 201) throw new Error(`${server} did not issue a node credential (${res.status}): ${(res.json as { message?: string } | undefined)?.message ?? res.text}`);
  const body = res.json as { token: string; expirationTimestamp: string };
  return { credential: body.token, expirationTimestamp: body.expirationTimestamp, issuedAt: new Date().toISOString() };
}

/** 'valid', 'rejected' (401), or 'unreachable' (network, server error). */
async function credentialState(server: string, credential: string, caPem: string): Promise<'valid' | 'rejected' | 'unreachable'> {
  try {
    const res = await httpsRequest(apiUrl(server, '/version').href, { token: credential, ca: caPem, timeoutMs: 10_000 });
    if (res.status === 401) return 'rejected';
    return res.status === 200 ? 'valid' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

async function renewIfOld(file: string, kept: Kept): Promise<Kept> {
  const issued = Date.parse(kept.issuedAt);
  const expires = Date.parse(kept.expirationTimestamp);
  if (!(expires - Date.now() < (expires - issued) / 3)) return kept;
  try {
    const renewed: Kept = { ...kept, ...(await exchange(kept.server, kept.credential, kept.nodeName, kept.caPem)) };
    await keep(file, renewed);
    return renewed;
  } catch {
    return kept; // still valid: try again at the next start
  }
}

/** What `join` kept in the state directory, if anything (for `node-agent leave`). */
export function keptCredential(stateDir: string): Promise<Pick<Kept, 'server' | 'nodeName' | 'credential' | 'caPem'> | undefined> {
  return readKept(join(stateDir, CREDENTIAL_FILE));
}

/** Forgets the credential: a later start needs a join token again. */
export async function forgetCredential(stateDir: string): Promise<void> {
  await rm(join(stateDir, CREDENTIAL_FILE), { force: true });
}

async function readKept(file: string): Promise<Kept | undefined> {
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as Kept;
    return typeof kept.credential === 'string' && typeof kept.caPem === 'string' ? kept : undefined;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${file} is unreadable (${(e as Error).message}): remove it and join again`);
  }
}

async function keep(file: string, kept: Kept): Promise<void> {
  const dir = join(file, '..');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
  await chmod(tmp, 0o600); // in case the file existed with looser rights
  await rename(tmp, file);
}

/** The same API: origin and path (a tenant cluster is a path on a shared host). */
const sameServer = (a: string, b: string) => apiUrl(a, '/').href === apiUrl(b, '/').href;
