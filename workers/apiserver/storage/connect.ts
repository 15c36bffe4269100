/** The storage of a cluster, reached over libSQL's HTTP protocol; one per isolate and URL. */
import { createClient } from '@libsql/client/web';
import type { Env } from '../env.ts';
import type { Storage } from './types.ts';
import { createStorage } from './index.ts';

const byUrl = new Map<string, Storage>();

export function connectStorage(env: Pick<Env, 'LIBSQL_URL' | 'LIBSQL_AUTH_TOKEN'>): Storage {
  let s = byUrl.get(env.LIBSQL_URL);
  if (!s) byUrl.set(env.LIBSQL_URL, (s = createStorage(createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }))));
  return s;
}
