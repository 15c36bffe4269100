/**
 * A minimal OIDC issuer for tests: HTTPS on 127.0.0.1 with a CA of its own (local/certs.ts), a
 * discovery document, a JWKS, and RS256 tokens signed on demand.
 */
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { ensureCertificates } from '../../local/certs.ts';

export interface Issuer {
  url: string;
  caPem: string;
  /** a token with these claims (iss, iat and a 10-minute exp filled in unless given) */
  sign(claims: JWTPayload, opts?: { issuer?: string }): Promise<string>;
  close(): Promise<void>;
}

export async function startIssuer(pkiDir: string): Promise<Issuer> {
  const pki = await ensureCertificates(pkiDir, ['127.0.0.1']);
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  let url = '';
  const server = https.createServer({ key: pki.keyPem, cert: pki.certPem }, (req, res) => {
    const body =
      req.url === '/.well-known/openid-configuration' ? { issuer: url, jwks_uri: `${url}/keys`, id_token_signing_alg_values_supported: ['RS256'] } : req.url === '/keys' ? { keys: [jwk] } : undefined;
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' }).end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    caPem: pki.caPem,
    async sign(claims, opts = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iat: now, exp: now + 600, ...claims }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(opts.issuer ?? url).sign(privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
