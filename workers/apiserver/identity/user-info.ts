/** Small rules every authenticator shares about the user it returns. */

export const AUTHENTICATED = 'system:authenticated';
/** Kubernetes' user-extra key naming the credential a request used (`JTI=<jti>` for a token). */
export const CREDENTIAL_ID = 'authentication.kubernetes.io/credential-id';

/** The groups, each once, with system:authenticated last as Kubernetes adds it. */
export function withAuthenticated(groups: readonly string[]): string[] {
  const out = [...new Set(groups.filter((g) => g && g !== AUTHENTICATED))];
  out.push(AUTHENTICATED);
  return out;
}

/** `{ extra: { credential-id: ['JTI=<jti>'] } }` when the token has an id. */
export const credentialExtra = (jti: string | undefined): { extra?: Record<string, string[]> } => (jti ? { extra: { [CREDENTIAL_ID]: [`JTI=${jti}`] } } : {});
