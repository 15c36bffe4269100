/**
 * A kept-alive connection the server closed while it was idle fails the next request sent on it
 * (workerd closes an idle connection after 5 s; a node agent renews its lease every 10 s). Go's
 * transport sends such a request again on another connection; Node leaves it to the caller. Node
 * cannot tell a request the server never read from one reset after the write, so any of these
 * before an answer on a reused connection counts (as Node's documentation advises). Each failure
 * uses up one pooled connection, so retrying while this holds ends on a fresh one at worst.
 */
import type { ClientRequest } from 'node:http';

const STALE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

export function failedOnStaleConnection(req: ClientRequest, e: NodeJS.ErrnoException, answered: boolean): boolean {
  return !answered && req.reusedSocket && STALE.has(e.code ?? '');
}
