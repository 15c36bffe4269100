/**
 * Bearer tokens the control plane signs: HS256 JWTs with the cluster's TOKEN_SIGNING_KEY. Three
 * shapes, told apart by their claims (workers/apiserver/identity/signed.ts reads them):
 * - components (controllers, scheduler, nodes): `sub` and `groups`, trusted as they are;
 * - people (identity.timonier.dev User): `sub` and `uid`, valid while a User of that name and uid
 *   exists; groups come from the User;
 * - service accounts (TokenRequest): Kubernetes' `kubernetes.io` private claims (namespace,
 *   service account, bound pod) and `aud`, valid while the objects they name exist.
 * New tokens name their cluster (`cluster`); a token without it is the root cluster's (tokens
 * issued before clusters were named). Whoever holds the key can mint tokens, so only the
 * apiserver and the controllers worker get it.
 */
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

/** A name and uid, as Kubernetes' `kubernetes.io` claims hold them. */
export interface ObjectRefClaim {
  name: string;
  uid: string;
}

/** Kubernetes' private claims of a service-account token (pkg/serviceaccount/claims.go). */
export interface KubernetesClaims {
  namespace: string;
  serviceaccount: ObjectRefClaim;
  pod?: ObjectRefClaim;
  secret?: ObjectRefClaim;
  node?: ObjectRefClaim;
}

export interface TokenClaims {
  /** the user name, e.g. system:serviceaccount:kube-system:deployment-controller */
  sub: string;
  /** components only: the groups the token grants */
  groups?: string[];
  /** lifetime in seconds (default: one hour) */
  ttlSeconds?: number;
  /** the cluster the token is valid in */
  cluster?: string;
  /** a tenant cluster's uid: the token is refused by a cluster made again under the same name */
  clusterUid?: string;
  /** people's tokens: the uid of the User they were issued for */
  uid?: string;
  /** service-account tokens */
  kubernetes?: KubernetesClaims;
  audiences?: string[];
  /** a unique id (Kubernetes' credential-id is `JTI=<jti>`) */
  jti?: string;
}

/** What a verified token says; `cluster` is filled in ('default' for tokens without one). */
export interface VerifiedClaims {
  sub: string;
  groups?: string[];
  cluster: string;
  clusterUid?: string;
  uid?: string;
  kubernetes?: KubernetesClaims;
  aud: string[];
  jti?: string;
  iat?: number;
  exp?: number;
}

export const ISSUER = 'timonier';
export const ROOT_CLUSTER = 'default';
/** The HMAC key, imported once per secret and isolate (importing it costs more than verifying). */
const keys = new Map<string, Promise<CryptoKey>>();
function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

export async function signToken(secret: string, claims: TokenClaims): Promise<string> {
  const payload: JWTPayload = {};
  if (claims.groups) payload.groups = claims.groups;
  if (claims.cluster) payload.cluster = claims.cluster;
  if (claims.clusterUid) payload.cuid = claims.clusterUid;
  if (claims.uid) payload.uid = claims.uid;
  if (claims.kubernetes) payload['kubernetes.io'] = claims.kubernetes;
  const jwt = new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${claims.ttlSeconds ?? 3600}s`);
  if (claims.audiences?.length) jwt.setAudience(claims.audiences);
  if (claims.kubernetes) jwt.setNotBefore('0s');
  if (claims.jti) jwt.setJti(claims.jti);
  return jwt.sign(await keyOf(secret));
}

/**
 * Verified tokens, kept 10 s (never past their expiry) as kube-apiserver's token cache keeps
 * them: a client's every request would otherwise pay the signature check. Only the signature and
 * claims are cached; what a token stands for (its User, service account, pod) is checked on
 * every request by the authenticator.
 */
const VERIFIED_TTL_MS = 10_000;
const MAX_VERIFIED = 10_000;
const verified = new Map<string, { secret: string; claims: VerifiedClaims; until: number }>();

/** The claims of a valid token, or undefined (bad signature, expired, not ours, malformed). */
export async function verifyToken(secret: string, token: string, now = Date.now()): Promise<VerifiedClaims | undefined> {
  const hit = verified.get(token);
  if (hit && hit.secret === secret && now < hit.until) return hit.claims;
  const claims = await verifyUncached(secret, token);
  if (claims) {
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(token, { secret, claims, until: Math.min(now + VERIFIED_TTL_MS, (claims.exp ?? Infinity) * 1000) });
  }
  return claims;
}

async function verifyUncached(secret: string, token: string): Promise<VerifiedClaims | undefined> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, await keyOf(secret), { issuer: ISSUER, algorithms: ['HS256'] }));
  } catch {
    return undefined;
  }
  if (typeof payload.sub !== 'string') return undefined;
  const out: VerifiedClaims = { sub: payload.sub, cluster: typeof payload.cluster === 'string' ? payload.cluster : ROOT_CLUSTER, aud: audiences(payload.aud) };
  if (Array.isArray(payload.groups)) out.groups = payload.groups.filter((g): g is string => typeof g === 'string');
  if (typeof payload.uid === 'string') out.uid = payload.uid;
  if (typeof payload.cuid === 'string') out.clusterUid = payload.cuid;
  if (typeof payload.jti === 'string') out.jti = payload.jti;
  if (typeof payload.iat === 'number') out.iat = payload.iat;
  if (typeof payload.exp === 'number') out.exp = payload.exp;
  const k = kubernetesClaims(payload['kubernetes.io']);
  if (k) out.kubernetes = k;
  else if (payload['kubernetes.io'] !== undefined) return undefined;
  if (!out.groups && !out.uid && !out.kubernetes) return undefined;
  return out;
}

const audiences = (aud: unknown): string[] => (typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud.filter((a): a is string => typeof a === 'string') : []);

function ref(x: unknown): ObjectRefClaim | undefined {
  if (!x || typeof x !== 'object') return undefined;
  const { name, uid } = x as Record<string, unknown>;
  return typeof name === 'string' && typeof uid === 'string' ? { name, uid } : undefined;
}

function kubernetesClaims(x: unknown): KubernetesClaims | undefined {
  if (!x || typeof x !== 'object') return undefined;
  const k = x as Record<string, unknown>;
  const serviceaccount = ref(k.serviceaccount);
  if (typeof k.namespace !== 'string' || !serviceaccount) return undefined;
  const out: KubernetesClaims = { namespace: k.namespace, serviceaccount };
  for (const field of ['pod', 'secret', 'node'] as const) {
    const r = ref(k[field]);
    if (r) out[field] = r;
    else if (k[field] !== undefined) return undefined;
  }
  return out;
}

/** The user a service account runs as, with the groups Kubernetes gives it. */
export const serviceAccountUser = (namespace: string, name: string) => ({
  sub: `system:serviceaccount:${namespace}:${name}`,
  groups: serviceAccountGroups(namespace),
});

export const serviceAccountGroups = (namespace: string) => ['system:serviceaccounts', `system:serviceaccounts:${namespace}`, 'system:authenticated'];
