/**
 * users/<name>/token (create): a token for a person, as serviceaccounts/<name>/token is for a
 * service account — the same TokenRequest body (spec.expirationSeconds), an ordinary API call
 * (authorized as verb create on users/token in identity.timonier.dev, and audited), answered with
 * a JWT naming the cluster, the User's uid and a unique id. The token stops working when it
 * expires or when the User is deleted.
 */
import type { Context } from 'hono';
import { tokenRequest } from '../../../lib/api/authn.ts';
import { signToken } from '../../../lib/auth/tokens.ts';
import { fieldErr, internal, invalid } from '../../../lib/errors.ts';
import { decodeBody } from '../codec/decode.ts';
import type { AppEnv } from '../context.ts';
import { OBJECT_TYPES, readBody } from '../handlers/body.ts';
import { json } from '../handlers/respond.ts';
import { readContext } from '../handlers/store-context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { rfc3339 } from '../rest/meta.ts';
import { getObject } from '../rest/store.ts';

export const DEFAULT_USER_TOKEN_SECONDS = 24 * 3600;
/** A year: a class's term, with margin. */
export const MAX_USER_TOKEN_SECONDS = 365 * 24 * 3600;

export async function userTokenHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const body = await readBody(c, OBJECT_TYPES);
  const req = (body.bytes.length ? decodeBody(body.bytes, body.contentType, { schema: tokenRequest, group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest' }, 'Ignore').object : {}) as {
    spec?: { expirationSeconds?: number };
  };
  const seconds = req.spec?.expirationSeconds ?? DEFAULT_USER_TOKEN_SECONDS;
  const kind = { group: 'authentication.k8s.io', kind: 'TokenRequest' };
  if (!Number.isInteger(seconds) || seconds < 1) throw invalid(kind, info.name, [fieldErr.invalid('spec.expirationSeconds', seconds, 'must be a positive number of seconds')]);
  if (seconds > MAX_USER_TOKEN_SECONDS) throw invalid(kind, info.name, [fieldErr.invalid('spec.expirationSeconds', seconds, `may not specify a duration longer than ${MAX_USER_TOKEN_SECONDS} seconds (a year)`)]);
  const user = await getObject(readContext(c), desc, '', info.name); // 404 for an unknown user
  const key = c.env.TOKEN_SIGNING_KEY;
  if (!key) throw internal('no TOKEN_SIGNING_KEY: this control plane cannot issue tokens');
  const token = await signToken(key, { sub: info.name, uid: user.metadata.uid, cluster: c.get('cluster'), clusterUid: c.get('clusterUid'), jti: crypto.randomUUID(), ttlSeconds: seconds });
  return json(c, {
    kind: 'TokenRequest',
    apiVersion: 'authentication.k8s.io/v1',
    metadata: { name: info.name, creationTimestamp: null },
    spec: { audiences: [], expirationSeconds: seconds, boundObjectRef: null },
    status: { token, expirationTimestamp: rfc3339(new Date(Date.now() + seconds * 1000)) },
  }, 201);
}
