/**
 * The runtime's streaming server (containerd's, at the URL that CRI Exec, Attach and
 * PortForward answer), spoken as the kubelet's clients speak it: an HTTP upgrade to SPDY/3.1,
 * then one SPDY stream per standard stream (remotecommand `v4.channel.k8s.io`: error, stdin,
 * stdout, stderr, resize) or a pair per connection (`portforward.k8s.io`: error and data).
 * SPDY rather than WebSocket because only SPDY can half-close stdin, which `kubectl cp` into a
 * pod and `echo x | kubectl exec -i` need.
 */
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { SpdySession, type SpdyStream } from '../streams/spdy.ts';
import type { PortConnection, ProcessOutput, RemoteProcess, StreamOptions } from '../runtime/types.ts';

/** How long the runtime's streaming server may take to answer the upgrade. */
const UPGRADE_TIMEOUT_MS = 10_000;

interface Dialed {
  session: SpdySession;
  socket: Socket;
  /** the connection closed (either side) */
  closed: Promise<void>;
}

export function dialStreaming(url: string, protocol: string): Promise<Dialed> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const lib = u.protocol === 'https:' ? https : http;
    // a local runtime's own certificate: the URL came from the runtime over its socket
    const req = lib.request(u, { method: 'POST', headers: { Connection: 'Upgrade', Upgrade: 'SPDY/3.1', 'X-Stream-Protocol-Version': protocol }, rejectUnauthorized: false, timeout: UPGRADE_TIMEOUT_MS });
    req.on('upgrade', (_res, socket: Socket, head: Buffer) => {
      socket.setNoDelay(true);
      let closedFn!: () => void;
      const closed = new Promise<void>((r) => (closedFn = r));
      const session = new SpdySession({ role: 'client', write: (b) => socket.writable && socket.write(b) });
      socket.on('data', (d: Buffer) => session.receive(d));
      socket.on('close', () => {
        session.transportClosed();
        // once the frames that came before the close are handled (spdy.ts): a process that ends
        // at once sent its replies, output and status just before the runtime hung up
        void session.settled().then(closedFn);
      });
      socket.on('error', () => undefined);
      if (head.byteLength) session.receive(head);
      resolve({ session, socket, closed });
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => reject(new Error(`the runtime's streaming server answered ${res.statusCode}: ${body.trim()}`)));
    });
    req.on('timeout', () => req.destroy(new Error('the runtime\'s streaming server did not answer')));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Resolves once every stream is replied to; rejects with `message` when the connection closed
 * first. `closed` comes after the frames received before it are handled, so by then each reply
 * that came has been seen: a quick process's close does not hide its replies.
 */
function repliedBeforeClose(streams: SpdyStream[], closed: Promise<void>, message: string): Promise<void> {
  const replied = Promise.all(streams.map((s) => s.replied)).then(() => undefined);
  replied.catch(() => undefined);
  return Promise.race([replied, closed.then(() => replied.catch(() => Promise.reject(new Error(message))))]);
}

/** An exec'd or attached process behind a streaming URL. */
export async function streamProcess(url: string, opts: StreamOptions, out: ProcessOutput): Promise<RemoteProcess> {
  const { session, socket, closed } = await dialStreaming(url, 'v4.channel.k8s.io');
  const open = (type: string) => session.open({ streamtype: type });
  const error = open('error');
  const stdin = opts.stdin ? open('stdin') : undefined;
  const stdout = opts.stdout ? open('stdout') : undefined;
  const stderr = opts.stderr && !opts.tty ? open('stderr') : undefined;
  const resize = opts.tty ? open('resize') : undefined;
  const all = [error, stdin, stdout, stderr, resize].filter((s): s is SpdyStream => !!s);
  try {
    await repliedBeforeClose(all, closed, 'the runtime closed the stream connection');
  } catch (e) {
    socket.destroy();
    throw e;
  }
  stdout?.onData((b) => out.stdout(b));
  stderr?.onData((b) => out.stderr(b));
  const status: Buffer[] = [];
  error.onData((b) => status.push(b));
  const done = new Promise<Uint8Array | undefined>((resolve) => {
    const finish = () => resolve(status.length ? Buffer.concat(status) : undefined);
    error.onEnd(finish);
    void closed.then(finish);
  });
  return {
    write: (b) => stdin?.write(b),
    endInput: () => stdin?.end(),
    resize: (json) => resize?.write(json),
    done,
    close: () => {
      session.close();
      socket.end();
      setTimeout(() => socket.destroy(), 1000).unref();
    },
  };
}

/** One connection to `port` through a port-forward URL. */
export async function streamPort(url: string, port: number): Promise<PortConnection> {
  const { session, socket, closed } = await dialStreaming(url, 'portforward.k8s.io');
  const headers = { port: String(port), requestid: '0' };
  const error = session.open({ streamtype: 'error', ...headers });
  const data = session.open({ streamtype: 'data', ...headers });
  try {
    await repliedBeforeClose([error, data], closed, 'the runtime closed the port-forward connection');
  } catch (e) {
    socket.destroy();
    throw e;
  }
  error.end(); // we never write errors
  let message = '';
  error.onData((b) => (message += b.toString()));
  const errorDone = new Promise<void>((r) => {
    error.onEnd(r);
    void closed.then(r);
  });
  const close = () => {
    session.close();
    socket.end();
    setTimeout(() => socket.destroy(), 1000).unref();
  };
  return {
    write: (b) => data.write(b),
    end: () => data.end(),
    onData: (fn) => data.onData(fn),
    onEnd: (fn) =>
      data.onEnd(() => {
        // the error, if any, comes on its own stream: wait a moment for it
        void Promise.race([errorDone, new Promise((r) => setTimeout(r, 200))]).then(() => {
          fn(message.trim() || undefined);
          close();
        });
      }),
    close,
  };
}
