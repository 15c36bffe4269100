/**
 * The node's cluster DNS server, in the agent (where CoreDNS would run as pods): UDP and TCP on
 * one address and port, answering the cluster domain from `resolve` and forwarding every other
 * question, as it came, to the node's resolvers (their answer goes back as it came too).
 * Several agents on one machine each have their own server: the port is chosen by the system,
 * and the service proxy sends the cluster's kube-dns Service there.
 */
import dgram from 'node:dgram';
import net from 'node:net';
import { resolve, type ClusterIndex } from './resolve.ts';
import { decode, encode, encodeWithin, FormatError, RCODE, udpPayloadSize, type Message } from './wire.ts';

export interface DnsServerOptions {
  host: string;
  /** 0: any free port (the same for UDP and TCP) */
  port?: number;
  /** the current index of the cluster's names */
  index(): ClusterIndex;
  /** the node's resolvers, `ip` or `ip:port` */
  upstreams(): string[];
  forwardTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface DnsServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

const MAX_TCP = 65535;
/** larger UDP answers than this are truncated whatever the client offers (DNS flag day 2020) */
const MAX_UDP = 1232;

/** Our answer, or undefined when the question is for the upstream resolvers. */
export function answer(index: ClusterIndex, bytes: Uint8Array): { message: Message } | { forward: true } | { error: Message } {
  let q: Message;
  try {
    q = decode(bytes);
  } catch (e) {
    if (!(e instanceof FormatError) || bytes.length < 2) throw e;
    const id = (bytes[0] << 8) | bytes[1];
    return { error: { id, qr: true, opcode: 0, aa: false, tc: false, rd: false, ra: true, rcode: RCODE.FORMERR, questions: [], answers: [], authorities: [], additionals: [] } };
  }
  const reply = (rcode: number, rest: Partial<Message> = {}): Message => ({ id: q.id, qr: true, opcode: q.opcode, aa: false, tc: false, rd: q.rd, ra: true, rcode, questions: q.questions, answers: [], authorities: [], additionals: [], ...rest });
  if (q.qr || q.opcode !== 0 || q.questions.length !== 1) return { error: reply(q.opcode !== 0 ? RCODE.NOTIMP : RCODE.FORMERR) };
  const r = resolve(index, q.questions[0]);
  if (r.kind === 'forward') return { forward: true };
  return { message: reply(r.rcode, { aa: true, answers: r.answers, authorities: r.authorities, additionals: r.additionals }) };
}

function splitHostPort(s: string): { host: string; port: number } {
  const m = /^(.*):(\d+)$/.exec(s);
  return m && !m[1].includes(':') ? { host: m[1], port: Number(m[2]) } : { host: s, port: 53 };
}

function forwardUdp(bytes: Uint8Array, upstream: string, timeoutMs: number): Promise<Uint8Array> {
  const { host, port } = splitHostPort(upstream);
  return new Promise((res, rej) => {
    const sock = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    const timer = setTimeout(() => done(new Error(`no answer from ${upstream}`)), timeoutMs);
    const done = (err?: Error, msg?: Uint8Array) => {
      clearTimeout(timer);
      sock.close();
      if (err) rej(err);
      else res(msg!);
    };
    sock.on('message', (msg) => done(undefined, new Uint8Array(msg)));
    sock.on('error', (e) => done(e));
    sock.send(bytes, port, host);
  });
}

function forwardTcp(bytes: Uint8Array, upstream: string, timeoutMs: number): Promise<Uint8Array> {
  const { host, port } = splitHostPort(upstream);
  return new Promise((res, rej) => {
    const sock = net.connect({ host, port });
    let buf = Buffer.alloc(0);
    sock.setTimeout(timeoutMs, () => sock.destroy(new Error(`no answer from ${upstream}`)));
    sock.on('connect', () => sock.write(Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes])));
    sock.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      if (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
        res(new Uint8Array(buf.subarray(2, 2 + buf.readUInt16BE(0))));
        sock.destroy();
      }
    });
    sock.on('error', rej);
    sock.on('close', () => rej(new Error(`${upstream} closed the connection`)));
  });
}

export async function startDnsServer(o: DnsServerOptions, attempt = 0): Promise<DnsServer> {
  const log = o.log ?? (() => {});
  const timeout = o.forwardTimeoutMs ?? 2000;
  const servfail = (bytes: Uint8Array): Uint8Array => {
    const m = decode(bytes);
    return encode({ ...m, qr: true, ra: true, aa: false, rcode: RCODE.SERVFAIL, answers: [], authorities: [], additionals: [] });
  };

  /** our answer, the upstream's, or SERVFAIL; undefined for what cannot be answered at all */
  async function handle(bytes: Uint8Array, tcp: boolean): Promise<Uint8Array | undefined> {
    let a: ReturnType<typeof answer>;
    try {
      a = answer(o.index(), bytes);
    } catch {
      return undefined;
    }
    if ('error' in a) return encode(a.error);
    if ('message' in a) return tcp ? encodeWithin(a.message, MAX_TCP) : encodeWithin(a.message, Math.min(MAX_UDP, udpPayloadSize(decode(bytes))));
    for (const upstream of o.upstreams()) {
      try {
        return await (tcp ? forwardTcp : forwardUdp)(bytes, upstream, timeout);
      } catch (e) {
        log(`dns: forwarding to ${upstream}: ${(e as Error).message}`);
      }
    }
    return servfail(bytes);
  }

  const udp = dgram.createSocket({ type: net.isIPv6(o.host) ? 'udp6' : 'udp4' });
  udp.on('message', (msg, rinfo) => {
    void handle(new Uint8Array(msg), false).then((out) => out && udp.send(out, rinfo.port, rinfo.address));
  });
  udp.on('error', (e) => log(`dns: udp: ${e.message}`));

  const tcp = net.createServer((sock) => {
    let buf = Buffer.alloc(0);
    sock.setTimeout(10_000, () => sock.destroy());
    sock.on('error', () => {});
    sock.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      while (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
        const msg = new Uint8Array(buf.subarray(2, 2 + buf.readUInt16BE(0)));
        buf = buf.subarray(2 + msg.length);
        void handle(msg, true).then((out) => {
          if (out && !sock.destroyed) sock.write(Buffer.concat([Buffer.from([out.length >> 8, out.length & 0xff]), out]));
        });
      }
    });
  });

  // one port for both: the UDP socket picks it, TCP takes the same (if it is taken: start over)
  const port = await new Promise<number>((res, rej) => {
    udp.once('error', rej);
    udp.bind(o.port ?? 0, o.host, () => {
      udp.off('error', rej);
      res(udp.address().port);
    });
  });
  try {
    await new Promise<void>((res, rej) => {
      tcp.once('error', rej);
      tcp.listen(port, o.host, () => {
        tcp.off('error', rej);
        res();
      });
    });
  } catch (e) {
    udp.close();
    if (o.port || attempt >= 5) throw e;
    return startDnsServer(o, attempt + 1);
  }
  log(`dns: serving the cluster domain on ${o.host}:${port} (udp, tcp)`);
  return {
    host: o.host,
    port,
    close: () =>
      new Promise<void>((res) => {
        udp.close();
        tcp.close(() => res());
      }),
  };
}
