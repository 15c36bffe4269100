/**
 * The storage's calls, each one Hrana-over-HTTP pipeline request (libsql's HTTP_V2_SPEC, then
 * `close`, no baton): one statement (the write path's INSERT, a get), a few read in one
 * transaction (a list's or a log read's revisions and rows), or several written in one (a new
 * cluster's objects, a purge, a compaction). They say on the wire what `@libsql/client/web`'s
 * `execute` and `batch(…, 'read' | 'write')` say (same values: strings as text, numbers as float;
 * the same BEGIN / conditioned steps / COMMIT, ROLLBACK), with the platform's
 * JSON.stringify and `Response.json()` instead of the client's stream machinery (its queue,
 * microtask flushes, per-request encoder and decoder, and an Error with a stack per closed
 * stream), which was a quarter of the API worker's CPU per create.
 * Anything but http(s)/libsql URLs (ws, file, query options) is left to the client: undefined.
 */

export type Arg = string | number | null;
export type Cell = string | number | null | Uint8Array;
export type ExecuteOne = (sql: string, args: Arg[]) => Promise<Cell[][]>;
export interface Statement {
  sql: string;
  args: Arg[];
}
/** statements read in one (read-only) transaction: each one's rows */
export type ReadMany = (statements: Statement[]) => Promise<Cell[][][]>;
/** statements written in one transaction (all or none): each one's rows and the rows it changed */
export type WriteMany = (statements: Statement[]) => Promise<{ rows: Cell[][]; affected: number }[]>;

export interface HranaCalls {
  executeOne: ExecuteOne;
  readMany: ReadMany;
  writeMany: WriteMany;
}

/** A value on Hrana's wire (the Hrana server, local/hrana-server.ts, reads and writes the same). */
export type Value =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string };

interface HranaError {
  message: string;
  code?: string;
}

interface StmtResult {
  rows: Value[][];
  affected_row_count?: number;
}

/** an `execute`'s result, or a `batch`'s */
type RequestResult = StmtResult & { step_results?: (StmtResult | null)[]; step_errors?: (HranaError | null)[] };

interface StreamResult {
  type: 'ok' | 'error';
  response?: { type: string; result?: RequestResult };
  error?: HranaError;
}

/** A statement's error as the server reported it (its message carries the trigger's RAISE text). */
export class HranaStatementError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'HranaStatementError';
  }
}

const toValue = (a: Arg): Value => (a === null ? { type: 'null' } : typeof a === 'number' ? { type: 'float', value: a } : { type: 'text', value: a });

function fromValue(v: Value): Cell {
  switch (v.type) {
    case 'null':
      return null;
    case 'integer':
      return Number(v.value);
    case 'float':
    case 'text':
      return v.value;
    case 'blob':
      return Uint8Array.from(atob(v.base64), (ch) => ch.charCodeAt(0));
  }
}

/** The pipeline endpoint of a database URL, when it is one this module speaks to. */
export function pipelineUrl(databaseUrl: string): string | undefined {
  let u: URL;
  try {
    u = new URL(databaseUrl);
  } catch {
    return undefined;
  }
  if (u.search || u.hash || u.username || u.password) return undefined;
  const scheme = u.protocol === 'libsql:' ? 'https:' : u.protocol;
  if (scheme !== 'http:' && scheme !== 'https:') return undefined;
  return `${scheme}//${u.host}${u.pathname.replace(/\/*$/, '')}/v2/pipeline`;
}

const statement = (sql: string, args: Arg[]) => ({ sql, args: args.map(toValue), want_rows: true });
const rowsOf = (r: StmtResult) => r.rows.map((row) => row.map(fromValue));

export function hranaCalls(databaseUrl: string, authToken?: string, fetcher: typeof fetch = (...a) => fetch(...a)): HranaCalls | undefined {
  const endpoint = pipelineUrl(databaseUrl);
  if (!endpoint) return undefined;
  const url = endpoint;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authToken) headers.authorization = `Bearer ${authToken}`;
  /** the request's result (the stream is closed after it) */
  async function send(request: object): Promise<RequestResult> {
    const body = JSON.stringify({ baton: null, requests: [request, { type: 'close' }] });
    const res = await fetcher(url, { method: 'POST', headers, body });
    if (!res.ok) throw new Error(`libSQL server answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
    const { results } = (await res.json()) as { results: StreamResult[] };
    const first = results?.[0];
    if (first?.type === 'error') throw new HranaStatementError(first.error?.message ?? 'unknown error', first.error?.code);
    const result = first?.response?.result;
    if (!result) throw new Error('libSQL server: no result for the request');
    return result;
  }
  /** as the client's batch: BEGIN, each step if the one before succeeded, COMMIT, else ROLLBACK; each statement's result */
  async function inTransaction(begin: string, statements: Statement[]): Promise<StmtResult[]> {
    const n = statements.length;
    const steps = [
      { stmt: statement(begin, []) },
      ...statements.map((s, i) => ({ stmt: statement(s.sql, s.args), condition: { type: 'ok', step: i } })),
      { stmt: statement('COMMIT', []), condition: { type: 'ok', step: n } },
      { stmt: statement('ROLLBACK', []), condition: { type: 'not', cond: { type: 'ok', step: n + 1 } } },
    ];
    const { step_results: results = [], step_errors: errors = [] } = await send({ type: 'batch', batch: { steps } });
    const failed = errors.find((e) => e);
    // a statement that ran, then a COMMIT that did not, wrote nothing
    if (failed || !results[n + 1]) throw failed ? new HranaStatementError(failed.message, failed.code) : new Error('libSQL server: the transaction was not committed');
    return statements.map((_, i) => results[i + 1]!);
  }
  return {
    async executeOne(sql, args) {
      return rowsOf(await send({ type: 'execute', stmt: statement(sql, args) }));
    },
    readMany: async (statements) => (await inTransaction('BEGIN TRANSACTION READONLY', statements)).map(rowsOf),
    writeMany: async (statements) => (await inTransaction('BEGIN IMMEDIATE', statements)).map((r) => ({ rows: rowsOf(r), affected: r.affected_row_count ?? 0 })),
  };
}
