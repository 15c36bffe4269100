/**
 * The DNS wire format (RFC 1035), as much as a cluster resolver needs: a query's header and
 * questions (and the EDNS OPT record's payload size), and answers of A, SRV, PTR, CNAME and SOA
 * records. Written here rather than taken from npm: the format is small, and owning it keeps
 * the agent's dependencies as they are. Names are encoded without compression (our answers are
 * small); decoding follows compression pointers (upstream answers, tests).
 */

export const TYPE = { A: 1, NS: 2, CNAME: 5, SOA: 6, PTR: 12, AAAA: 28, SRV: 33, OPT: 41, ANY: 255 } as const;
export const CLASS_IN = 1;
export const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;

export interface Question {
  /** lower case, no trailing dot */
  name: string;
  type: number;
  class: number;
}

export type RecordData =
  | { type: typeof TYPE.A; address: string }
  | { type: typeof TYPE.CNAME | typeof TYPE.PTR | typeof TYPE.NS; target: string }
  | { type: typeof TYPE.SRV; priority: number; weight: number; port: number; target: string }
  | { type: typeof TYPE.SOA; mname: string; rname: string; serial: number; refresh: number; retry: number; expire: number; minimum: number }
  | { type: number; raw: Uint8Array };

export type ResourceRecord = { name: string; class: number; ttl: number } & RecordData;

export interface Message {
  id: number;
  /** a response */
  qr: boolean;
  opcode: number;
  /** authoritative answer */
  aa: boolean;
  /** truncated */
  tc: boolean;
  /** recursion desired / available */
  rd: boolean;
  ra: boolean;
  rcode: number;
  questions: Question[];
  answers: ResourceRecord[];
  authorities: ResourceRecord[];
  additionals: ResourceRecord[];
}

export class FormatError extends Error {}

// --- decoding ---

class Reader {
  pos = 0;
  constructor(readonly buf: Uint8Array) {}
  private need(n: number) {
    if (this.pos + n > this.buf.length) throw new FormatError('message too short');
  }
  u8() {
    this.need(1);
    return this.buf[this.pos++];
  }
  u16() {
    this.need(2);
    const v = (this.buf[this.pos] << 8) | this.buf[this.pos + 1];
    this.pos += 2;
    return v;
  }
  u32() {
    return this.u16() * 65536 + this.u16();
  }
  bytes(n: number) {
    this.need(n);
    const b = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return b;
  }
  name(): string {
    const labels: string[] = [];
    let pos = this.pos;
    let jumped = false;
    for (let hops = 0; ; hops++) {
      if (hops > 127 || pos >= this.buf.length) throw new FormatError('bad name');
      const len = this.buf[pos];
      if (len === 0) {
        pos++;
        break;
      }
      if ((len & 0xc0) === 0xc0) {
        if (pos + 1 >= this.buf.length) throw new FormatError('bad pointer');
        const target = ((len & 0x3f) << 8) | this.buf[pos + 1];
        if (!jumped) this.pos = pos + 2;
        jumped = true;
        pos = target;
        continue;
      }
      if (len > 63 || pos + 1 + len > this.buf.length) throw new FormatError('bad label');
      labels.push(new TextDecoder().decode(this.buf.subarray(pos + 1, pos + 1 + len)));
      pos += 1 + len;
    }
    if (!jumped) this.pos = pos;
    return labels.join('.');
  }
}

function readRecord(r: Reader): ResourceRecord {
  const name = r.name().toLowerCase();
  const type = r.u16();
  const cls = r.u16();
  const ttl = r.u32();
  const len = r.u16();
  const end = r.pos + len;
  const base = { name, class: cls, ttl };
  let rec: ResourceRecord;
  if (type === TYPE.A && len === 4) {
    rec = { ...base, type, address: [...r.bytes(4)].join('.') };
  } else if (type === TYPE.CNAME || type === TYPE.PTR || type === TYPE.NS) {
    rec = { ...base, type, target: r.name() };
  } else if (type === TYPE.SRV) {
    rec = { ...base, type, priority: r.u16(), weight: r.u16(), port: r.u16(), target: r.name() };
  } else if (type === TYPE.SOA) {
    rec = { ...base, type, mname: r.name(), rname: r.name(), serial: r.u32(), refresh: r.u32(), retry: r.u32(), expire: r.u32(), minimum: r.u32() };
  } else {
    rec = { ...base, type, raw: r.bytes(len).slice() };
  }
  r.pos = end;
  return rec;
}

export function decode(buf: Uint8Array): Message {
  const r = new Reader(buf);
  const id = r.u16();
  const flags = r.u16();
  const counts = [r.u16(), r.u16(), r.u16(), r.u16()];
  const questions: Question[] = [];
  for (let i = 0; i < counts[0]; i++) questions.push({ name: r.name().toLowerCase(), type: r.u16(), class: r.u16() });
  const section = (n: number) => Array.from({ length: n }, () => readRecord(r));
  return {
    id,
    qr: !!(flags & 0x8000),
    opcode: (flags >> 11) & 0xf,
    aa: !!(flags & 0x0400),
    tc: !!(flags & 0x0200),
    rd: !!(flags & 0x0100),
    ra: !!(flags & 0x0080),
    rcode: flags & 0xf,
    questions,
    answers: section(counts[1]),
    authorities: section(counts[2]),
    additionals: section(counts[3]),
  };
}

/** The UDP payload size the client accepts: its EDNS OPT record's class, else 512. */
export function udpPayloadSize(m: Message): number {
  const opt = m.additionals.find((a) => a.type === TYPE.OPT);
  return opt ? Math.max(512, opt.class) : 512;
}

// --- encoding ---

class Writer {
  private chunks: number[] = [];
  u8(v: number) {
    this.chunks.push(v & 0xff);
  }
  u16(v: number) {
    this.chunks.push((v >> 8) & 0xff, v & 0xff);
  }
  u32(v: number) {
    this.u16(Math.floor(v / 65536) & 0xffff);
    this.u16(v & 0xffff);
  }
  bytes(b: Uint8Array) {
    for (const x of b) this.chunks.push(x);
  }
  name(name: string) {
    for (const label of name.split('.').filter(Boolean)) {
      const b = new TextEncoder().encode(label);
      if (b.length > 63) throw new FormatError(`label too long in ${name}`);
      this.u8(b.length);
      this.bytes(b);
    }
    this.u8(0);
  }
  get length() {
    return this.chunks.length;
  }
  /** Writes a 16-bit length, then what `body` writes, then fills the length in. */
  sized(body: () => void) {
    const at = this.chunks.length;
    this.u16(0);
    body();
    const len = this.chunks.length - at - 2;
    this.chunks[at] = (len >> 8) & 0xff;
    this.chunks[at + 1] = len & 0xff;
  }
  done() {
    return Uint8Array.from(this.chunks);
  }
}

function writeRecord(w: Writer, rec: ResourceRecord) {
  w.name(rec.name);
  w.u16(rec.type);
  w.u16(rec.class);
  w.u32(rec.ttl);
  w.sized(() => {
    if ('address' in rec) for (const o of rec.address.split('.')) w.u8(Number(o));
    else if ('priority' in rec) {
      w.u16(rec.priority);
      w.u16(rec.weight);
      w.u16(rec.port);
      w.name(rec.target);
    } else if ('mname' in rec) {
      w.name(rec.mname);
      w.name(rec.rname);
      for (const n of [rec.serial, rec.refresh, rec.retry, rec.expire, rec.minimum]) w.u32(n);
    } else if ('target' in rec) w.name(rec.target);
    else if ('raw' in rec) w.bytes(rec.raw);
  });
}

export function encode(m: Message): Uint8Array {
  const w = new Writer();
  w.u16(m.id);
  w.u16((m.qr ? 0x8000 : 0) | ((m.opcode & 0xf) << 11) | (m.aa ? 0x0400 : 0) | (m.tc ? 0x0200 : 0) | (m.rd ? 0x0100 : 0) | (m.ra ? 0x0080 : 0) | (m.rcode & 0xf));
  for (const n of [m.questions.length, m.answers.length, m.authorities.length, m.additionals.length]) w.u16(n);
  for (const q of m.questions) {
    w.name(q.name);
    w.u16(q.type);
    w.u16(q.class);
  }
  for (const rec of [...m.answers, ...m.authorities, ...m.additionals]) writeRecord(w, rec);
  return w.done();
}

/**
 * A response that fits in `max` bytes: when it does not, the records are dropped and TC set
 * (the client asks again over TCP), as a server without compression must.
 */
export function encodeWithin(m: Message, max: number): Uint8Array {
  const full = encode(m);
  if (full.length <= max) return full;
  return encode({ ...m, tc: true, answers: [], authorities: [], additionals: [] });
}

/** A query, for tests and the benchmark's client. */
export function query(id: number, name: string, type: number = TYPE.A): Uint8Array {
  return encode({ id, qr: false, opcode: 0, aa: false, tc: false, rd: true, ra: false, rcode: 0, questions: [{ name, type, class: CLASS_IN }], answers: [], authorities: [], additionals: [] });
}
