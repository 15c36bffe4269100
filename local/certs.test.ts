import 'reflect-metadata';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:https';
import { isIP, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { checkServerIdentity, connect } from 'node:tls';
import * as x509 from '@peculiar/x509';
import { ensureCertificates, serverNames, type Pki } from './certs.ts';

/** Connects with TLS to a server using `pki`, as `name`, trusting `ca`; resolves to the verification error, if any. */
async function handshake(pki: Pki, name: string, ca?: string): Promise<string | undefined> {
  const server = createServer({ key: pki.keyPem, cert: pki.certPem }, (_req, res) => res.end());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve) => {
      // the chain and the name (IP or DNS SAN) are both checked, as kubectl checks them
      const servername = isIP(name) ? undefined : name;
      const socket = connect({ host: '127.0.0.1', port, ca, servername, checkServerIdentity: (_h, cert) => checkServerIdentity(name, cert) }, () => {
        socket.end();
        resolve(undefined);
      });
      socket.on('error', (e) => resolve(e.message));
    });
  } finally {
    server.close();
  }
}

describe('ensureCertificates', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'timonier-pki-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('makes a CA and a server certificate that TLS clients trusting the CA accept', async () => {
    const pki = await ensureCertificates(dir, serverNames());
    assert.equal(await handshake(pki, '127.0.0.1', pki.caPem), undefined);
    assert.match((await handshake(pki, '127.0.0.1')) ?? '', /self.signed|unable to (get|verify)/i);
  });

  test('names loopback in the server certificate, with a P-256 key signed by the CA', async () => {
    const pki = await ensureCertificates(dir, serverNames());
    const cert = new x509.X509Certificate(pki.certPem);
    const ca = new x509.X509Certificate(pki.caPem);
    const names = cert.getExtension(x509.SubjectAlternativeNameExtension)!.names.toJSON();
    assert.deepEqual(names, [
      { type: 'ip', value: '127.0.0.1' },
      { type: 'dns', value: 'localhost' },
    ]);
    assert.equal(cert.issuer, ca.subject);
    assert.equal((cert.publicKey.algorithm as EcKeyAlgorithm).namedCurve, 'P-256');
    assert.equal(ca.getExtension(x509.BasicConstraintsExtension)!.ca, true);
  });

  test('reuses what it made, keeping the keys private', async () => {
    const first = await ensureCertificates(dir, serverNames());
    const again = await ensureCertificates(dir, serverNames());
    assert.deepEqual(again, first);
    assert.equal((await stat(join(dir, 'ca.key'))).mode & 0o077, 0);
    assert.equal((await stat(join(dir, 'server.key'))).mode & 0o077, 0);
  });

  test('reissues the server certificate for a new host under the same CA', async () => {
    const first = await ensureCertificates(dir, serverNames());
    const wider = await ensureCertificates(dir, serverNames('timonier.test'));
    assert.equal(wider.caPem, first.caPem);
    assert.notEqual(wider.certPem, first.certPem);
    const names = new x509.X509Certificate(wider.certPem).getExtension(x509.SubjectAlternativeNameExtension)!.names.toJSON();
    assert.ok(names.some((n) => n.type === 'dns' && n.value === 'timonier.test'));
    assert.equal(await handshake(wider, 'timonier.test', wider.caPem), undefined);
  });

  test('starts over when the CA is gone', async () => {
    const first = await ensureCertificates(dir, serverNames());
    await rm(join(dir, 'ca.crt'));
    const fresh = await ensureCertificates(dir, serverNames());
    assert.notEqual(fresh.caPem, first.caPem);
    assert.equal(await readFile(join(dir, 'ca.crt'), 'utf8'), fresh.caPem);
    assert.equal(await handshake(fresh, '127.0.0.1', fresh.caPem), undefined);
  });
});

describe('serverNames', () => {
  test('adds a host only when it names something beyond loopback', () => {
    assert.deepEqual(serverNames(), ['127.0.0.1', 'localhost']);
    assert.deepEqual(serverNames('localhost'), ['127.0.0.1', 'localhost']);
    assert.deepEqual(serverNames('0.0.0.0'), ['127.0.0.1', 'localhost']);
    assert.deepEqual(serverNames('10.1.2.3'), ['127.0.0.1', 'localhost', '10.1.2.3']);
  });
});
