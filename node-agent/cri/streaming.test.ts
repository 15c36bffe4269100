import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { SpdySession, type SpdyStream } from '../streams/spdy.ts';
import { streamProcess } from './streaming.ts';

/**
 * A streaming server as containerd's behaves for a command that ends at once: it replies to the
 * three streams, writes the output and the status, and hangs up in the same moment.
 */
async function quickProcessServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => res.writeHead(400).end());
  server.on('upgrade', (_req, socket: Socket) => {
    socket.write('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: SPDY/3.1\r\nX-Stream-Protocol-Version: v4.channel.k8s.io\r\n\r\n');
    const streams: SpdyStream[] = [];
    const session = new SpdySession({
      role: 'server',
      write: (b) => socket.write(b),
      onStream: (s) => {
        streams.push(s);
        if (streams.length < 3) return;
        const of = (type: string) => streams.find((x) => x.headers.streamtype === type)!;
        of('stdout').write(Buffer.from('bye\n'));
        of('error').write(Buffer.from('{"status":"Success"}'));
        for (const x of streams) x.end();
        socket.end();
      },
    });
    socket.on('data', (d: Buffer) => session.receive(d));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/exec/x`,
    close: () => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))),
  };
}

test('a process that ends at once: its replies, output and status are not lost to the hang-up', async () => {
  const server = await quickProcessServer();
  try {
    for (let i = 0; i < 20; i++) {
      const out: string[] = [];
      const p = await streamProcess(server.url, { tty: false, stdin: false, stdout: true, stderr: true }, { stdout: (b) => out.push(Buffer.from(b).toString()), stderr: () => undefined });
      const status = await p.done;
      assert.equal(status && Buffer.from(status).toString(), '{"status":"Success"}', `run ${i}`);
      assert.deepEqual(out, ['bye\n'], `run ${i}`);
      p.close();
    }
  } finally {
    await server.close();
  }
});
