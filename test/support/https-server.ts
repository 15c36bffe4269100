/**
 * An HTTPS server on 127.0.0.1 for a test file (a webhook of the test's own): its certificate is
 * signed by a CA made for it, whose PEM (base64, as a `caBundle`) the tests hand to the cluster.
 * Started before the file's tests, stopped after them; each request's body is read whole first.
 */
import { after, before } from 'node:test';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { ensureCertificates } from '../../local/certs.ts';

export interface HttpsServer {
  port: number;
  /** the CA's PEM, base64-encoded */
  caBundle: string;
  /** TLS connections accepted so far */
  connections: number;
}

/** `names`: the certificate's names besides 127.0.0.1 (a Service's `<name>.<namespace>.svc`). */
export function useHttpsServer(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void | Promise<void>, names: string[] = []): HttpsServer {
  const out: HttpsServer = { port: 0, caBundle: '', connections: 0 };
  let server: https.Server | undefined;
  let pkiDir = '';
  before(async () => {
    pkiDir = await mkdtemp(join(tmpdir(), 'timonier-https-pki-'));
    const pki = await ensureCertificates(pkiDir, ['127.0.0.1', ...names]);
    out.caBundle = Buffer.from(pki.caPem).toString('base64');
    const s = https.createServer({ key: pki.keyPem, cert: pki.certPem }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => void handle(req, Buffer.concat(chunks).toString(), res));
    });
    s.on('secureConnection', () => out.connections++);
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    out.port = (s.address() as AddressInfo).port;
    server = s;
  });
  after(async () => {
    server?.closeAllConnections();
    server?.close();
    if (pkiDir) await rm(pkiDir, { recursive: true, force: true });
  });
  return out;
}
