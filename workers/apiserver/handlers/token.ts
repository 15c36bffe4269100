/**
 * serviceaccounts/<name>/token (TokenRequest): a bearer token for the service account, signed with
 * the cluster's key and accepted by the authenticator (lib/auth/tokens.ts). The node agent asks
 * for it to fill a pod's projected service-account token volume.
 */
import type { Context } from 'hono';
import { fieldErr, invalid, internal } from '../../../lib/errors.ts';
import { tokenRequest } from '../../../lib/api/authn.ts';
import { decodeBody } from '../codec/decode.ts';
import { serviceAccountUser, signToken } from '../../../lib/auth/tokens.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { getObject } from '../rest/store.ts';
import { rfc3339 } from '../rest/meta.ts';
import { OBJECT_TYPES, readBody } from './body.ts';
import { json } from './respond.ts';
import { storeContext } from './store-context.ts';

/** Kubernetes' bounds: at least 10 minutes; the default is one hour. */
const MIN_SECONDS = 600;
const DEFAULT_SECONDS = 3600;

interface TokenRequest {
  spec?: { expirationSeconds?: number; audiences?: string[]; boundObjectRef?: unknown };
}

export async function tokenHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  // kubectl's typed client sends it as protobuf
  const body = await readBody(c, OBJECT_TYPES);
  const req = (body.bytes.length ? decodeBody(body.bytes, body.contentType, { schema: tokenRequest, group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest' }, 'Ignore').object : {}) as TokenRequest;
  const seconds = req.spec?.expirationSeconds ?? DEFAULT_SECONDS;
  if (!Number.isInteger(seconds) || seconds < MIN_SECONDS)
    throw invalid({ group: 'authentication.k8s.io', kind: 'TokenRequest' }, info.name, [fieldErr.invalid('spec.expirationSeconds', seconds, 'may not specify a duration less than 10 minutes')]);
  await getObject(storeContext(c), desc, info.namespace, info.name); // 404 for an unknown account
  const key = c.env.TOKEN_SIGNING_KEY;
  if (!key) throw internal('no TOKEN_SIGNING_KEY: this control plane cannot issue tokens');
  const token = await signToken(key, { ...serviceAccountUser(info.namespace, info.name), ttlSeconds: seconds });
  return json(c, {
    kind: 'TokenRequest',
    apiVersion: 'authentication.k8s.io/v1',
    metadata: { name: info.name, namespace: info.namespace, creationTimestamp: null },
    spec: { audiences: req.spec?.audiences ?? [], expirationSeconds: seconds, boundObjectRef: req.spec?.boundObjectRef ?? null },
    status: { token, expirationTimestamp: rfc3339(new Date(Date.now() + seconds * 1000)) },
  }, 201);
}
