/**
 * The SQL of the event log over a libSQL `Client` (only its interface, so the HTTP client of
 * `@libsql/client/web` works unchanged). Rows go in and out as text; JSON is the log's business.
 *
 * Every method is one round trip: a write is one INSERT whose triggers check the precondition and
 * update `objects`; a read is one `batch(..., 'read')`, so the revisions it reports and the rows it
 * returns come from the same snapshot. But the cron's two walks of the log (compact,
 * segmentsAfter) take it `step` revisions per statement: a libSQL server runs one statement at a
 * time, and one walk over a burst's rows (150 000 after 1 000 new clusters) held every request
 * of the control plane for 0.5-1.2 s. The triggers' refusals
 * ('timonier:exists|not-found|conflict') are translated here into results, never thrown.
 */
import type { Client, Row as SqlRow } from '@libsql/client';
import type { ExecuteOne, ReadMany, Statement, WriteMany } from './hrana-pipeline.ts';
import type { EventsOptions, EventType, SegmentWrites } from './types.ts';

export type Refusal = 'exists' | 'not-found' | 'conflict';

export interface Row {
  key: string;
  rev: number;
  object: string;
}

export interface LogRow extends Row {
  type: EventType;
  prevRev: number;
  /** the object of the row at prevRev, when asked for and compaction has not removed it */
  prevObject?: string | null;
}

export interface Revs {
  /** latest committed revision (0 when nothing was ever written) */
  current: number;
  /** oldest revision still readable */
  compacted: number;
}

export interface RangeQuery {
  prefix: string;
  /** only keys strictly after this one */
  after?: string;
  /** at most this many rows (unset: all) */
  limit?: number;
  /** the state as of this revision; unset: the latest */
  rev?: number;
  /** also count every key of the range (after `after`) */
  count?: boolean;
}

export interface Range extends Revs {
  /** the revision the rows were read at */
  rev: number;
  rows: Row[];
  /** more keys follow the last row */
  more: boolean;
  total?: number;
}

export type Inserted = { rev: number; object: string } | { refused: Refusal };

/** A batch of creates: each row's revision, in order, or the refusal that undid them all. */
export type InsertedMany = { revs: number[] } | { refused: Refusal };

export interface Dialect {
  revs(): Promise<Revs>;
  get(key: string): Promise<Row | undefined>;
  /** appends one row; `object` undefined (deletes) copies the key's current object */
  insert(key: string, type: EventType, object: string | undefined, prevRev: number): Promise<Inserted>;
  /** appends a create row for each of `rows` in one transaction: all of them, or none */
  insertMany(rows: { key: string; object: string }[]): Promise<InsertedMany>;
  range(q: RangeQuery): Promise<Range>;
  /** rows with rev > afterRev under prefix, in rev order (`previous`: with the objects they replaced) */
  after(afterRev: number, prefix: string, opts: EventsOptions): Promise<Revs & { rows: LogRow[] }>;
  /** compacts at the newest rev older than `olderThanMs`; returns the compacted revision */
  compact(olderThanMs: number): Promise<number>;
  /** deletes every row of every key under prefix, from the log and the projection; returns the keys that were live */
  purge(prefix: string): Promise<number>;
  /** the distinct path segments that follow `prefix` in the keys of rows with rev > afterRev, and the revision read at */
  segmentsAfter(afterRev: number, prefix: string): Promise<{ current: number; segments: SegmentWrites[] }>;
  /** live keys under prefix and the total length of their objects */
  usage(prefix: string): Promise<{ objects: number; bytes: number }>;
}

/** Upper bound of a key range: above every key that starts with prefix (keys are ASCII). */
const end = (prefix: string) => prefix + '\uffff';

const REVS = `SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'log'), 0),
  coalesce((SELECT value FROM meta WHERE name = 'compacted_rev'), 0)`;
const SEQ = `(SELECT seq FROM sqlite_sequence WHERE name = 'log')`;

const GET = 'SELECT key, rev, object FROM objects WHERE key = ?';
const INSERT = 'INSERT INTO log (key, type, object, prev_rev) VALUES (?, ?, ?, ?) RETURNING rev';
const INSERT_COPY = `INSERT INTO log (key, type, object, prev_rev)
  VALUES (?1, ?2, coalesce((SELECT object FROM objects WHERE key = ?1), ''), ?3) RETURNING rev, object`;

// Range reads. Parameters: ?1 prefix, ?2 after, ?3 end, ?4 limit (-1: none), ?5 rev.
// At the latest revision the projection answers; at an older one, the log: for each key, its
// latest row at or below ?5, unless that row is a deletion. When a rev is given, both queries
// run in the batch, each guarded by whether ?5 is the latest revision *in that snapshot*, so the
// one that does not apply returns nothing at once and the read stays one round trip.
const IN_RANGE = 'key >= ?1 AND key > ?2 AND key < ?3';
const LIVE_AT = `rev <= ?5 AND type != 'DELETED'
  AND NOT EXISTS (SELECT 1 FROM log n WHERE n.key = l.key AND n.rev > l.rev AND n.rev <= ?5)`;
const IS_LATEST = `${SEQ} = ?5 AND `;
const IS_PAST = `${SEQ} != ?5 AND `;
const CURRENT_ROWS = (guard = '') => `SELECT key, rev, object FROM objects WHERE ${guard}${IN_RANGE} ORDER BY key LIMIT ?4`;
const CURRENT_COUNT = (guard = '') => `SELECT count(*) FROM objects WHERE ${guard}${IN_RANGE}`;
const PAST_ROWS = `SELECT key, rev, object FROM log l WHERE ${IS_PAST}${IN_RANGE} AND ${LIVE_AT} ORDER BY key LIMIT ?4`;
const PAST_COUNT = `SELECT count(*) FROM log l WHERE ${IS_PAST}${IN_RANGE} AND ${LIVE_AT}`;

// Watchers read the recent end of the log: scan by rev (the `+` keeps the planner off the key
// index, which would read a prefix's whole history and sort it).
const AFTER = `SELECT key, rev, object, type, prev_rev
  FROM log WHERE rev > ? AND +key >= ? AND +key < ? ORDER BY rev LIMIT ?`;
const AFTER_WITH_PREVIOUS = `SELECT l.key, l.rev, l.object, l.type, l.prev_rev, p.object
  FROM log l LEFT JOIN log p ON p.rev = l.prev_rev
  WHERE l.rev > ? AND +l.key >= ? AND +l.key < ? ORDER BY l.rev LIMIT ?`;

// Compaction at C, knowing the previous point P (< C). After a compaction at P each key has at
// most one row at or below P, so a row that is no longer its key's latest at C has a newer row
// in (P, C]: only those keys are looked at. Deletions at or below C go too (nothing older of
// their key is left by then), and the point only moves forward.
// C is the revision before the first one written at or after the cutoff, found by reading forward
// from P: the rows it passes are those this compaction takes, and it stops at once when none is
// old enough (created_at follows rev: one writer stamps both). Reading back from the newest row
// instead passed every row of the window each minute: 70 ms after 1 000 new clusters' 150 000.
const COMPACTED = `coalesce((SELECT value FROM meta WHERE name = 'compacted_rev'), 0)`;
// One step (?2 revisions past P at most) at a time: the caller compacts again from the new point.
export const COMPACT_POINT = `SELECT coalesce((SELECT rev FROM log WHERE rev > ${COMPACTED} AND rev <= ${COMPACTED} + ?2 AND created_at >= ?1 ORDER BY rev LIMIT 1) - 1,
    min(${COMPACTED} + ?2, (SELECT max(rev) FROM log))),
  ${COMPACTED}`;
const COMPACT: string[] = [
  `DELETE FROM log WHERE rev <= ?2 AND key IN (SELECT key FROM log WHERE rev > ?1 AND rev <= ?2)
    AND EXISTS (SELECT 1 FROM log n WHERE n.key = log.key AND n.rev > log.rev AND n.rev <= ?2)`,
  `DELETE FROM log WHERE rev > ?1 AND rev <= ?2 AND type = 'DELETED'`,
  `INSERT INTO meta (name, value) VALUES ('compacted_rev', ?2)
    ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)`,
];

// Purge: history and current state of a key range (a deleted cluster), by the key index.
const PURGE = ['DELETE FROM objects WHERE key >= ?1 AND key < ?2', 'DELETE FROM log WHERE key >= ?1 AND key < ?2'];

// Which sub-prefixes were written after a revision (the clusters the cron visits): a scan of the
// recent end of the log by rev, as AFTER, so its cost is the writes since then; rows in (?1, ?4].
// A create is type ADDED (as prev_rev = 0, by the table's check), read before the object's column.
const SEGMENTS_AFTER = `SELECT substr(key, length(?2) + 1, instr(substr(key, length(?2) + 1), '/') - 1) AS segment, count(*), sum(type = 'ADDED')
  FROM log WHERE rev > ?1 AND rev <= ?4 AND +key >= ?2 AND +key < ?3 GROUP BY segment`;

// What a key range holds now, from the projection by its primary key (the stored text's bytes).
const USAGE = 'SELECT count(*), coalesce(sum(octet_length(object)), 0) FROM objects WHERE key >= ?1 AND key < ?2';

const REFUSAL = /timonier:(exists|not-found|conflict)/;

const num = (v: unknown) => Number(v ?? 0);
const toRow = (r: SqlRow): Row => ({ key: String(r[0]), rev: num(r[1]), object: String(r[2]) });
const toLogRow = (r: SqlRow, previous: boolean | undefined): LogRow => {
  const row: LogRow = { ...toRow(r), type: String(r[3]) as EventType, prevRev: num(r[4]) };
  if (previous) row.prevObject = r[5] == null ? null : String(r[5]);
  return row;
};
const toRevs = (rows: SqlRow[]): Revs => ({ current: num(rows[0][0]), compacted: num(rows[0][1]) });

export interface DialectOptions {
  /** one statement in one request, cheaper than the client's `execute` (hrana-pipeline.ts): used for writes and gets */
  executeOne?: ExecuteOne;
  /** statements read in one transaction and one request, cheaper than the client's `batch` (hrana-pipeline.ts): lists and log reads */
  readMany?: ReadMany;
  /** statements written in one transaction and one request, as `readMany`: a new cluster's objects, purges, compaction */
  writeMany?: WriteMany;
  /** revisions per statement of the cron's walks of the log (default 10 000: a local server took ~25 ms a step of the segment walk, up to ~0.14 s a step of compaction) */
  step?: number;
}

/**
 * `client` serves what the options do not (a database URL hranaCalls does not speak to: ws, file,
 * query options).
 */
export function sqlDialect(client: Client, { executeOne, readMany, writeMany, step = 10_000 }: DialectOptions = {}): Dialect {
  const one = async (sql: string, args: (string | number)[]): Promise<SqlRow[]> =>
    executeOne ? ((await executeOne(sql, args)) as unknown as SqlRow[]) : (await client.execute({ sql, args })).rows;
  /** each statement's rows, read in one transaction */
  const many = async (reads: Statement[]): Promise<SqlRow[][]> =>
    readMany ? ((await readMany(reads)) as unknown as SqlRow[][]) : (await client.batch(reads, 'read')).map((rs) => rs.rows);
  /** each statement's rows and changed rows, written in one transaction (the first refusal rolls back every one) */
  const written = async (writes: Statement[]): Promise<{ rows: SqlRow[]; affected: number }[]> =>
    writeMany ? ((await writeMany(writes)) as unknown as { rows: SqlRow[]; affected: number }[]) : (await client.batch(writes, 'write')).map((rs) => ({ rows: rs.rows, affected: rs.rowsAffected }));
  return {
    async revs() {
      return toRevs(await one(REVS, []));
    },

    async get(key) {
      const rows = await one(GET, [key]);
      return rows.length ? toRow(rows[0]) : undefined;
    },

    async insert(key, type, object, prevRev) {
      try {
        if (object !== undefined) {
          const rows = await one(INSERT, [key, type, object, prevRev]);
          return { rev: num(rows[0][0]), object };
        }
        const rows = await one(INSERT_COPY, [key, type, prevRev]);
        return { rev: num(rows[0][0]), object: String(rows[0][1]) };
      } catch (err) {
        const refused = REFUSAL.exec(err instanceof Error ? err.message : String(err));
        if (refused) return { refused: refused[1] as Refusal };
        throw err;
      }
    },

    async insertMany(rows) {
      if (!rows.length) return { revs: [] };
      try {
        const rs = await written(rows.map(({ key, object }) => ({ sql: INSERT, args: [key, 'ADDED', object, 0] })));
        return { revs: rs.map((r) => num(r.rows[0][0])) };
      } catch (err) {
        const refused = REFUSAL.exec(err instanceof Error ? err.message : String(err));
        if (refused) return { refused: refused[1] as Refusal };
        throw err;
      }
    },

    async range({ prefix, after = '', limit, rev, count }) {
      // one row beyond the limit tells whether more keys follow
      const args = [prefix, after, end(prefix), limit === undefined ? -1 : limit + 1, rev ?? 0];
      const bind = (sql: string, n: number): Statement => ({ sql, args: args.slice(0, n) });
      // per source: its rows, then its count when asked
      const sources: Statement[][] =
        rev === undefined
          ? [[bind(CURRENT_ROWS(), 4), bind(CURRENT_COUNT(), 3)]]
          : [[bind(CURRENT_ROWS(IS_LATEST), 5), bind(CURRENT_COUNT(IS_LATEST), 5)], [bind(PAST_ROWS, 5), bind(PAST_COUNT, 5)]];
      const perSource = count ? 2 : 1;
      const [revsRows, ...rs] = await many([{ sql: REVS, args: [] }, ...sources.flatMap((s) => s.slice(0, perSource))]);
      const revs = toRevs(revsRows);
      const at = rev === undefined || rev === revs.current ? 0 : perSource;
      const rows = rs[at].map(toRow);
      const more = limit !== undefined && rows.length > limit;
      if (more) rows.length = limit;
      return { ...revs, rev: rev ?? revs.current, rows, more, ...(count ? { total: num(rs[at + 1][0][0]) } : {}) };
    },

    async after(afterRev, prefix, { limit, previous }) {
      const [revsRows, rows] = await many([
        { sql: REVS, args: [] },
        { sql: previous ? AFTER_WITH_PREVIOUS : AFTER, args: [afterRev, prefix, end(prefix), limit ?? -1] },
      ]);
      return { ...toRevs(revsRows), rows: rows.map((r) => toLogRow(r, previous)) };
    },

    async compact(olderThanMs) {
      // each step is a compaction of its own, from the point the one before left
      for (;;) {
        const [at] = await one(COMPACT_POINT, [olderThanMs, step]);
        const point = num(at[0]);
        const previous = num(at[1]);
        if (point <= previous) return previous;
        await written(COMPACT.map((sql) => ({ sql, args: [previous, point] })));
        if (point < previous + step) return point; // the cutoff, or the log's end, was in this step
      }
    },

    async purge(prefix) {
      const [objects] = await written(PURGE.map((sql) => ({ sql, args: [prefix, end(prefix)] })));
      return objects.affected;
    },

    async segmentsAfter(afterRev, prefix) {
      const { current } = toRevs(await one(REVS, []));
      const totals = new Map<string, SegmentWrites>();
      for (let from = afterRev; from < current; from += step) {
        for (const r of await one(SEGMENTS_AFTER, [from, prefix, end(prefix), Math.min(from + step, current)])) {
          const name = String(r[0] ?? '');
          if (!name) continue;
          const t = totals.get(name) ?? totals.set(name, { name, writes: 0, creates: 0 }).get(name)!;
          t.writes += num(r[1]);
          t.creates += num(r[2]);
        }
      }
      return { current, segments: [...totals.values()] };
    },

    async usage(prefix) {
      const [usage] = await one(USAGE, [prefix, end(prefix)]);
      return { objects: num(usage[0]), bytes: num(usage[1]) };
    },
  };
}
