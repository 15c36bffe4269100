/**
 * The join exchange: `POST /timonier/v1/node-credentials {"nodeName": "n"}` by a bootstrap token
 * (or an admin, or node n renewing its own) answers a long-lived bearer token for
 * system:node:n in group system:nodes, signed with the cluster's TOKEN_SIGNING_KEY and valid in
 * the cluster it was asked of only (the bootstrap token's Secret lives in that cluster too).
 *
 * Kubernetes does this with a CertificateSigningRequest that a controller approves and signs;
 * a signed token gives the same identity in one round trip. Like a kubelet certificate, it cannot
 * be revoked before it expires short of rotating the signing key.
 */
import type { Context } from 'hono';
import { badRequest, fieldErr, forbidden, internal, invalid } from '../../../lib/errors.ts';
import { signToken } from '../../../lib/auth/tokens.ts';
import type { AppEnv } from '../context.ts';
import { nodeIdentity, nodeUser } from '../auth/node-identity.ts';
import { readBody } from '../handlers/body.ts';

export const CREDENTIAL_TTL_SECONDS = 365 * 24 * 3600;
const SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export interface NodeCredentialResponse {
  apiVersion: 'timonier.dev/v1';
  kind: 'NodeCredential';
  nodeName: string;
  token: string;
  expirationTimestamp: string;
}

export async function joinHandler(c: Context<AppEnv>): Promise<Response> {
  const body = await readBody(c, ['application/json']);
  let nodeName: unknown;
  try {
    nodeName = (JSON.parse(new TextDecoder().decode(body.bytes)) as { nodeName?: unknown }).nodeName;
  } catch (e) {
    throw badRequest(`the request body must be JSON: ${(e as Error).message}`);
  }
  const kind = { group: 'timonier.dev', kind: 'NodeCredential' };
  if (typeof nodeName !== 'string' || !nodeName) throw invalid(kind, '', [fieldErr.required('nodeName')]);
  if (nodeName.length > 253 || !SUBDOMAIN.test(nodeName))
    throw invalid(kind, nodeName, [fieldErr.invalid('nodeName', nodeName, "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character")]);
  const self = nodeIdentity(c.get('user'));
  if (self !== undefined && self !== nodeName) throw forbidden(undefined, undefined, `node "${self}" may only renew its own credential, not node "${nodeName}"'s`);
  const key = c.env.TOKEN_SIGNING_KEY;
  if (!key) throw internal('TOKEN_SIGNING_KEY is not set: this control plane cannot issue node credentials');

  const token = await signToken(key, { ...nodeUser(nodeName), cluster: c.get('cluster'), clusterUid: c.get('clusterUid'), ttlSeconds: CREDENTIAL_TTL_SECONDS });
  const expires = new Date(Date.now() + CREDENTIAL_TTL_SECONDS * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const answer: NodeCredentialResponse = { apiVersion: 'timonier.dev/v1', kind: 'NodeCredential', nodeName, token, expirationTimestamp: expires };
  return c.json(answer, 201);
}
