/**
 * Tokens the control plane signed (lib/auth/tokens.ts), in the cluster that issued them:
 * service accounts' (TokenRequest), people's (users/<name>/token), and the components' (nodes,
 * controllers, scheduler), which carry their groups and are trusted as they are. A token issued
 * by a tenant names the tenant's uid too, so a cluster deleted and made again under the same name
 * refuses its predecessor's tokens (node credentials above all: they live a year).
 */
import { verifyToken } from '../../../lib/auth/tokens.ts';
import type { TokenAuthenticator } from '../auth/authn.ts';
import type { Background } from '../cache/followed.ts';
import type { Storage } from '../storage/types.ts';
import { serviceAccountFor } from './service-accounts.ts';
import { personFor } from './users.ts';

export const controlPlaneTokens =
  (secret: string | undefined, storage: Storage, cluster: string, clusterUid?: string, background?: Background): TokenAuthenticator =>
  async (token) => {
    if (!secret || token.split('.').length !== 3) return undefined;
    const claims = await verifyToken(secret, token);
    if (!claims || claims.cluster !== cluster) return undefined;
    if (claims.clusterUid !== undefined && claims.clusterUid !== clusterUid) return undefined;
    if (claims.kubernetes) return serviceAccountFor(claims, storage, cluster, Date.now(), background);
    if (claims.uid) return personFor(claims, storage, cluster, background);
    return claims.groups && { username: claims.sub, groups: claims.groups };
  };
