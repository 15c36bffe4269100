/**
 * The local control plane's PKI: a P-256 CA and a server certificate it signs, made on first
 * start into `<dataDir>/pki/` and reused after, so the CA in a kubeconfig stays valid across
 * restarts. kubectl sends no bearer token over plain http, hence HTTPS even on loopback.
 */
// @peculiar/x509 resolves its algorithms through tsyringe, which needs this polyfill loaded first
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';

const crypto = webcrypto as unknown as Crypto;
const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
const DAY = 86_400_000;
const CA_DAYS = 3650;
const SERVER_DAYS = 825;
/** A server certificate this close to expiry is reissued at start. */
const RENEW_BEFORE_DAYS = 30;

export interface Pki {
  caPem: string;
  /** the server's certificate and PKCS#8 key, as PEM (miniflare's httpsCert/httpsKey) */
  certPem: string;
  keyPem: string;
}

/** The subject alternative names a server certificate needs: loopback, plus `host` if it names something else. */
export function serverNames(host?: string): string[] {
  const names = ['127.0.0.1', 'localhost'];
  if (host && !names.includes(host) && host !== '0.0.0.0' && host !== '::') names.push(host);
  return names;
}

/** Loads the PKI from `dir`, creating or renewing what is missing, expired or lacks a name. */
export async function ensureCertificates(dir: string, names: string[]): Promise<Pki> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const files = {
    caCert: join(dir, 'ca.crt'),
    caKey: join(dir, 'ca.key'),
    cert: join(dir, 'server.crt'),
    key: join(dir, 'server.key'),
  };
  let ca = await loadPair(files.caCert, files.caKey);
  if (!ca || expiresWithin(ca.cert, RENEW_BEFORE_DAYS)) {
    ca = await createCa();
    await writePair(files.caCert, files.caKey, ca);
    await rm(files.cert, { force: true });
  }
  let server = await loadPair(files.cert, files.key);
  if (!server || !(await fits(server.cert, ca.cert, names))) {
    server = await createServerCert(ca, names);
    await writePair(files.cert, files.key, server);
  }
  return { caPem: ca.cert.toString('pem'), certPem: server.cert.toString('pem'), keyPem: server.keyPem };
}

interface Pair {
  cert: x509.X509Certificate;
  keyPem: string;
  key: CryptoKey;
}

async function loadPair(certFile: string, keyFile: string): Promise<Pair | undefined> {
  const [certPem, keyPem] = await Promise.all([readOptional(certFile), readOptional(keyFile)]);
  if (!certPem || !keyPem) return undefined;
  const der = x509.PemConverter.decodeFirst(keyPem);
  const key = await crypto.subtle.importKey('pkcs8', der, EC, false, ['sign']);
  return { cert: new x509.X509Certificate(certPem), keyPem, key };
}

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

async function writePair(certFile: string, keyFile: string, pair: Pair): Promise<void> {
  await writeFile(keyFile, pair.keyPem, { mode: 0o600 });
  await writeFile(certFile, pair.cert.toString('pem'));
}

async function newKeys(): Promise<{ keys: CryptoKeyPair; keyPem: string }> {
  const keys = (await crypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const pkcs8 = (await crypto.subtle.exportKey('pkcs8', keys.privateKey)) as ArrayBuffer; // 'pkcs8' gives bytes (workers-types, under which lib/'s tests check this file, do not say so)
  return { keys, keyPem: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY') };
}

const validity = (days: number) => {
  // a minute back: clocks of the client and this machine may differ slightly
  const notBefore = new Date(Date.now() - 60_000);
  return { notBefore, notAfter: new Date(notBefore.getTime() + days * DAY) };
};

async function createCa(): Promise<Pair> {
  const { keys, keyPem } = await newKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      name: 'CN=timonier-ca',
      keys,
      signingAlgorithm: SIGNING,
      ...validity(CA_DAYS),
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  return { cert, keyPem, key: keys.privateKey };
}

async function createServerCert(ca: Pair, names: string[]): Promise<Pair> {
  const { keys, keyPem } = await newKeys();
  const cert = await x509.X509CertificateGenerator.create(
    {
      subject: 'CN=timonier-apiserver',
      issuer: ca.cert.subject,
      publicKey: keys.publicKey,
      signingKey: ca.key,
      signingAlgorithm: SIGNING,
      ...validity(SERVER_DAYS),
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension(names.map((value): x509.JsonGeneralName => ({ type: isIP(value) ? 'ip' : 'dns', value }))),
        await x509.AuthorityKeyIdentifierExtension.create(ca.cert, false, crypto),
      ],
    },
    crypto,
  );
  return { cert, keyPem, key: keys.privateKey };
}

const expiresWithin = (cert: x509.X509Certificate, days: number) => cert.notAfter.getTime() - Date.now() < days * DAY;

/** Whether a stored server certificate can be served as is: signed by this CA, current, and naming every name. */
async function fits(cert: x509.X509Certificate, ca: x509.X509Certificate, names: string[]): Promise<boolean> {
  if (expiresWithin(cert, RENEW_BEFORE_DAYS)) return false;
  if (!(await cert.verify({ publicKey: ca.publicKey, signatureOnly: true }, crypto))) return false;
  const san = cert.getExtension(x509.SubjectAlternativeNameExtension);
  const have = new Set(san?.names.items.map((n) => n.value) ?? []);
  return names.every((n) => have.has(n));
}
