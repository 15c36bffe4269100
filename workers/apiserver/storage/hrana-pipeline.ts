/**
 * One statement in one Hrana-over-HTTP pipeline request (libsql's HTTP_V2_SPEC: `execute` then
 * `close`, no baton), for the write path's single INSERT. It says on the wire what
 * `@libsql/client/web`'s `execute` says (same values: strings as text, numbers as float), with
 * the platform's JSON.stringify and `Response.json()` instead of the client's stream machinery
 * (its queue, microtask flushes, per-request encoder and decoder, and an Error with a stack per
 * closed stream), which was a quarter of the API worker's CPU per create.
 * Anything but http(s)/libsql URLs (ws, file, query options) is left to the client: undefined.
 */

export type Arg = string | number | null;
export type Cell = string | number | null | Uint8Array;
export type ExecuteOne = (sql: string, args: Arg[]) => Promise<Cell[][]>;

/** A value on Hrana's wire (the Hrana server, local/hrana-server.ts, reads and writes the same). */
export type Value =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string };

interface StreamResult {
  type: 'ok' | 'error';
  response?: { type: string; result?: { rows: Value[][] } };
  error?: { message: string; code?: string };
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

export function hranaExecuteOne(databaseUrl: string, authToken?: string, fetcher: typeof fetch = (...a) => fetch(...a)): ExecuteOne | undefined {
  const url = pipelineUrl(databaseUrl);
  if (!url) return undefined;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authToken) headers.authorization = `Bearer ${authToken}`;
  return async (sql, args) => {
    const body = JSON.stringify({ baton: null, requests: [{ type: 'execute', stmt: { sql, args: args.map(toValue), want_rows: true } }, { type: 'close' }] });
    const res = await fetcher(url, { method: 'POST', headers, body });
    if (!res.ok) throw new Error(`libSQL server answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
    const { results } = (await res.json()) as { results: StreamResult[] };
    const first = results?.[0];
    if (first?.type === 'error') throw new HranaStatementError(first.error?.message ?? 'unknown error', first.error?.code);
    const rows = first?.response?.result?.rows;
    if (!rows) throw new Error('libSQL server: no result for the statement');
    return rows.map((row) => row.map(fromValue));
  };
}
