/**
 * Bearer tokens the control plane issues to its own components (controllers, scheduler, node
 * agents): HS256 JWTs signed with the cluster's TOKEN_SIGNING_KEY, carrying the user name and
 * groups, as Kubernetes' service-account tokens carry theirs. Whoever holds the key can mint
 * tokens, so only the apiserver and the controllers worker get it.
 */
import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  /** the user name, e.g. system:serviceaccount:kube-system:deployment-controller */
  sub: string;
  groups: string[];
  /** lifetime in seconds (default: one hour) */
  ttlSeconds?: number;
}

export const ISSUER = 'timonier';
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
  return new SignJWT({ groups: claims.groups })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${claims.ttlSeconds ?? 3600}s`)
    .sign(await keyOf(secret));
}

/** The claims of a valid token, or undefined (bad signature, expired, not ours). */
export async function verifyToken(secret: string, token: string): Promise<{ sub: string; groups: string[] } | undefined> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || !Array.isArray(payload.groups)) return undefined;
    return { sub: payload.sub, groups: payload.groups.filter((g): g is string => typeof g === 'string') };
  } catch {
    return undefined;
  }
}

/** The user a control-plane service account runs as. */
export const serviceAccountUser = (namespace: string, name: string) => ({
  sub: `system:serviceaccount:${namespace}:${name}`,
  groups: ['system:serviceaccounts', `system:serviceaccounts:${namespace}`, 'system:authenticated'],
});
