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
