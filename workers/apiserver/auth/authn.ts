/**
 * Authentication: who is asking. A bearer token maps to a user; no credentials means
 * system:anonymous; a token nobody issued is refused with 401 before anything else happens.
 * Authenticators are tried in order; the first that recognises the token wins (app.ts: admin
 * token, tokens the control plane signed (identity/signed.ts), bootstrap tokens, configured JWT
 * issuers (identity/jwt/)), then impersonation (identity/impersonation.ts).
 */
import { unauthorized } from '../../../lib/errors.ts';
import { timingSafeEqual } from './compare.ts';

export interface UserInfo {
  username: string;
  uid?: string;
  groups: string[];
  /** Kubernetes' user extra (credential-id, pod-name, ...): shown by `kubectl auth whoami` */
  extra?: Record<string, string[]>;
}

export const ANONYMOUS: UserInfo = { username: 'system:anonymous', groups: ['system:unauthenticated'] };

/** Returns the user for a token, or undefined when this authenticator does not know it. */
export type TokenAuthenticator = (token: string) => Promise<UserInfo | undefined> | UserInfo | undefined;

/** The admin token given to the control plane at start (kubeconfig user `admin`). */
export const adminToken =
  (expected: string): TokenAuthenticator =>
  (token) =>
    expected && timingSafeEqual(token, expected) ? { username: 'admin', groups: ['system:masters', 'system:authenticated'] } : undefined;

export async function authenticate(authorization: string | null, authenticators: TokenAuthenticator[]): Promise<UserInfo> {
  if (!authorization) return ANONYMOUS;
  const m = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  if (!m) throw unauthorized();
  for (const a of authenticators) {
    const user = await a(m[1].trim());
    if (user) return user;
  }
  throw unauthorized();
}
