/**
 * Authentication: who is asking. A bearer token maps to a user; no credentials means
 * system:anonymous; a token nobody issued is refused with 401 before anything else happens.
 * Authenticators are tried in order; the first that recognises the token wins.
 */
import { unauthorized } from '../../../lib/errors.ts';
import { verifyToken } from '../../../lib/auth/tokens.ts';
import { timingSafeEqual } from './compare.ts';

export interface UserInfo {
  username: string;
  uid?: string;
  groups: string[];
}

export const ANONYMOUS: UserInfo = { username: 'system:anonymous', groups: ['system:unauthenticated'] };

/** Returns the user for a token, or undefined when this authenticator does not know it. */
export type TokenAuthenticator = (token: string) => Promise<UserInfo | undefined> | UserInfo | undefined;

/** The admin token given to the control plane at start (kubeconfig user `admin`). */
export const adminToken =
  (expected: string): TokenAuthenticator =>
  (token) =>
    expected && timingSafeEqual(token, expected) ? { username: 'admin', groups: ['system:masters', 'system:authenticated'] } : undefined;

/** Tokens the control plane signed for its own components (controllers, scheduler, nodes). */
export const signedTokens =
  (secret: string | undefined): TokenAuthenticator =>
  async (token) => {
    if (!secret || token.split('.').length !== 3) return undefined;
    const claims = await verifyToken(secret, token);
    return claims && { username: claims.sub, groups: claims.groups };
  };

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
