/**
 * Log bytes on their way from the agent's socket to a client's response. The response stream may
 * only be touched from the request that made it (workerd's rule for I/O objects), so the socket's
 * handler only queues and wakes; the pump, running in the request, writes.
 */
import type { TunnelError } from '../lib/tunnel/protocol.ts';

export class LogFeed {
  private chunks: Uint8Array[] = [];
  private queued = 0;
  private done: { error?: TunnelError } | undefined;
  private wake: (() => void) | undefined;

  /** Queues bytes; returns how many are waiting. */
  push(bytes: Uint8Array): number {
    this.chunks.push(bytes);
    this.queued += bytes.byteLength;
    this.wake?.();
    return this.queued;
  }

  end(error?: TunnelError) {
    this.done = { error };
    this.wake?.();
  }

  private next(timeoutMs?: number): Promise<void> {
    if (this.chunks.length || this.done) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = timeoutMs === undefined ? undefined : setTimeout(resolve, timeoutMs);
      this.wake = () => {
        this.wake = undefined;
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** The response: an error if the agent fails before any byte, else the stream of its bytes. */
  async response(firstByteWaitMs: number, cancel: () => void): Promise<Response> {
    await this.next(firstByteWaitMs);
    if (!this.chunks.length && this.done?.error) return errorResponse(this.done.error);
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    // a client leaving while nothing is written is seen here, not by a write
    writer.closed.catch(() => {
      cancel();
      this.end();
    });
    void this.pump(writer, cancel);
    return new Response(readable, { headers: { 'Content-Type': 'text/plain' } });
  }

  private async pump(writer: WritableStreamDefaultWriter<Uint8Array>, cancel: () => void) {
    try {
      for (;;) {
        await this.next();
        for (const chunk of this.chunks.splice(0)) {
          await writer.write(chunk);
          this.queued -= chunk.byteLength;
        }
        if (this.done) return await writer.close();
      }
    } catch {
      cancel(); // the reader is gone
    }
  }
}

/** An error of the node (or of the tunnel) as the JSON the apiserver turns into a Status. */
export function errorResponse(error: TunnelError): Response {
  return new Response(JSON.stringify({ error }), { status: error.code ?? 400, headers: { 'Content-Type': 'application/json' } });
}
