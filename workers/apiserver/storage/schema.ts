/**
 * The tables of the event log (drizzle-kit generates migrations/ from this file). The triggers
 * that keep `objects` in step with `log` and check write preconditions are a custom migration
 * (migrations/0001_*.sql): drizzle's schema language has no triggers.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * One row per write, the source of truth. AUTOINCREMENT: a rev is never reused, even after
 * compaction deleted the newest rows (sqlite_sequence keeps the high-water mark).
 */
export const log = sqliteTable(
  'log',
  {
    rev: integer('rev').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    type: text('type', { enum: ['ADDED', 'MODIFIED', 'DELETED'] }).notNull(),
    /** JSON without metadata.resourceVersion; for DELETED, the object's last state */
    object: text('object').notNull(),
    /** the rev this key had before the write; 0 for a create */
    prevRev: integer('prev_rev').notNull(),
    /** epoch ms, from the database clock; compaction keeps a time window */
    createdAt: integer('created_at')
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [
    index('log_key_rev').on(t.key, t.rev),
    // a create (ADDED) and only a create has no previous revision
    check('log_type', sql`${t.type} IN ('ADDED', 'MODIFIED', 'DELETED') AND (${t.type} = 'ADDED') = (${t.prevRev} = 0)`),
  ],
);

/** Current state: for each live key, the object of its latest log row. */
export const objects = sqliteTable('objects', {
  key: text('key').primaryKey(),
  rev: integer('rev').notNull(),
  object: text('object').notNull(),
});

/** Named counters; `compacted_rev` is the oldest readable revision. */
export const meta = sqliteTable('meta', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
});
