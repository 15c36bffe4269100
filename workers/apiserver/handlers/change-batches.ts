/**
 * Change messages go to the queue in batches, as a group commit: the first message is sent at
 * once (after the commits of the same turn join it), and those that arrive while a send is in
 * flight go together in the next one. A send per write cost as much workerd CPU as the write's
 * own SQL (the producer binding, then miniflare's queue broker, per call). Lightly loaded, each
 * message still leaves at once; loaded, the batches grow with the load. The queue promises no
 * order, and none is relied on.
 *
 * A batch travels as ONE queue message whose body is the array of changes (the consumer,
 * workers/controllers/index.ts, takes a body that is an array or a single change): the queue's
 * cost is per message (miniflare's broker parses, encodes and schedules each; Cloudflare bills
 * each), not per byte.
 */

/** The one method used here, by shape (a Queue binding has it). */
export interface ArrayQueue<T> {
  send(body: T[]): Promise<unknown>;
}

/**
 * Changes per queue message. A change message is at most ~1 KB (names of at most 253
 * characters), ~200 bytes usually: 64 of them stay well under Cloudflare Queues' 128 KB per message.
 */
export const MAX_PER_MESSAGE = 64;

interface Outbox<T> {
  waiting: T[];
  /** the send that will take `waiting`, once one is scheduled, and when */
  next?: Promise<void>;
  nextAt?: number;
  /** the send under way (only looked at, never awaited: see sendNext), and since when */
  inFlight?: Promise<void>;
  inFlightSince?: number;
}

/**
 * A scheduled batch or a send whose request workerd ended without running its code again (a
 * request's waitUntil has 30 s): past this it no longer holds the next batches back, which
 * would otherwise wait, or join it, for good.
 */
export const LOST_MS = 30_000;

const outboxes = new WeakMap<object, Outbox<unknown>>();

/** Already settled, and made outside any request: what a message that joins another request's batch returns. */
const JOINED = Promise.resolve();

/**
 * Queues `message` for the next batch. The request that starts a batch is handed its send (for
 * waitUntil: it keeps the request, which makes the send, alive until it is done); it rejects when
 * the send fails, and the batch is then lost, as a failed `send` lost its message (the cron's
 * resync is the safety net). A message that joins a batch another request started gets JOINED:
 * never that request's promise, as workerd cancels a continuation of one request that another
 * request's promise resolves ("A promise was resolved or rejected from a different request
 * context", a warning per create under load).
 */
export function sendChange<T>(queue: ArrayQueue<T>, message: T): Promise<void> {
  let o = outboxes.get(queue) as Outbox<T> | undefined;
  if (!o) outboxes.set(queue, (o = { waiting: [] }));
  o.waiting.push(message);
  if (o.next && Date.now() - o.nextAt! < LOST_MS) return JOINED;
  o.nextAt = Date.now();
  return (o.next = sendNext(queue, o));
}

/** How often a batch waiting for the send in flight looks whether it is done. */
const POLL_MS = 1;

async function sendNext<T>(queue: ArrayQueue<T>, o: Outbox<T>): Promise<void> {
  // Waits in this request's own I/O context, on its own timers: awaiting the send in flight
  // would resume here in the context of the request that made that send, and a send made there
  // is workerd's to cancel as soon as that request ends (storage/connect.ts saw it with SQL).
  if (!o.inFlight) await null; // the commits of this turn join the first batch
  while (o.inFlight && Date.now() - o.inFlightSince! < LOST_MS) await new Promise((ok) => setTimeout(ok, POLL_MS));
  const batch = o.waiting;
  o.waiting = [];
  o.next = undefined;
  const chunks: T[][] = [];
  for (let i = 0; i < batch.length; i += MAX_PER_MESSAGE) chunks.push(batch.slice(i, i + MAX_PER_MESSAGE));
  const sending = Promise.all(chunks.map((c) => queue.send(c))).then(() => {});
  o.inFlight = sending;
  o.inFlightSince = Date.now();
  try {
    await sending;
  } finally {
    if (o.inFlight === sending) o.inFlight = undefined;
  }
}
