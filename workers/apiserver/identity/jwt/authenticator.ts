/**
 * Tokens of the configured OIDC issuers (config.ts), checked as kube-apiserver's JWT authenticator
 * does (apiserver/plugin/pkg/authenticator/token/oidc): the token is routed by its `iss` to the
 * one authenticator of that issuer, its signature checked against the issuer's JWKS (found
 * through its discovery document, whose `issuer` must be the configured URL), `exp` required and
 * `nbf`/`iat` not in the future, an audience among the configured ones, every claim rule met;
 * then the username, groups and uid are read from the mapped claims with their prefixes (an
 * `email` username needs `email_verified` true when present).
 *
 * An issuer's discovery document and key set are fetched once per isolate, again after 10 minutes
 * (jose's default), and at most every 30 s when a token names a key the set lacks (a rotation).
 * They are loaded through an IsolateMemo: no request waits on a fetch another request started
 * (workerd cancels such a request as hung). A Worker's fetch trusts only
 * public roots: in production the issuer needs a publicly trusted certificate; locally the
 * runtime adds the configured certificateAuthority to the apiserver's outbound trust
 * (local/outbound.ts).
 */
import { createLocalJWKSet, decodeJwt, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { IsolateMemo } from '../../../../lib/isolate/memo.ts';
import type { TokenAuthenticator, UserInfo } from '../../auth/authn.ts';
import { withAuthenticated } from '../user-info.ts';
import { parseAuthenticationConfig, type JwtAuthenticator } from './config.ts';

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512'];
/** go-oidc's tolerance for clocks a little apart (nbf, iat). */
const CLOCK_SKEW_SECONDS = 5 * 60;

type KeySet = ReturnType<typeof createLocalJWKSet>;

const KEYS_MAX_AGE_MS = 10 * 60_000;
/** how soon after a fetch a token naming an unknown key may fetch the set again */
const KEYS_COOLDOWN_MS = 30_000;

/** One issuer's key set, found through discovery on first use; a failure is retried by the next token. */
class Issuer {
  private readonly keys = new IsolateMemo<'keys', KeySet>(1);
  constructor(readonly config: JwtAuthenticator) {}

  /** `scope`: an object of the asking request alone; `rotated`: the kept set lacked the token's key. */
  keySet(scope: object, rotated = false): Promise<KeySet> {
    return this.keys.get(scope, 'keys', () => this.fetchKeys(), rotated ? KEYS_COOLDOWN_MS : KEYS_MAX_AGE_MS);
  }

  private async fetchKeys(): Promise<KeySet> {
    const url = this.config.issuer.url;
    const where = this.config.issuer.discoveryURL ?? `${url.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const doc = await getJson<{ issuer?: string; jwks_uri?: string }>(where, 'discovery');
    if (doc.issuer !== url) throw new Error(`oidc: issuer did not match the issuer returned by provider, expected "${url}" got "${doc.issuer}"`);
    if (!doc.jwks_uri) throw new Error(`oidc: ${where} names no jwks_uri`);
    return createLocalJWKSet(await getJson<JSONWebKeySet>(doc.jwks_uri, 'keys'));
  }
}

async function getJson<T>(url: string, what: string): Promise<T> {
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`oidc: ${what} ${url}: ${res.status}`);
  return (await res.json()) as T;
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
export function jwtAuthenticators(text: string | undefined, scope: object): TokenAuthenticator {
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
    return verifyWith(issuer, token, scope);
  };
}

async function verifyWith(issuer: Issuer, token: string, scope: object, now = Math.floor(Date.now() / 1000)): Promise<UserInfo | undefined> {
  const c = issuer.config;
  const options = { issuer: c.issuer.url, algorithms: ALGORITHMS, requiredClaims: ['exp'], clockTolerance: CLOCK_SKEW_SECONDS };
  let payload: JWTPayload;
  try {
    try {
      ({ payload } = await jwtVerify(token, await issuer.keySet(scope), options));
    } catch (e) {
      if (!(e instanceof errors.JWKSNoMatchingKey)) throw e;
      ({ payload } = await jwtVerify(token, await issuer.keySet(scope, true), options));
    }
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
