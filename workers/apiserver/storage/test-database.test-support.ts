/** A log database of a test's own: a migrated libSQL file in a temporary directory, which `close` removes. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { createStorage, migrate } from './index.ts';
import type { Storage } from './types.ts';

export interface TestDatabase {
  client: Client;
  storage: Storage;
  close(): void;
}

export async function testDatabase(name: string): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), `timonier-${name}-`));
  const client = createClient({ url: `file:${join(dir, 'db.sqlite')}` });
  await migrate(client);
  return {
    client,
    storage: createStorage(client),
    close: () => {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
