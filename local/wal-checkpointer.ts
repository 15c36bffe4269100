/**
 * The database's WAL checkpoints, run on a thread of their own, as sqld runs them in the
 * background. SQLite's automatic checkpoint runs inside the commit that crosses its threshold
 * (1 000 pages), on the connection that commits: here, the local runtime's only thread, which also
 * serves every other query and the TLS front. A checkpoint copies the WAL's pages into the
 * database file and waits for two fsyncs (synchronous = NORMAL syncs nothing else), so every
 * ~150 writes the whole runtime stopped for the disk. The agents' benchmark (100 agents starting
 * 1 000 pods) spent over half of the database's time in its INSERTs; a replay of that pattern on
 * the log's schema (12 000 writes of pod-sized objects, with the get and the log read around them)
 * kept the serving thread busy 1.9 s instead of 3.2-3.8 s with the checkpoints elsewhere, and took
 * less CPU in all (each checkpoint every 200 ms copies fewer pages than the commits' own did).
 *
 * The worker's PASSIVE checkpoint never blocks a reader or a writer: it copies what no reader
 * still needs, and the next writer after a complete one starts the WAL over. The serving
 * connections keep an automatic checkpoint, far out (`BACKSTOP_PAGES`), for a worker that falls
 * behind.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const EVERY_MS = 200;
/** the serving connections' own checkpoint threshold, in pages (4 KB): reached only if the worker stalls */
export const BACKSTOP_PAGES = 16_000;

// CommonJS, evaluated in the worker: this module is bundled (local/run-bundled.mjs), the worker's code is not
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.libsql);
const db = new Database(workerData.file);
let checkpoint;
const timer = setInterval(() => {
  // busy (another checkpoint, a writer's backstop, a recovery): the next turn
  try { (checkpoint ??= db.prepare('PRAGMA wal_checkpoint(PASSIVE)')).all(); } catch {}
}, workerData.everyMs);
parentPort.once('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

/** Starts checkpointing `file` (a database in WAL mode); `stop` ends it once its last checkpoint is done. */
export function startWalCheckpointer(file: string, everyMs = EVERY_MS): { stop(): Promise<void> } {
  const libsql = createRequire(import.meta.url).resolve('libsql');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, libsql, everyMs } });
  worker.unref(); // never what keeps the process alive
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', (err: Error) => console.error(`timonier: the database's checkpoint thread failed (the writers checkpoint instead): ${err.message}`));
  return {
    async stop() {
      worker.ref(); // held until its last checkpoint is done
      worker.postMessage('stop');
      await exited;
    },
  };
}
