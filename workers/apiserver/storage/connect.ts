/** The storage of a cluster, reached over libSQL's HTTP protocol; one per isolate and URL. */
import { createClient } from '@libsql/client/web';
import type { Env } from '../env.ts';
import type { Storage } from './types.ts';
import { createStorage } from './index.ts';
import { hranaCalls } from './hrana-pipeline.ts';

const byUrl = new Map<string, Storage>();

/**
 * No client-side limit on calls in flight. The client's limiter (20 by default) starts a queued
 * call when another one finishes, i.e. inside another request's I/O context; workerd cancels what
 * a finished request left behind, so past 20 concurrent calls some requests hung until the runtime
 * killed them. Each request bounds its own calls; the database serialises the writes.
 */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

export function connectStorage(env: Pick<Env, 'LIBSQL_URL' | 'LIBSQL_AUTH_TOKEN'>): Storage {
  let s = byUrl.get(env.LIBSQL_URL);
  if (!s) {
    const client = createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN, concurrency: UNLIMITED });
    byUrl.set(env.LIBSQL_URL, (s = createStorage(client, hranaCalls(env.LIBSQL_URL, env.LIBSQL_AUTH_TOKEN))));
  }
  return s;
}
