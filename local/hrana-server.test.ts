import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createClient } from '@libsql/client/web';
import { startHranaServer } from './hrana-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'timonier-hrana-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const TOKEN = 'tok';
let server: Awaited<ReturnType<typeof startHranaServer>>;
before(async () => {
  server = await startHranaServer({ file: join(dir, 'db.sqlite'), authToken: TOKEN, streamIdleMs: 200 });
  await pipeline(null, [{ type: 'execute', stmt: { sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, v)' } }, { type: 'close' }]);
});
after(() => server.close());

// the protocol's JSON, checked field by field below
type Json = any;

async function post(body: unknown, token = TOKEN) {
  return fetch(`${server.url}/v2/pipeline`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

async function pipeline(baton: string | null, requests: unknown[]): Promise<Json> {
  const res = await post({ baton, requests });
  assert.equal(res.status, 200, await res.clone().text());
  return res.json();
}

const sql = (text: string, args: unknown[] = []) => ({ sql: text, args });
const int = (n: number | bigint) => ({ type: 'integer', value: String(n) });
const count = async () => {
  const r = await pipeline(null, [{ type: 'execute', stmt: sql('SELECT count(*) FROM t') }, { type: 'close' }]);
  return r.results[0].response.result.rows[0][0];
};

describe('hrana server', () => {
  it('answers the version probes and requires the token', async () => {
    assert.equal((await fetch(`${server.url}/v2`, { headers: { authorization: `Bearer ${TOKEN}` } })).status, 200);
    assert.equal((await post({ baton: null, requests: [] }, 'wrong')).status, 401);
    assert.equal((await fetch(`${server.url}/v3-protobuf`, { headers: { authorization: `Bearer ${TOKEN}` } })).status, 404);
  });

  it('executes with typed values: integers as strings, floats, text, blobs, null', async () => {
    const r = await pipeline(null, [
      { type: 'execute', stmt: sql('SELECT ?, ?, ?, ?, ?', [int(9007199254740993n), { type: 'float', value: 1.5 }, { type: 'text', value: 'é' }, { type: 'blob', base64: 'AQI=' }, { type: 'null' }]) },
      { type: 'execute', stmt: { sql: 'SELECT :a + @b', named_args: [{ name: ':a', value: int(2) }, { name: '@b', value: int(3) }] } },
      { type: 'execute', stmt: { sql: 'SELECT ?', named_args: [{ name: ':a', value: int(2) }] } },
      { type: 'close' },
    ]);
    assert.equal(r.baton, null, 'close ends the stream');
    assert.deepEqual(r.results[0].response.result.rows[0], [
      { type: 'integer', value: '9007199254740993' },
      { type: 'float', value: 1.5 },
      { type: 'text', value: 'é' },
      { type: 'blob', base64: 'AQI=' },
      { type: 'null' },
    ]);
    assert.deepEqual(r.results[1].response.result.rows, [[{ type: 'integer', value: '5' }]]);
    assert.equal(r.results[2].type, 'error', 'a bare "?" with named arguments is refused, not a crash');
  });

  it('rolls back a batch whose step fails, as the client builds it', async () => {
    const before = await count();
    const r = await pipeline(null, [
      {
        type: 'batch',
        batch: {
          steps: [
            { stmt: sql('BEGIN IMMEDIATE') },
            { stmt: sql('INSERT INTO t (id, v) VALUES (100, 1)'), condition: { type: 'ok', step: 0 } },
            { stmt: sql('INSERT INTO t (id, v) VALUES (100, 2)'), condition: { type: 'ok', step: 1 } },
            { stmt: sql('COMMIT'), condition: { type: 'ok', step: 2 } },
            { stmt: sql('ROLLBACK'), condition: { type: 'not', cond: { type: 'ok', step: 3 } } },
          ],
        },
      },
      { type: 'get_autocommit' },
      { type: 'close' },
    ]);
    const { step_results, step_errors } = r.results[0].response.result;
    assert.equal(step_results[1].affected_row_count, 1);
    assert.match(step_errors[2].message, /UNIQUE constraint failed/);
    assert.equal(step_errors[2].code, 'SQLITE_CONSTRAINT_PRIMARYKEY');
    assert.deepEqual([step_results[3], step_errors[3]], [null, null], 'a skipped step is null in both');
    assert.ok(step_results[4], 'ROLLBACK ran');
    assert.equal(r.results[1].response.is_autocommit, true);
    assert.deepEqual(await count(), before);
  });

  it('keeps a stream (one connection, its transaction, its stored SQL) across requests by baton', async () => {
    const a = await pipeline(null, [
      { type: 'store_sql', sql_id: 1, sql: 'INSERT INTO t (v) VALUES (?) RETURNING id' },
      { type: 'sequence', sql: 'BEGIN; INSERT INTO t (v) VALUES (0);' },
      { type: 'execute', stmt: { sql_id: 1, args: [int(7)] } },
      { type: 'get_autocommit' },
    ]);
    assert.equal(typeof a.baton, 'string');
    const inserted = a.results[2].response.result;
    assert.equal(inserted.affected_row_count, 1, 'a write with RETURNING reports its changes');
    assert.equal(inserted.last_insert_rowid, inserted.rows[0][0].value);
    assert.equal(a.results[3].response.is_autocommit, false);
    const outside = await count();

    const b = await pipeline(a.baton, [{ type: 'execute', stmt: { sql_id: 1, args: [int(8)] } }, { type: 'execute', stmt: sql('COMMIT') }, { type: 'close_sql', sql_id: 1 }, { type: 'execute', stmt: { sql_id: 1 } }]);
    assert.notEqual(b.baton, a.baton, 'each response hands out a new baton');
    assert.equal(b.results[3].type, 'error', 'closed SQL is gone');
    assert.equal(Number((await count()).value), Number(outside.value) + 3, 'the transaction was invisible until COMMIT');

    const reused = await post({ baton: a.baton, requests: [] });
    assert.equal(reused.status, 400, 'a used baton is refused');
    await pipeline(b.baton, [{ type: 'close' }]);
  });

  it('a read reports no changes, even right after a write on its connection', async () => {
    const { results } = await pipeline(null, [{ type: 'execute', stmt: sql('INSERT INTO t (v) VALUES (9)') }, { type: 'execute', stmt: sql('SELECT count(*) FROM t') }, { type: 'close' }]);
    assert.equal(results[0].response.result.affected_row_count, 1);
    assert.deepEqual([results[1].response.result.affected_row_count, results[1].response.result.last_insert_rowid], [0, null]);
  });

  it('expires an idle stream and rolls its transaction back', async () => {
    const before = await count();
    const a = await pipeline(null, [{ type: 'execute', stmt: sql('BEGIN') }, { type: 'execute', stmt: sql('INSERT INTO t (v) VALUES (1)') }]);
    await new Promise((r) => setTimeout(r, 400));
    assert.equal((await post({ baton: a.baton, requests: [] })).status, 400);
    assert.deepEqual(await count(), before);
    // the connection went back to the pool without its transaction: writes work
    await pipeline(null, [{ type: 'execute', stmt: sql('INSERT INTO t (v) VALUES (2)') }, { type: 'close' }]);
  });

  it('serves @libsql/client/web: execute, batch, interactive transaction, executeMultiple', async () => {
    const client = createClient({ url: server.url, authToken: TOKEN });
    try {
      await client.executeMultiple('CREATE TABLE u (k TEXT PRIMARY KEY, n INTEGER); INSERT INTO u VALUES (\'a\', 1);');
      const rs = await client.execute({ sql: 'INSERT INTO u VALUES (?, ?) RETURNING n', args: ['b', 2] });
      assert.deepEqual(rs.rows.map((r) => r.n), [2]);
      await assert.rejects(client.batch([{ sql: 'INSERT INTO u VALUES (?, 3)', args: ['c'] }, { sql: 'INSERT INTO u VALUES (?, 4)', args: ['a'] }], 'write'), /UNIQUE/);
      const [read] = await client.batch(['SELECT k FROM u ORDER BY k'], 'read');
      assert.deepEqual(read.rows.map((r) => r.k), ['a', 'b'], 'the failed batch left nothing');

      const tx = await client.transaction('write');
      await tx.execute("INSERT INTO u VALUES ('d', 5)");
      await tx.rollback();
      const tx2 = await client.transaction('write');
      await tx2.execute("INSERT INTO u VALUES ('e', 6)");
      await tx2.commit();
      const all = await client.execute('SELECT k FROM u ORDER BY k');
      assert.deepEqual(all.rows.map((r) => r.k), ['a', 'b', 'e']);
    } finally {
      client.close();
    }
  });

  it('releaseMemory: the pooled connections drop their statements and page caches, and serve on', async () => {
    const before = Number((await count()).value);
    // several streams at once: several connections in the pool afterwards
    const batons = await Promise.all([1, 2, 3].map(async (i) => (await pipeline(null, [{ type: 'execute', stmt: sql('INSERT INTO t (v) VALUES (?)', [int(i)]) }])).baton as string));
    for (const baton of batons) await pipeline(baton, [{ type: 'close' }]);
    assert.ok(server.releaseMemory() > 0, 'the pooled connections had statements to drop');
    assert.equal(server.releaseMemory(), 0, 'and have none left');
    assert.equal(Number((await count()).value), before + 3);
  });
});
