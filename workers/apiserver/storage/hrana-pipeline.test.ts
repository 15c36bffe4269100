import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HranaStatementError, hranaCalls, pipelineUrl } from './hrana-pipeline.ts';

test('the pipeline endpoint of a database URL; URLs it does not speak to are left to the client', () => {
  assert.equal(pipelineUrl('http://127.0.0.1:8080'), 'http://127.0.0.1:8080/v2/pipeline');
  assert.equal(pipelineUrl('libsql://db-org.turso.io'), 'https://db-org.turso.io/v2/pipeline');
  assert.equal(pipelineUrl('https://h/base/'), 'https://h/base/v2/pipeline');
  assert.equal(pipelineUrl('wss://db-org.turso.io'), undefined);
  assert.equal(pipelineUrl('file:local.db'), undefined);
  assert.equal(pipelineUrl('libsql://h?tls=0'), undefined);
});

function fakeServer(answer: unknown, status = 200) {
  const sent: { url: string; init: RequestInit }[] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify(answer), { status });
  }) as unknown as typeof fetch;
  return { sent, fetcher };
}

test('one execute and a close in one request, values as the web client sends them, rows decoded', async () => {
  const { sent, fetcher } = fakeServer({
    baton: null,
    results: [
      { type: 'ok', response: { type: 'execute', result: { cols: [], rows: [[{ type: 'integer', value: '42' }, { type: 'text', value: 'x' }, { type: 'null' }, { type: 'float', value: 1.5 }]] } } },
      { type: 'ok', response: { type: 'close' } },
    ],
  });
  const run = hranaCalls('http://db', 'tok', fetcher)!.executeOne;
  assert.deepEqual(await run('INSERT ?', ['k', 7, null]), [[42, 'x', null, 1.5]]);
  assert.equal(sent[0].url, 'http://db/v2/pipeline');
  assert.equal((sent[0].init.headers as Record<string, string>).authorization, 'Bearer tok');
  assert.deepEqual(JSON.parse(String(sent[0].init.body)), {
    baton: null,
    requests: [
      { type: 'execute', stmt: { sql: 'INSERT ?', args: [{ type: 'text', value: 'k' }, { type: 'float', value: 7 }, { type: 'null' }], want_rows: true } },
      { type: 'close' },
    ],
  });
});

test("a statement's error keeps the server's message (the triggers' refusals are read from it); a failed request is an error", async () => {
  const refused = fakeServer({ baton: null, results: [{ type: 'error', error: { message: 'timonier:exists', code: 'SQLITE_CONSTRAINT' } }, { type: 'ok', response: { type: 'close' } }] });
  await assert.rejects(hranaCalls('http://db', undefined, refused.fetcher)!.executeOne('INSERT', []), (e: unknown) => e instanceof HranaStatementError && /timonier:exists/.test(e.message) && e.code === 'SQLITE_CONSTRAINT');
  assert.equal((refused.sent[0].init.headers as Record<string, string>).authorization, undefined);
  const down = fakeServer({ message: 'Unauthorized' }, 401);
  await assert.rejects(hranaCalls('http://db', 'bad', down.fetcher)!.executeOne('SELECT 1', []), /answered 401/);
});

test('reads in one transaction: BEGIN READONLY, each step if the one before succeeded, COMMIT or ROLLBACK; each statement its rows', async () => {
  const rows = (...values: number[]) => ({ cols: [], rows: values.map((v) => [{ type: 'integer', value: String(v) }]) });
  const none = { cols: [], rows: [] };
  const { sent, fetcher } = fakeServer({
    baton: null,
    results: [{ type: 'ok', response: { type: 'batch', result: { step_results: [none, rows(1), rows(2, 3), none, null], step_errors: [null, null, null, null, null] } } }, { type: 'ok', response: { type: 'close' } }],
  });
  assert.deepEqual(await hranaCalls('http://db', undefined, fetcher)!.readMany([{ sql: 'SELECT a', args: [] }, { sql: 'SELECT b WHERE x > ?', args: [5] }]), [[[1]], [[2], [3]]]);
  const stmt = (sql: string, args: unknown[] = []) => ({ sql, args, want_rows: true });
  assert.deepEqual(JSON.parse(String(sent[0].init.body)).requests, [
    {
      type: 'batch',
      batch: {
        steps: [
          { stmt: stmt('BEGIN TRANSACTION READONLY') },
          { stmt: stmt('SELECT a'), condition: { type: 'ok', step: 0 } },
          { stmt: stmt('SELECT b WHERE x > ?', [{ type: 'float', value: 5 }]), condition: { type: 'ok', step: 1 } },
          { stmt: stmt('COMMIT'), condition: { type: 'ok', step: 2 } },
          { stmt: stmt('ROLLBACK'), condition: { type: 'not', cond: { type: 'ok', step: 3 } } },
        ],
      },
    },
    { type: 'close' },
  ]);

  const failing = fakeServer({
    baton: null,
    results: [{ type: 'ok', response: { type: 'batch', result: { step_results: [none, null, null, null, none], step_errors: [null, { message: 'no such table: log', code: 'SQLITE_ERROR' }, null, null, null] } } }, { type: 'ok', response: { type: 'close' } }],
  });
  await assert.rejects(hranaCalls('http://db', undefined, failing.fetcher)!.readMany([{ sql: 'SELECT a', args: [] }, { sql: 'SELECT b', args: [] }]), (e: unknown) => e instanceof HranaStatementError && e.message === 'no such table: log');
});

test('writes in one transaction: BEGIN IMMEDIATE, each step if the one before succeeded; each statement its rows and changed rows; a refusal rolls back all', async () => {
  const rows = (...values: number[]) => ({ cols: [], rows: values.map((v) => [{ type: 'integer', value: String(v) }]), affected_row_count: values.length });
  const none = { cols: [], rows: [] };
  const { sent, fetcher } = fakeServer({
    baton: null,
    results: [{ type: 'ok', response: { type: 'batch', result: { step_results: [none, rows(7), rows(8), none, null], step_errors: [null, null, null, null, null] } } }, { type: 'ok', response: { type: 'close' } }],
  });
  const insert = (key: string) => ({ sql: 'INSERT INTO log VALUES (?) RETURNING rev', args: [key] });
  assert.deepEqual(await hranaCalls('http://db', undefined, fetcher)!.writeMany([insert('a'), insert('b')]), [
    { rows: [[7]], affected: 1 },
    { rows: [[8]], affected: 1 },
  ]);
  const steps = JSON.parse(String(sent[0].init.body)).requests[0].batch.steps as { stmt: { sql: string }; condition?: unknown }[];
  assert.deepEqual(
    steps.map((s) => s.stmt.sql),
    ['BEGIN IMMEDIATE', insert('a').sql, insert('b').sql, 'COMMIT', 'ROLLBACK'],
  );
  assert.deepEqual(steps[2].condition, { type: 'ok', step: 1 });

  const refused = fakeServer({
    baton: null,
    results: [{ type: 'ok', response: { type: 'batch', result: { step_results: [none, rows(9), null, null, none], step_errors: [null, null, { message: 'SQLITE_CONSTRAINT: exists', code: 'SQLITE_CONSTRAINT' }, null, null] } } }, { type: 'ok', response: { type: 'close' } }],
  });
  await assert.rejects(hranaCalls('http://db', undefined, refused.fetcher)!.writeMany([insert('a'), insert('b')]), (e: unknown) => e instanceof HranaStatementError && e.message === 'SQLITE_CONSTRAINT: exists');
});
