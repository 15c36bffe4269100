/**
 * Bootstrap tokens, as Kubernetes defines them: `<id>.<secret>` (6 and 16 characters of
 * [a-z0-9]), kept in kube-system as a Secret `bootstrap-token-<id>` of type
 * bootstrap.kubernetes.io/token. A valid, unexpired token with usage-bootstrap-authentication
 * authenticates as system:bootstrap:<id> in group system:bootstrappers: enough to exchange it
 * for a node credential (nodes/join.ts), nothing more.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Storage } from '../storage/types.ts';
import type { TokenAuthenticator, UserInfo } from './authn.ts';
import { timingSafeEqual } from './compare.ts';

export const TOKEN_RE = /^([a-z0-9]{6})\.([a-z0-9]{16})$/;
export const SECRET_TYPE = 'bootstrap.kubernetes.io/token';
export const SECRET_NAMESPACE = 'kube-system';
export const BOOTSTRAPPERS = 'system:bootstrappers';
export const secretName = (id: string) => `bootstrap-token-${id}`;

interface SecretLike extends KubeObject {
  type?: string;
  data?: Record<string, string>;
}

const decode = (b64: string | undefined) => {
  if (b64 === undefined) return undefined;
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0)));
  } catch {
    return undefined;
  }
};

/** The user a bootstrap token stands for, given its Secret; undefined when it does not authenticate. */
export function bootstrapUser(token: string, secret: SecretLike | undefined, now: Date): UserInfo | undefined {
  const m = TOKEN_RE.exec(token);
  if (!m || !secret || secret.type !== SECRET_TYPE || secret.metadata.deletionTimestamp) return undefined;
  const [, id, tokenSecret] = m;
  const field = (k: string) => decode(secret.data?.[k]);
  if (field('token-id') !== id) return undefined;
  const stored = field('token-secret');
  if (stored === undefined || !timingSafeEqual(stored, tokenSecret)) return undefined;
  if (field('usage-bootstrap-authentication') !== 'true') return undefined;
  const expiration = field('expiration');
  if (expiration !== undefined) {
    const at = Date.parse(expiration);
    if (Number.isNaN(at) || at <= now.getTime()) return undefined;
  }
  // extra groups must stay within system:bootstrappers:*, as Kubernetes requires
  const extra = (field('auth-extra-groups') ?? '').split(',').map((g) => g.trim()).filter((g) => g.startsWith(`${BOOTSTRAPPERS}:`));
  return { username: `system:bootstrap:${id}`, groups: [BOOTSTRAPPERS, ...extra, 'system:authenticated'] };
}

/** Authenticates bootstrap tokens against their Secrets in kube-system. */
export const bootstrapTokens =
  (storage: Storage, now: () => Date = () => new Date()): TokenAuthenticator =>
  async (token) => {
    const m = TOKEN_RE.exec(token);
    if (!m) return undefined;
    const secret = await storage.get(`/registry/secrets/${SECRET_NAMESPACE}/${secretName(m[1])}`);
    return bootstrapUser(token, secret as SecretLike | undefined, now());
  };

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
function randomChars(n: number): string {
  // 252 = 7 * 36: rejecting bytes above it keeps every character equally likely
  let out = '';
  while (out.length < n) for (const b of crypto.getRandomValues(new Uint8Array(n * 2))) if (b < 252 && out.length < n) out += ALPHABET[b % 36];
  return out;
}

/** A fresh token: `<id>.<secret>`. */
export function generateToken(): { id: string; secret: string; token: string } {
  const id = randomChars(6);
  const secret = randomChars(16);
  return { id, secret, token: `${id}.${secret}` };
}

/** The Secret that makes `token` valid until `expiration` (as `kubeadm token create` writes it). */
export function bootstrapSecret(id: string, secret: string, expiration: Date | undefined, description?: string): SecretLike {
  const stringData: Record<string, string> = { 'token-id': id, 'token-secret': secret, 'usage-bootstrap-authentication': 'true' };
  if (expiration) stringData.expiration = expiration.toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (description) stringData.description = description;
  return { apiVersion: 'v1', kind: 'Secret', metadata: { name: secretName(id), namespace: SECRET_NAMESPACE }, type: SECRET_TYPE, stringData } as SecretLike;
}
