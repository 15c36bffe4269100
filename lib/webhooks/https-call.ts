/**
 * One admission webhook call made from Node (never from a worker: it uses node:https): an HTTPS
 * POST that trusts the webhook's own CA bundle and checks the name Kubernetes would check, with
 * a deadline. Transport failures are reported in Go's words, since kube-apiserver's message
 * quotes its HTTP client's error (`Post "https://...": <error>`).
 *
 * Used by the local runtime's webhook caller (local/webhook-caller.ts: `url` webhooks, over
 * kept-alive connections, agents.ts) and by the node agent (`service` webhooks through the tunnel).
 */
import https from 'node:https';
import { isIP } from 'node:net';
import type { PeerCertificate } from 'node:tls';
import { checkServerIdentity } from 'node:tls';
import { failedOnStaleConnection } from '../http/stale-connection.ts';
import type { WebhookAgents } from './agents.ts';

export interface HttpsCall {
  /** where to connect */
  host: string;
  port: number;
  /** path and query */
  path: string;
  /** the name the certificate must carry (default: host) */
  serverName?: string;
  /** PEM; none: the system roots */
  caPem?: string;
  body: string;
  timeoutMs: number;
  /** kept-alive connections to reuse (none: one connection per call) */
  agents?: WebhookAgents;
}

export type HttpsCallResult = { ok: true; status: number; body: string } | { ok: false; error: string };

export function httpsCall(c: HttpsCall): Promise<HttpsCallResult> {
  const name = c.serverName ?? c.host;
  return new Promise((resolve) => {
    let settled = false;
    let req: ReturnType<typeof https.request> | undefined;
    const done = (r: HttpsCallResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const attempt = () => {
      let answered = false;
      const r = https.request(
        {
          host: c.host,
          port: c.port,
          path: c.path,
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, */*', 'Content-Length': Buffer.byteLength(c.body) },
          ...(c.caPem ? { ca: c.caPem } : {}),
          // SNI only for names; the certificate check uses `name` either way
          servername: isIP(name) ? undefined : name,
          checkServerIdentity: (_host: string, cert: PeerCertificate) => checkServerIdentity(name, cert),
          agent: c.agents ? c.agents.for(c.caPem) : false,
        },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () => done({ ok: true, status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', (e) => done({ ok: false, error: goError(e, c, name) }));
        },
      );
      r.on('error', (e: Error & { code?: string }) => {
        // a reused connection that fails before any answer: again on another (a fresh one at worst)
        if (!settled && failedOnStaleConnection(r, e, answered)) return attempt();
        done({ ok: false, error: goError(e, c, name) });
      });
      r.end(c.body);
      req = r;
    };
    const timer = setTimeout(() => {
      done({ ok: false, error: 'context deadline exceeded' });
      req?.destroy();
    }, c.timeoutMs);
    attempt();
  });
}

const hostPort = (c: HttpsCall) => `${isIP(c.host) === 6 ? `[${c.host}]` : c.host}:${c.port}`;

/** A Node transport error as Go's net/http and crypto/tls word it. */
export function goError(e: Error & { code?: string; cert?: PeerCertificate; reason?: string }, c: HttpsCall, name: string): string {
  const unknownAuthority = 'tls: failed to verify certificate: x509: certificate signed by unknown authority';
  switch (e.code) {
    case 'ECONNREFUSED':
      return `dial tcp ${hostPort(c)}: connect: connection refused`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `dial tcp: lookup ${c.host}: no such host`;
    case 'EHOSTUNREACH':
      return `dial tcp ${hostPort(c)}: connect: no route to host`;
    case 'ECONNRESET':
      return 'EOF';
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'UNABLE_TO_GET_ISSUER_CERT':
      return unknownAuthority;
    case 'CERT_HAS_EXPIRED':
    case 'CERT_NOT_YET_VALID':
      return 'tls: failed to verify certificate: x509: certificate has expired or is not yet valid';
    case 'ERR_TLS_CERT_ALTNAME_INVALID': {
      // Go lists the names of the kind asked for: IP SANs for an address, DNS names for a name
      const prefix = isIP(name) ? 'IP Address:' : 'DNS:';
      const sans = (e.cert?.subjectaltname ?? '').split(', ');
      const names = sans.filter((s) => s.startsWith(prefix)).map((s) => s.slice(prefix.length));
      if (!names.length && isIP(name)) return `tls: failed to verify certificate: x509: cannot validate certificate for ${name} because it doesn't contain any IP SANs`;
      if (!names.length) return `tls: failed to verify certificate: x509: certificate is not valid for any names, but wanted to match ${name}`;
      return `tls: failed to verify certificate: x509: certificate is valid for ${names.join(', ')}, not ${name}`;
    }
  }
  return e.message;
}
