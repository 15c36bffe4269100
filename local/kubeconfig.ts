/**
 * The kubeconfig `npm start` writes. On first start it names one cluster, user and context, all
 * `timonier`/`admin`. On a restart only what the runtime owns (server URL, CA, token) is
 * rewritten: the user's own edits — `kubectl config set-context --current --namespace=x`,
 * current-context, extra contexts — are kept.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parse, stringify } from 'yaml';

export const CLUSTER = 'timonier';
export const USER = 'admin';
export const CONTEXT = 'timonier';

export interface KubeconfigFields {
  server: string;
  caPem: string;
  token: string;
}

interface Named {
  name: string;
  [key: string]: unknown;
}
type Config = Record<string, unknown> & { clusters?: Named[]; users?: Named[]; contexts?: Named[] };

/** Creates or updates the kubeconfig at `file`. */
export async function writeKubeconfig(file: string, fields: KubeconfigFields): Promise<void> {
  const existing = await readConfig(file);
  const config = updateKubeconfig(existing, fields);
  await mkdir(dirname(file), { recursive: true });
  // written aside then renamed: a kubectl reading it meanwhile never sees half a file
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, stringify(config), { mode: 0o600 });
  await rename(tmp, file);
}

/** The kubeconfig with the runtime's fields set; everything else in `existing` is kept. */
export function updateKubeconfig(existing: Config | undefined, { server, caPem, token }: KubeconfigFields): Config {
  const config: Config = existing ?? { apiVersion: 'v1', kind: 'Config', preferences: {} };
  const cluster = entry(config, 'clusters', CLUSTER, 'cluster');
  cluster.server = server;
  cluster['certificate-authority-data'] = btoa(caPem);
  delete cluster['insecure-skip-tls-verify'];
  entry(config, 'users', USER, 'user').token = token;
  const context = entry(config, 'contexts', CONTEXT, 'context');
  context.cluster ??= CLUSTER;
  context.user ??= USER;
  context.namespace ??= 'default';
  if (!config['current-context']) config['current-context'] = CONTEXT;
  return config;
}

/** The body of the named entry of a kubeconfig list, created if missing. */
function entry(config: Config, list: 'clusters' | 'users' | 'contexts', name: string, body: string): Record<string, unknown> {
  const items = (config[list] ??= []);
  let item = items.find((i) => i.name === name);
  if (!item) items.push((item = { name }));
  return ((item[body] as Record<string, unknown> | undefined) ??= {});
}

async function readConfig(file: string): Promise<Config | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  const parsed: unknown = parse(text);
  if (parsed === null || parsed === undefined) return undefined;
  if (typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${file} is not a kubeconfig (expected a YAML mapping)`);
  return parsed as Config;
}
