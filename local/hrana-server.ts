/**
 * A local libSQL server: Hrana over HTTP (the JSON pipeline of `@libsql/client/web`) on an
 * embedded database file, so the workers reach their database locally exactly as they reach
 * Turso or sqld in production. Spec: libsql docs/HTTP_V2_SPEC.md and HRANA_3_SPEC.md.
 *
 * A stream (opened by a request without baton) owns one connection until it is closed or idle
 * for `streamIdleMs` (10 s, as Turso); each response hands out a fresh baton for the next
 * request. Statements run synchronously, so the requests of all streams are serialized: a batch
 * is never interleaved with another. Consequently there is no busy timeout: a writer blocked by another stream's open
 * write transaction (interactive `transaction()`) gets SQLITE_BUSY at once rather than stall
 * the only thread. Connections are pooled so that a one-shot request does not open the file.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'libsql';
import type { Value } from '../workers/apiserver/storage/hrana-pipeline.ts';
import { BACKSTOP_PAGES, startWalCheckpointer } from './wal-checkpointer.ts';

const STREAM_IDLE_MS = 10_000;
const POOL_SIZE = 8;
const STMT_CACHE = 256;

interface Stmt { sql?: string; sql_id?: number; args?: Value[]; named_args?: { name: string; value: Value }[]; want_rows?: boolean }
type Cond =
  | { type: 'ok' | 'error'; step: number }
  | { type: 'not'; cond: Cond }
  | { type: 'and' | 'or'; conds: Cond[] }
  | { type: 'is_autocommit' };
type Request =
  | { type: 'execute'; stmt: Stmt }
  | { type: 'batch'; batch: { steps: { condition?: Cond | null; stmt: Stmt }[] } }
  | { type: 'sequence'; sql?: string; sql_id?: number }
  | { type: 'store_sql'; sql_id: number; sql: string }
  | { type: 'close_sql'; sql_id: number }
  | { type: 'get_autocommit' }
  | { type: 'close' };

/** An error reported to the client in a result (SQLite's code when there is one). */
class HranaError extends Error {
  constructor(message: string, readonly code?: string) {
    super(message);
  }
}

/** One SQLite connection with its prepared statements. */
class Conn {
  readonly db: Database.Database;
  private readonly cache = new Map<string, Database.Statement>();
  constructor(file: string) {
    this.db = new Database(file);
    // checkpoints run on a thread of their own (wal-checkpointer.ts); the commits' own is a backstop
    this.db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  }
  /** how many were dropped; each is finalized when collected */
  forgetStatements(): number {
    const n = this.cache.size;
    this.cache.clear();
    return n;
  }
  prepare(sql: string): Database.Statement {
    let stmt = this.cache.get(sql);
    if (!stmt) {
      if (this.cache.size >= STMT_CACHE) this.cache.clear();
      stmt = this.db.prepare(sql).safeIntegers(true);
      this.cache.set(sql, stmt);
    }
    return stmt;
  }
}

interface Stream { conn: Conn; sqls: Map<number, string>; timer?: NodeJS.Timeout; closed?: boolean }

const fromValue = (v: Value): unknown =>
  v.type === 'integer' ? BigInt(v.value) : v.type === 'blob' ? Buffer.from(v.base64, 'base64') : v.type === 'null' ? null : v.value;

function toValue(v: unknown): Value {
  if (v === null || v === undefined) return { type: 'null' };
  if (typeof v === 'bigint') return { type: 'integer', value: String(v) };
  if (typeof v === 'number') return { type: 'float', value: v };
  if (typeof v === 'string') return { type: 'text', value: v };
  return { type: 'blob', base64: Buffer.from(v as Uint8Array).toString('base64') };
}

/** Named binding crashes the engine on a bare `?`; find one outside literals and comments. */
const hasBareParam = (sql: string) =>
  /\?(?!\d)/.test(sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]|--[^\n]*|\/\*[\s\S]*?\*\//g, ''));

function bindings(stmt: Stmt, sql: string): unknown[] | Record<string, unknown> {
  const positional = (stmt.args ?? []).map(fromValue);
  if (!stmt.named_args?.length) return positional;
  if (hasBareParam(sql)) throw new HranaError('named arguments cannot be mixed with anonymous "?" parameters', 'ARGS_INVALID');
  const named: Record<string, unknown> = Object.fromEntries(positional.map((v, i) => [String(i + 1), v]));
  for (const { name, value } of stmt.named_args) named[name.replace(/^[:@$]/, '')] = fromValue(value);
  return named;
}

function sqlOf(stream: Stream, s: { sql?: string; sql_id?: number }): string {
  const sql = s.sql ?? (s.sql_id !== undefined ? stream.sqls.get(s.sql_id) : undefined);
  if (sql === undefined) throw new HranaError(`SQL text ${s.sql_id} is not stored on this stream`, 'SQL_NOT_FOUND');
  return sql;
}

/** TIMONIER_SLOW_SQL_MS: log the reads that take at least this long (a tool for finding costs) */
const SLOW_SQL_MS = Number(process.env.TIMONIER_SLOW_SQL_MS ?? 0);

/** a statement whose text names no write cannot change anything: no need to read the change counters around it */
const MAY_WRITE = /\b(insert|update|delete|replace)\b/i;
const mayWrite = new WeakMap<Database.Statement, boolean>();

function execute(stream: Stream, stmt: Stmt) {
  const { conn } = stream;
  const sql = sqlOf(stream, stmt);
  const prepared = conn.prepare(sql);
  const args = bindings(stmt, sql);
  if (!prepared.reader) {
    const info = prepared.run(args);
    return { cols: [], rows: [], affected_row_count: info.changes, last_insert_rowid: String(info.lastInsertRowid) };
  }
  // a reader may still write (INSERT ... RETURNING): its changes show in total_changes()
  let writes = mayWrite.get(prepared);
  if (writes === undefined) mayWrite.set(prepared, (writes = MAY_WRITE.test(sql)));
  const counters = writes ? conn.prepare('SELECT total_changes(), changes(), last_insert_rowid()').raw(true) : undefined;
  const before = counters && (counters.get() as bigint[])[0];
  const t0 = SLOW_SQL_MS ? performance.now() : 0;
  const rows = (prepared.raw(true).all(args) as unknown[][]).map((row) => row.map(toValue));
  if (SLOW_SQL_MS && performance.now() - t0 >= SLOW_SQL_MS) console.error(`slow SQL ${(performance.now() - t0).toFixed(0)} ms, ${rows.length} rows: ${sql.replace(/\s+/g, ' ')} ${JSON.stringify(args).slice(0, 200)}`);
  const [total, changes, rowid] = counters ? (counters.get() as bigint[]) : [];
  const wrote = counters !== undefined && total !== before;
  return {
    cols: prepared.columns().map((c) => ({ name: c.name, decltype: c.type ?? null })),
    rows: stmt.want_rows === false ? [] : rows,
    affected_row_count: wrote ? Number(changes) : 0,
    last_insert_rowid: wrote ? String(rowid) : null,
  };
}

function holds(cond: Cond, results: unknown[], errors: unknown[], stream: Stream): boolean {
  switch (cond.type) {
    case 'ok': return results[cond.step] != null;
    case 'error': return errors[cond.step] != null;
    case 'not': return !holds(cond.cond, results, errors, stream);
    case 'and': return cond.conds.every((c) => holds(c, results, errors, stream));
    case 'or': return cond.conds.some((c) => holds(c, results, errors, stream));
    case 'is_autocommit': return !stream.conn.db.inTransaction;
  }
}

const errorOf = (err: unknown) => ({
  message: err instanceof Error ? err.message : String(err),
  code: (err as { code?: unknown }).code ?? 'UNKNOWN',
});

function handle(stream: Stream, req: Request): object {
  switch (req.type) {
    case 'execute':
      return { type: 'execute', result: execute(stream, req.stmt) };
    case 'batch': {
      const results: unknown[] = [];
      const errors: unknown[] = [];
      for (const { condition, stmt } of req.batch.steps) {
        let result = null;
        let error = null;
        if (!condition || holds(condition, results, errors, stream)) {
          try { result = execute(stream, stmt); } catch (err) { error = errorOf(err); }
        }
        results.push(result);
        errors.push(error);
      }
      return { type: 'batch', result: { step_results: results, step_errors: errors } };
    }
    case 'sequence':
      stream.conn.db.exec(sqlOf(stream, req));
      return { type: 'sequence' };
    case 'store_sql':
      stream.sqls.set(req.sql_id, req.sql);
      return { type: 'store_sql' };
    case 'close_sql':
      stream.sqls.delete(req.sql_id);
      return { type: 'close_sql' };
    case 'get_autocommit':
      return { type: 'get_autocommit', is_autocommit: !stream.conn.db.inTransaction };
    case 'close':
      stream.closed = true;
      return { type: 'close' };
    default:
      throw new HranaError(`request type ${JSON.stringify((req as { type: unknown }).type)} is not supported`, 'UNSUPPORTED');
  }
}

export interface HranaServerOptions {
  /** the database file (created if missing) */
  file: string;
  host?: string;
  /** 0 or unset: a free port */
  port?: number;
  /** when set, every request must carry `Authorization: Bearer <authToken>` */
  authToken?: string;
  /** how long an unused stream keeps its connection (and transaction) */
  streamIdleMs?: number;
}

export async function startHranaServer(opts: HranaServerOptions): Promise<{ url: string; close(): Promise<void>; served(): number; releaseMemory(): number }> {
  // the first puts the file in WAL mode and, with a read, builds the WAL's index (or recovers it
  // from a WAL a stopped runtime left) before the checkpointer's thread opens the file: a
  // connection that finds another recovering gets SQLITE_BUSY_RECOVERY at once (no busy timeout
  // here), which failed a migration at a runtime's start under load
  const pool: Conn[] = [new Conn(opts.file)];
  pool[0].db.prepare('SELECT count(*) FROM sqlite_schema').get();
  const checkpointer = startWalCheckpointer(opts.file);
  let served = 0; // pipelines answered: the workers' activity, for the idle collector
  const streams = new Map<string, Stream>();
  const open = new Set<Stream>();

  const release = (stream: Stream) => {
    clearTimeout(stream.timer);
    open.delete(stream);
    const { db } = stream.conn;
    if (db.inTransaction) db.exec('ROLLBACK');
    if (pool.length < POOL_SIZE) pool.push(stream.conn);
    else db.close();
  };

  function pipeline(body: { baton?: string | null; requests: Request[] }) {
    let stream: Stream;
    if (body.baton) {
      const found = streams.get(body.baton);
      if (!found) throw new HranaError('the stream has expired or the baton is invalid', 'STREAM_EXPIRED');
      streams.delete(body.baton);
      clearTimeout(found.timer);
      stream = found;
    } else {
      stream = { conn: pool.pop() ?? new Conn(opts.file), sqls: new Map() };
      open.add(stream);
    }
    const results = body.requests.map((req) => {
      try { return { type: 'ok', response: handle(stream, req) }; } catch (err) { return { type: 'error', error: errorOf(err) }; }
    });
    let baton: string | null = null;
    if (stream.closed) release(stream);
    else {
      baton = randomBytes(18).toString('base64url');
      streams.set(baton, stream);
      stream.timer = setTimeout(() => streams.delete(baton!) && release(stream), opts.streamIdleMs ?? STREAM_IDLE_MS).unref();
    }
    return { baton, base_url: null, results };
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  async function serve(req: IncomingMessage, res: ServerResponse) {
    if (opts.authToken && req.headers.authorization !== `Bearer ${opts.authToken}`) return send(res, 401, { message: 'Unauthorized' });
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && (path === '/v2' || path === '/v3' || path === '/health')) return send(res, 200, {});
    if (req.method !== 'POST' || (path !== '/v2/pipeline' && path !== '/v3/pipeline')) return send(res, 404, { message: `${req.method} ${path} is not served` });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body;
    try { body = JSON.parse(Buffer.concat(chunks).toString('utf8')); } catch { return send(res, 400, { message: 'the body is not JSON' }); }
    if (!Array.isArray(body?.requests)) return send(res, 400, { message: 'the body has no "requests"' });
    served++;
    try { send(res, 200, pipeline(body)); } catch (err) { send(res, 400, errorOf(err)); }
  }

  const server = createServer((req, res) => {
    serve(req, res).catch((err) => send(res, 500, errorOf(err)));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;

  return {
    url: `http://${host}:${port}`,
    served: () => served,
    /**
     * Gives back what the pooled connections keep after a burst of work: their prepared
     * statements (up to STMT_CACHE each) and their page caches (up to 2 MB each). 1 000 new
     * clusters left this process's malloc heap 17 MB bigger at rest; the statements were most of
     * it (the page caches alone gave nothing measurable back). They are prepared again on use.
     * Returns how many statements were dropped: their memory is freed when Node collects them.
     */
    releaseMemory() {
      let dropped = 0;
      for (const conn of pool) {
        dropped += conn.forgetStatements();
        conn.db.exec('PRAGMA shrink_memory');
      }
      return dropped;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const stream of [...open]) release(stream);
      streams.clear();
      for (const conn of pool.splice(0)) conn.db.close();
      await checkpointer.stop();
    },
  };
}
