/**
 * People's tokens (identity.timonier.dev User): a token is valid while a User of its subject's
 * name exists with the uid it was issued for, so deleting the User (`timonier kubeconfig revoke`,
 * `kubectl delete user`) revokes every token it had, and recreating it does not revive them.
 * Users are read from a per-isolate copy kept fresh from the log (cache/followed.ts), never from
 * the database per request.
 */
import type { User } from '../../../lib/api/identity.ts';
import type { VerifiedClaims } from '../../../lib/auth/tokens.ts';
import type { UserInfo } from '../auth/authn.ts';
import { FollowedSet, type Background } from '../cache/followed.ts';
import usersDesc from '../registry/kinds/identity/users.ts';
import { storageKey, storagePrefix } from '../registry/index.ts';
import type { Storage } from '../storage/types.ts';
import { credentialExtra, withAuthenticated } from './user-info.ts';

const users = new FollowedSet([storagePrefix(usersDesc)]);

/** The user a person's verified token stands for, or undefined once revoked. */
export async function personFor(claims: VerifiedClaims, storage: Storage, cluster: string, background?: Background): Promise<UserInfo | undefined> {
  const { objects } = await users.read(storage, cluster, background);
  const user = objects.get(storageKey(usersDesc, undefined, claims.sub)) as User | undefined;
  if (!user || user.metadata.uid !== claims.uid || user.metadata.deletionTimestamp) return undefined;
  return { username: claims.sub, uid: claims.uid, groups: withAuthenticated(user.spec?.groups ?? []), ...credentialExtra(claims.jti) };
}
