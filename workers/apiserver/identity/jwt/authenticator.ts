/**
 * Tokens of the configured OIDC issuers (config.ts), checked as kube-apiserver's JWT authenticator
 * does (apiserver/plugin/pkg/authenticator/token/oidc): the token is routed by its `iss` to the
 * one authenticator of that issuer, its signature checked against the issuer's JWKS (found
 * through its discovery document, whose `issuer` must be the configured URL), `exp` required and
 * `nbf`/`iat` not in the future, an audience among the configured ones, every claim rule met;
 * then the username, groups and uid are read from the mapped claims with their prefixes (an
 * `email` username needs `email_verified` true when present).
 *
 * Discovery documents and key sets are fetched once per isolate and issuer (jose refetches the
 * key set when a token names an unknown key, at most every 30 s). A Worker's fetch trusts only
 * public roots: in production the issuer needs a publicly trusted certificate; locally the
 * runtime adds the configured certificateAuthority to the apiserver's outbound trust
 * (local/outbound.ts).
 */
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import type { TokenAuthenticator, UserInfo } from '../../auth/authn.ts';
import { withAuthenticated } from '../user-info.ts';
import { parseAuthenticationConfig, type JwtAuthenticator } from './config.ts';

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512'];
/** go-oidc's tolerance for clocks a little apart (nbf, iat). */
const CLOCK_SKEW_SECONDS = 5 * 60;

type KeySet = ReturnType<typeof createRemoteJWKSet>;

/** One issuer's key set, found through discovery on first use; a failure is retried by the next token. */
class Issuer {
  private keys?: Promise<KeySet>;
  constructor(readonly config: JwtAuthenticator) {}

  keySet(): Promise<KeySet> {
    this.keys ??= this.discover().catch((e) => {
      this.keys = undefined;
      throw e;
    });
    return this.keys;
  }

  private async discover(): Promise<KeySet> {
    const url = this.config.issuer.url;
    const where = this.config.issuer.discoveryURL ?? `${url.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const res = await fetch(where, { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`oidc: discovery ${where}: ${res.status}`);
    const doc = (await res.json()) as { issuer?: string; jwks_uri?: string };
    if (doc.issuer !== url) throw new Error(`oidc: issuer did not match the issuer returned by provider, expected "${url}" got "${doc.issuer}"`);
    if (!doc.jwks_uri) throw new Error(`oidc: ${where} names no jwks_uri`);
    return createRemoteJWKSet(new URL(doc.jwks_uri));
  }
}

/** Per isolate: the issuers of the configuration text last seen. */
let loaded: { text: string; issuers: Map<string, Issuer> } | undefined;

function issuersOf(text: string): Map<string, Issuer> {
  if (loaded?.text !== text) {
    const config = parseAuthenticationConfig(text);
    loaded = { text, issuers: new Map((config.jwt ?? []).map((j) => [j.issuer.url, new Issuer(j)])) };
  }
  return loaded.issuers;
}

/** The authenticator of the configuration in AUTHENTICATION_CONFIG (none when unset). */
export function jwtAuthenticators(text: string | undefined): TokenAuthenticator {
  return async (token) => {
    if (!text || token.split('.').length !== 3) return undefined;
    let iss: unknown;
    try {
      iss = decodeJwt(token).iss;
    } catch {
      return undefined;
    }
    const issuer = typeof iss === 'string' ? issuersOf(text).get(iss) : undefined;
    if (!issuer) return undefined;
    return verifyWith(issuer, token);
  };
}

async function verifyWith(issuer: Issuer, token: string, now = Math.floor(Date.now() / 1000)): Promise<UserInfo | undefined> {
  const c = issuer.config;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, await issuer.keySet(), { issuer: c.issuer.url, algorithms: ALGORITHMS, requiredClaims: ['exp'], clockTolerance: CLOCK_SKEW_SECONDS }));
  } catch (e) {
    if ((e as Error).message.startsWith('oidc:')) console.error((e as Error).message);
    return undefined;
  }
  // jose's tolerance also applies to exp: Kubernetes allows none there
  if ((payload.exp as number) <= now) return undefined;
  if (typeof payload.iat === 'number' && payload.iat > now + CLOCK_SKEW_SECONDS) return undefined;
  return userFromClaims(c, payload);
}

/** The user the claims of a verified token stand for, or undefined when they do not qualify. */
export function userFromClaims(c: JwtAuthenticator, payload: JWTPayload): UserInfo | undefined {
  const aud = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
  if (!aud.some((a) => c.issuer.audiences.includes(a))) return undefined;
  for (const rule of c.claimValidationRules ?? []) if (!rule.claim || payload[rule.claim] !== (rule.requiredValue ?? '')) return undefined;

  const m = c.claimMappings;
  const claim = m.username.claim!;
  const name = payload[claim];
  if (typeof name !== 'string' || !name) return undefined;
  if (claim === 'email' && 'email_verified' in payload && payload.email_verified !== true) return undefined;
  const user: UserInfo = { username: `${m.username.prefix ?? ''}${name}`, groups: [] };

  if (m.groups?.claim && payload[m.groups.claim] !== undefined) {
    const raw = payload[m.groups.claim];
    const groups = typeof raw === 'string' ? [raw] : Array.isArray(raw) && raw.every((g) => typeof g === 'string') ? (raw as string[]) : undefined;
    if (!groups) return undefined;
    user.groups = groups.map((g) => `${m.groups!.prefix ?? ''}${g}`);
  }
  if (m.uid?.claim && payload[m.uid.claim] !== undefined) {
    const uid = payload[m.uid.claim];
    if (typeof uid !== 'string') return undefined;
    user.uid = uid;
  }
  user.groups = withAuthenticated(user.groups);
  return user;
}
