import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { BACKSTOP_PAGES, startWalCheckpointer } from './wal-checkpointer.ts';

const MB = 1024 * 1024;

/** writes ~40 MB of 4 KB rows, one commit each, as the log's INSERTs are; returns the WAL's largest size */
async function writeBurst(file: string): Promise<number> {
  const db = new Database(file);
  db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}; CREATE TABLE t (v TEXT)`);
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  let largest = 0;
  for (let i = 0; i < 10_000; i++) {
    insert.run('x'.repeat(4000));
    // the serving thread goes on with other work between writes, as the runtime does
    if (i % 500 === 0) {
      await new Promise((r) => setTimeout(r, 50));
      largest = Math.max(largest, statSync(`${file}-wal`).size);
    }
  }
  db.close();
  return largest;
}

test("the WAL is checkpointed on the checkpointer's thread: the writers' file stays small without their own checkpoints", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'wal-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'db');
  const setup = new Database(file);
  setup.exec('PRAGMA journal_mode = WAL');
  setup.close();
  const checkpointer = startWalCheckpointer(file, 20);
  const largest = await writeBurst(file);
  await checkpointer.stop();
  assert.ok(largest < 8 * MB, `the WAL reached ${(largest / MB).toFixed(1)} MB`);

  // without it, only the far backstop checkpoints: the WAL grows past what the checkpointer kept
  const alone = join(dir, 'alone');
  assert.ok((await writeBurst(alone)) > 16 * MB, 'a burst alone grows the WAL (the check above can fail)');
});

test('stop ends the thread, and a file opened after it is whole', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'wal-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'db');
  const db = new Database(file);
  db.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (v INTEGER)');
  const checkpointer = startWalCheckpointer(file, 5);
  for (let i = 0; i < 100; i++) db.prepare('INSERT INTO t (v) VALUES (?)').run(i);
  await checkpointer.stop();
  db.close();
  const reopened = new Database(file);
  assert.equal((reopened.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n, 100);
  reopened.close();
});
