/**
 * Applies migrations/ (embedded: workerd has no file system) in order, each one at most once.
 * Each migration runs in one write transaction that first records its name in `__migrations`,
 * so two concurrent migrators cannot both apply it: the loser's insert fails, its transaction
 * rolls back, and it finds the migration applied when it looks again.
 */
import type { Client } from '@libsql/client';
import { migrations as all, type Migration } from '../../../migrations/index.ts';

const CREATE = 'CREATE TABLE IF NOT EXISTS __migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)';

/** Returns the names of the migrations applied by this call. */
export async function migrate(client: Client, migrations: Migration[] = all): Promise<string[]> {
  await client.execute(CREATE);
  const applied: string[] = [];
  for (const m of migrations) {
    if (await isApplied(client, m.name)) continue;
    try {
      await client.batch(
        [{ sql: 'INSERT INTO __migrations (name, applied_at) VALUES (?, ?)', args: [m.name, Date.now()] }, ...m.statements],
        'write',
      );
      applied.push(m.name);
    } catch (err) {
      if (!(await isApplied(client, m.name))) throw err;
    }
  }
  return applied;
}

async function isApplied(client: Client, name: string): Promise<boolean> {
  const rs = await client.execute({ sql: 'SELECT 1 FROM __migrations WHERE name = ?', args: [name] });
  return rs.rows.length > 0;
}
