/**
 * miniflare, loaded with require(). It is CommonJS, one 7.7 MB file: an ESM `import` of it keeps a
 * second copy of its source and the ~15 MB the CJS export lexer grew to read it for the life of
 * the process (~24 MB of idle RSS). Import miniflare's values from here, its types from 'miniflare'.
 */
import { createRequire } from 'node:module';
import { passV8Flags, workerdV8Flags } from './workerd-v8-flags.ts';

const miniflare = createRequire(import.meta.url)('miniflare') as typeof import('miniflare');
passV8Flags(miniflare.Runtime, workerdV8Flags());

export const { Log, LogLevel, Miniflare, Response } = miniflare;
export type Miniflare = import('miniflare').Miniflare;
export type Log = import('miniflare').Log;
export type Response = import('miniflare').Response;

/**
 * A request to one worker through miniflare's loopback entry socket, routed by its
 * `MF-Route-Override` header. Not `getWorker()`: its proxy reads each property with a synchronous
 * request made from a worker thread of its own, which blocked Node's event loop (the Hrana
 * server and the TLS front with it) for ~0.3 s at each cron run, and kept the thread.
 */
export function workerRequest(mf: Miniflare, worker: string, path: string): Promise<Response> {
  return mf.dispatchFetch(`http://localhost${path}`, { headers: { 'MF-Route-Override': worker } });
}
