/**
 * Quiet mode for workerd's output: stdout (console.log) is dropped, stderr (console.error,
 * crashes) shown — except a client refusing our certificate, which workerd reports with a stack
 * trace although it is the client's business (one that lacks the CA, say).
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/** `onLine`: also given every line of stderr, those not shown included. */
export const errorsOnly = (onLine?: (line: string) => void) => (stdout: Readable, stderr: Readable): void => {
  stdout.resume();
  let skipStack = false;
  createInterface({ input: stderr, crlfDelay: Infinity }).on('line', (line) => {
    onLine?.(line);
    if (skipStack && line.startsWith('stack:')) return void (skipStack = false);
    skipStack = line.includes('error accepting tls connection');
    if (!skipStack) console.error(line);
  });
};
