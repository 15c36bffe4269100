/**
 * The storage stack, kine's layers: Kubernetes semantics (backend) over the event log (log) over
 * its SQL (dialect) over a libSQL client (`@libsql/client/web` in the workers).
 */
import type { Client } from '@libsql/client';
import { backend } from './backend.ts';
import { sqlDialect, type DialectOptions } from './dialect.ts';
import { eventLog } from './log.ts';
import type { Storage } from './types.ts';

export function createStorage(client: Client, options?: DialectOptions): Storage {
  return backend(eventLog(sqlDialect(client, options)));
}

export { migrate } from './migrate.ts';
export type * from './types.ts';
