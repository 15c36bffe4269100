/**
 * Streams of the simulated runtime, which runs no process: enough behaviour for tests to drive
 * exec, attach and port-forward end to end.
 *
 * A process:
 * - without stdin: `echo a b` prints `a b`; `sh -c 'exit N'` exits N; anything else exits 0;
 * - with stdin: echoes its input to stdout as it comes (as `cat`, or a terminal's echo) until
 *   end-of-file (exit 0) or a line `exit N` (exit N); after a line `stty size` it prints the
 *   last terminal size the client sent (`<rows> <cols>`).
 * A port: an HTTP server answers every request with `simulated <pod>:<port> <METHOD> <path>`,
 * and `GET /bytes/<n>` with n bytes (for throughput measurements).
 */
import http from 'node:http';
import { duplexPair, type Duplex } from 'node:stream';
import { exitStatus } from '../../lib/tunnel/channels.ts';
import type { PortConnection, ProcessOutput, RemoteProcess, StreamOptions } from './types.ts';

const enc = new TextEncoder();
const statusBytes = (command: string[], code: number) => enc.encode(JSON.stringify(exitStatus(command, code)));

export function simulatedProcess(command: string[], opts: StreamOptions, out: ProcessOutput): RemoteProcess {
  let finish!: (s: Uint8Array | undefined) => void;
  const done = new Promise<Uint8Array | undefined>((r) => (finish = r));
  let ended = false;
  const end = (code: number) => {
    if (ended) return;
    ended = true;
    finish(statusBytes(command, code));
  };
  let size = { Width: 80, Height: 24 };
  let line = '';

  if (!opts.stdin) {
    // a command that runs to completion on its own
    setImmediate(() => {
      const script = command[0] === 'sh' && command[1] === '-c' ? (command[2] ?? '') : '';
      const exit = /^exit (\d+)$/.exec(script.trim());
      if (command[0] === 'echo') out.stdout(enc.encode(`${command.slice(1).join(' ')}\n`));
      end(exit ? Number(exit[1]) : 0);
    });
  }

  return {
    write(bytes) {
      if (ended) return;
      out.stdout(bytes);
      for (const ch of new TextDecoder().decode(bytes)) {
        if (ch !== '\n' && ch !== '\r') {
          line += ch;
          continue;
        }
        const cmd = line.trim();
        line = '';
        const exit = /^exit(?: (\d+))?$/.exec(cmd);
        if (exit) return end(Number(exit[1] ?? 0));
        if (cmd === 'stty size') out.stdout(enc.encode(`${size.Height} ${size.Width}\n`));
      }
    },
    endInput() {
      end(0);
    },
    resize(json) {
      try {
        size = JSON.parse(new TextDecoder().decode(json)) as typeof size;
      } catch {
        // not a size: ignored, as a runtime would
      }
    },
    done,
    close() {
      ended = true;
      finish(undefined);
    },
  };
}

let server: http.Server | undefined;
const targets = new WeakMap<object, { pod: string; port: number }>();

function podServer(): http.Server {
  if (server) return server;
  server = http.createServer((req, res) => {
    const t = targets.get(req.socket) ?? { pod: '?', port: 0 };
    const bytes = /^\/bytes\/(\d+)$/.exec(req.url ?? '');
    if (bytes) {
      const n = Math.min(Number(bytes[1]), 1 << 30);
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(n) });
      const chunk = Buffer.alloc(Math.min(n, 64 * 1024), 120);
      let left = n;
      const pump = () => {
        while (left > 0) {
          const part = chunk.subarray(0, Math.min(left, chunk.byteLength));
          left -= part.byteLength;
          if (!res.write(part)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    req.resume();
    res.end(`simulated ${t.pod}:${t.port} ${req.method} ${req.url}\n`);
  });
  return server;
}

export function simulatedPort(pod: string, port: number): PortConnection {
  const [ours, theirs] = duplexPair() as [Duplex, Duplex];
  targets.set(theirs, { pod, port });
  podServer().emit('connection', theirs);
  let ended = false;
  return {
    write: (b) => void ours.write(b),
    end: () => void ours.end(),
    onData: (fn) => void ours.on('data', (b: Buffer) => fn(b)),
    onEnd: (fn) => {
      const once = (e?: string) => {
        if (ended) return;
        ended = true;
        fn(e);
      };
      ours.on('end', () => once());
      ours.on('error', (e) => once(e.message));
      ours.on('close', () => once());
    },
    close: () => void ours.destroy(),
  };
}
