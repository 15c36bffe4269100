/**
 * SPDY/3.1 sessions, the part Kubernetes' streams use (client-go and containerd through
 * moby/spdystream): SYN_STREAM/SYN_REPLY with name/value headers, DATA with FIN, RST_STREAM,
 * PING and GOAWAY. One class serves both ends the agent needs:
 * - server, for `kubectl port-forward` (SPDY tunnelled in the client's WebSocket messages);
 * - client, for containerd's streaming server (exec, attach, port-forward over CRI).
 *
 * Header blocks: the peer's are one zlib stream per direction with SPDY's preset dictionary,
 * inflated in order (every block, even of frames we ignore, or the stream desynchronizes);
 * ours are sent as stored (uncompressed) deflate blocks of one zlib stream, each block ending
 * with a sync-flush marker, which any zlib reader accepts. Flow control (WINDOW_UPDATE) is not enforced by spdystream, and not here.
 */
import zlib from 'node:zlib';
import { SPDY_DICTIONARY } from './spdy-dictionary.ts';

const VERSION = 3;
const TYPE = { synStream: 1, synReply: 2, rstStream: 3, settings: 4, ping: 6, goAway: 7, headers: 8, windowUpdate: 9 } as const;
const FLAG_FIN = 0x01;
/** RST_STREAM status codes used here */
export const RST = { protocolError: 1, cancel: 5 } as const;
const MAX_DATA = 0xffffff;

export type Headers = Record<string, string>;

export class SpdyStream {
  private received: Buffer[] = [];
  private ended = false;
  private dataFn?: (b: Buffer) => void;
  private endFn?: () => void;
  /** our side sent FIN */
  localClosed = false;
  /** the peer sent FIN or reset */
  remoteClosed = false;
  /** client streams: resolves when the peer replied (rejects when it reset first) */
  readonly replied: Promise<void>;
  resolveReply!: () => void;
  rejectReply!: (e: Error) => void;

  constructor(
    readonly id: number,
    readonly headers: Headers,
    private readonly session: SpdySession,
  ) {
    this.replied = new Promise((res, rej) => {
      this.resolveReply = res;
      this.rejectReply = rej;
    });
    this.replied.catch(() => undefined);
  }

  /** Data from the peer; what came before the handler was set is delivered at once. */
  onData(fn: (b: Buffer) => void): void {
    this.dataFn = fn;
    for (const b of this.received.splice(0)) fn(b);
  }
  /** The peer finished sending (FIN) or reset the stream. */
  onEnd(fn: () => void): void {
    this.endFn = fn;
    if (this.ended) fn();
  }

  write(data: Uint8Array): void {
    if (this.localClosed) return;
    for (let i = 0; i < data.byteLength; i += MAX_DATA) this.session.sendData(this.id, data.subarray(i, i + MAX_DATA), false);
  }
  /** FIN: nothing more from our side. */
  end(): void {
    if (this.localClosed) return;
    this.localClosed = true;
    this.session.sendData(this.id, new Uint8Array(), true);
    this.session.forgetIfDone(this);
  }
  reset(status: number = RST.cancel): void {
    if (this.localClosed && this.remoteClosed) return;
    this.localClosed = true;
    this.session.sendReset(this.id, status);
    this.remoteEnd();
  }

  /** @internal */
  deliver(b: Buffer) {
    if (this.remoteClosed || !b.byteLength) return;
    if (this.dataFn) this.dataFn(b);
    else this.received.push(b);
  }
  /** @internal */
  remoteEnd() {
    if (this.remoteClosed) return;
    this.remoteClosed = true;
    this.ended = true;
    this.rejectReply(new Error(`stream ${this.id} was reset`));
    this.endFn?.();
    this.session.forgetIfDone(this);
  }
}

export interface SpdyOptions {
  /** writes bytes to the transport */
  write(bytes: Buffer): void;
  role: 'client' | 'server';
  /** a stream the peer opened (server role); it has been replied to */
  onStream?(stream: SpdyStream): void;
  /** the peer said GOAWAY or the session broke */
  onClose?(why: string): void;
}

export class SpdySession {
  private buf = Buffer.alloc(0);
  private readonly streams = new Map<number, SpdyStream>();
  private nextId: number;
  private readonly inflater = zlib.createInflate({ dictionary: SPDY_DICTIONARY });
  private deflateStarted = false;
  private closed = false;
  /** frames are handled one after the other (a header block is inflated asynchronously) */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly o: SpdyOptions) {
    this.nextId = o.role === 'client' ? 1 : 2;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Bytes from the transport (any split). */
  receive(bytes: Uint8Array): void {
    if (this.closed) return;
    this.buf = this.buf.byteLength ? Buffer.concat([this.buf, bytes]) : Buffer.from(bytes);
    while (this.buf.byteLength >= 8) {
      const length = this.buf.readUIntBE(5, 3);
      if (this.buf.byteLength < 8 + length) break;
      const frame = Buffer.from(this.buf.subarray(0, 8 + length));
      this.buf = this.buf.subarray(8 + length);
      this.queue = this.queue.then(async () => {
        if (this.closed) return;
        try {
          await this.frame(frame);
        } catch (e) {
          this.fail(`SPDY: ${(e as Error).message}`);
        }
      });
    }
  }

  /** Resolves once every frame received so far has been handled (tests). */
  settled(): Promise<void> {
    return this.queue;
  }

  /** Opens a stream (client role). */
  open(headers: Headers): SpdyStream {
    const id = this.nextId;
    this.nextId += 2;
    const s = new SpdyStream(id, headers, this);
    this.streams.set(id, s);
    const body = Buffer.alloc(10);
    body.writeUInt32BE(id, 0);
    // associated stream 0, priority 0, slot 0
    this.control(TYPE.synStream, 0, Buffer.concat([body, this.headerBlock(headers)]));
    return s;
  }

  /** GOAWAY, then no more frames. */
  close(): void {
    if (this.closed) return;
    const body = Buffer.alloc(8);
    this.control(TYPE.goAway, 0, body);
    this.closed = true;
    for (const s of [...this.streams.values()]) s.remoteEnd();
  }

  /**
   * The transport ended: every stream ends, once the frames received before are handled. A peer
   * that answers and hangs up at once (an exec of `rm` ends in a millisecond) sent its last
   * replies and data before closing: ending the streams first, while a reply's headers were
   * still being inflated, rejected it as a reset and dropped the data behind it.
   */
  transportClosed(): void {
    this.queue = this.queue.then(() => {
      if (this.closed) return;
      this.closed = true;
      for (const s of [...this.streams.values()]) s.remoteEnd();
      this.o.onClose?.('the connection closed');
    });
  }

  // --- frames ---

  private async frame(f: Buffer) {
    const flags = f[4];
    const data = f.subarray(8);
    if (!(f[0] & 0x80)) {
      const s = this.streams.get(f.readUInt32BE(0) & 0x7fffffff);
      if (!s) return;
      s.deliver(Buffer.from(data));
      if (flags & FLAG_FIN) s.remoteEnd();
      return;
    }
    const version = f.readUInt16BE(0) & 0x7fff;
    if (version !== VERSION) throw new Error(`unsupported version ${version}`);
    const type = f.readUInt16BE(2);
    switch (type) {
      case TYPE.synStream: {
        const id = data.readUInt32BE(0) & 0x7fffffff;
        const headers = await this.readHeaders(data.subarray(10));
        if (this.o.role !== 'server' || this.streams.has(id)) return this.sendReset(id, RST.protocolError);
        const s = new SpdyStream(id, headers, this);
        this.streams.set(id, s);
        const reply = Buffer.alloc(4);
        reply.writeUInt32BE(id, 0);
        this.control(TYPE.synReply, 0, Buffer.concat([reply, this.headerBlock({})]));
        s.resolveReply();
        if (flags & FLAG_FIN) s.remoteEnd();
        this.o.onStream?.(s);
        return;
      }
      case TYPE.synReply: {
        const id = data.readUInt32BE(0) & 0x7fffffff;
        await this.readHeaders(data.subarray(4));
        const s = this.streams.get(id);
        s?.resolveReply();
        if (s && flags & FLAG_FIN) s.remoteEnd();
        return;
      }
      case TYPE.headers:
        await this.readHeaders(data.subarray(4));
        return;
      case TYPE.rstStream:
        this.streams.get(data.readUInt32BE(0) & 0x7fffffff)?.remoteEnd();
        return;
      case TYPE.ping: {
        // the peer's pings (the other parity) are echoed; ours we never send
        const id = data.readUInt32BE(0);
        if ((id & 1) !== (this.o.role === 'client' ? 1 : 0)) this.control(TYPE.ping, 0, Buffer.from(data));
        return;
      }
      case TYPE.goAway:
        this.closed = true;
        for (const s of [...this.streams.values()]) s.remoteEnd();
        this.o.onClose?.('the peer went away');
        return;
      default:
        return; // SETTINGS, WINDOW_UPDATE: nothing to do
    }
  }

  /** The next block of the peer's zlib stream, inflated (the inflater is read in paused mode). */
  private inflate(block: Buffer): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const z = this.inflater;
      const onError = (e: Error) => reject(e);
      z.once('error', onError);
      z.write(block);
      z.flush(zlib.constants.Z_SYNC_FLUSH, () => {
        z.off('error', onError);
        const out: Buffer[] = [];
        for (let c: Buffer | null; (c = z.read() as Buffer | null) !== null; ) out.push(c);
        resolve(Buffer.concat(out));
      });
    });
  }

  private async readHeaders(block: Buffer): Promise<Headers> {
    if (!block.byteLength) return {};
    const raw = await this.inflate(block);
    const out: Headers = {};
    let at = 0;
    const n = raw.readUInt32BE(at);
    at += 4;
    for (let i = 0; i < n; i++) {
      const nl = raw.readUInt32BE(at);
      const name = raw.subarray(at + 4, at + 4 + nl).toString('latin1');
      at += 4 + nl;
      const vl = raw.readUInt32BE(at);
      // several values are NUL-separated; the first is what the protocols here use
      out[name.toLowerCase()] = raw.subarray(at + 4, at + 4 + vl).toString('latin1').split('\0')[0];
      at += 4 + vl;
    }
    return out;
  }

  /** Our header block: name/value pairs, as stored deflate blocks continuing one zlib stream. */
  private headerBlock(headers: Headers): Buffer {
    const parts: Buffer[] = [];
    const u32 = (n: number) => {
      const b = Buffer.alloc(4);
      b.writeUInt32BE(n, 0);
      return b;
    };
    const entries = Object.entries(headers);
    parts.push(u32(entries.length));
    for (const [k, v] of entries) {
      const kb = Buffer.from(k.toLowerCase(), 'latin1');
      const vb = Buffer.from(v, 'latin1');
      parts.push(u32(kb.byteLength), kb, u32(vb.byteLength), vb);
    }
    const plain = Buffer.concat(parts);
    const out: Buffer[] = [];
    if (!this.deflateStarted) {
      out.push(Buffer.from([0x78, 0x01])); // zlib header: deflate, 32K window, no preset dictionary
      this.deflateStarted = true;
    }
    for (let i = 0; i < plain.byteLength; i += 0xffff) {
      const chunk = plain.subarray(i, i + 0xffff);
      const h = Buffer.alloc(5);
      h[0] = 0; // not final, stored
      h.writeUInt16LE(chunk.byteLength, 1);
      h.writeUInt16LE(~chunk.byteLength & 0xffff, 3);
      out.push(h, chunk);
    }
    // an empty stored block, as zlib's sync flush ends: it makes Go's flate reader hand out the
    // data without reading ahead into the next frame (which would fail the frame's size check)
    out.push(Buffer.from([0x00, 0x00, 0x00, 0xff, 0xff]));
    return Buffer.concat(out);
  }

  private control(type: number, flags: number, body: Buffer) {
    const h = Buffer.alloc(8);
    h.writeUInt16BE(0x8000 | VERSION, 0);
    h.writeUInt16BE(type, 2);
    h[4] = flags;
    h.writeUIntBE(body.byteLength, 5, 3);
    this.send(Buffer.concat([h, body]));
  }

  /** @internal */
  sendData(id: number, data: Uint8Array, fin: boolean) {
    const h = Buffer.alloc(8);
    h.writeUInt32BE(id & 0x7fffffff, 0);
    h[4] = fin ? FLAG_FIN : 0;
    h.writeUIntBE(data.byteLength, 5, 3);
    this.send(Buffer.concat([h, data]));
  }

  /** @internal */
  sendReset(id: number, status: number) {
    const body = Buffer.alloc(8);
    body.writeUInt32BE(id & 0x7fffffff, 0);
    body.writeUInt32BE(status, 4);
    this.control(TYPE.rstStream, 0, body);
  }

  /** @internal */
  forgetIfDone(s: SpdyStream) {
    if (s.localClosed && s.remoteClosed) this.streams.delete(s.id);
  }

  private send(b: Buffer) {
    if (this.closed) return;
    this.o.write(b);
  }

  private fail(why: string) {
    if (this.closed) return;
    this.closed = true;
    for (const s of [...this.streams.values()]) s.remoteEnd();
    this.o.onClose?.(why);
  }
}
