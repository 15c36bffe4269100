/**
 * The writing end of one watch stream. `send` never waits for the client: a hub feeding a hundred
 * streams must not hold its next read of the log until the slowest of them has taken the last
 * chunk (a stream's write resolves only when its reader pulls). Chunks go out in the order sent;
 * whatever is sent while a write is in flight waits in a backlog and goes out as ONE chunk when
 * that write completes (a Durable Object's stream costs per chunk, not per byte). A client that
 * lets its backlog grow past `maxBacklogBytes` is cut off, as Kubernetes closes a watcher that
 * does not keep up: it resumes from the last resourceVersion it saw.
 */
export class WatchSender {
  /** chunks waiting for the write in flight; undefined when no write is in flight */
  private backlog: Uint8Array[] | undefined;
  private backlogBytes = 0;
  private ending = false;
  /** false once the stream is closed or failed: further sends are dropped */
  open = true;
  /** when the last chunk was sent (for bookmarks on quiet streams) */
  lastSend = Date.now();

  constructor(
    private readonly writer: WritableStreamDefaultWriter<Uint8Array>,
    /** called once when the stream is lost: the client went away or fell too far behind */
    private readonly onLost: () => void,
    private readonly maxBacklogBytes = 16 << 20,
  ) {}

  /** Queues a chunk (the same bytes may go to many senders: they are never modified). */
  send(chunk: Uint8Array): void {
    if (!this.open || this.ending) return;
    this.lastSend = Date.now();
    if (this.backlog) {
      this.backlog.push(chunk);
      this.backlogBytes += chunk.byteLength;
      if (this.backlogBytes > this.maxBacklogBytes) this.lose();
      return;
    }
    this.backlog = [];
    void this.drain(chunk);
  }

  /** Ends the stream once everything sent before has been written. */
  end(): void {
    if (!this.open || this.ending) return;
    this.ending = true;
    if (!this.backlog) this.close();
  }

  /** Whether a write is in flight (the client has not taken everything yet). */
  get busy(): boolean {
    return this.backlog !== undefined;
  }

  private async drain(chunk: Uint8Array): Promise<void> {
    try {
      for (;;) {
        await this.writer.write(chunk);
        if (!this.open) return;
        const next = this.backlog!;
        if (next.length === 0) break;
        chunk = next.length === 1 ? next[0] : concat(next, this.backlogBytes);
        this.backlog = [];
        this.backlogBytes = 0;
      }
      this.backlog = undefined;
      if (this.ending) this.close();
    } catch {
      this.lose(); // the client went away
    }
  }

  private close(): void {
    if (!this.open) return;
    this.open = false;
    this.writer.close().catch(() => undefined);
  }

  private lose(): void {
    if (!this.open) return;
    this.open = false;
    this.backlog = undefined;
    this.writer.abort().catch(() => undefined);
    this.onLost();
  }
}

function concat(chunks: Uint8Array[], bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** How much a stream's pipe holds before a write waits for the client. */
const PIPE_BUFFER_BYTES = 64 << 10;

/**
 * A byte pipe for a response body: workerd's native one where it exists (no JavaScript runs on
 * its reading side, and a write resolves as soon as the bytes are buffered), else the standard
 * TransformStream (Node, in tests).
 */
export function bytePipe(): { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> } {
  type Native = new (strategy?: { highWaterMark?: number }) => { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> };
  const native = (globalThis as { IdentityTransformStream?: Native }).IdentityTransformStream;
  return native ? new native({ highWaterMark: PIPE_BUFFER_BYTES }) : new TransformStream<Uint8Array, Uint8Array>();
}
