/**
 * The identity steps of the pipeline, in kube-apiserver's filter order (authentication →
 * impersonation → priority and fairness → authorization): each a middleware of its own.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { adminToken, authenticate, type TokenAuthenticator } from './authn.ts';
import { forbiddenFor, type Authorizer, type AuthzContext } from './authz.ts';
import type { Background } from '../cache/followed.ts';
import { bootstrapTokens } from './bootstrap-token.ts';
import { nodeRestriction } from './node-restriction.ts';
import { createdObject } from './created-object.ts';
import { controlPlaneTokens } from '../identity/signed.ts';
import { jwtAuthenticators } from '../identity/jwt/authenticator.ts';
import { impersonate } from '../identity/impersonation.ts';
import { requestUrl } from '../request/url.ts';

type Ctx = Parameters<MiddlewareHandler<AppEnv>>[0];
/** Refreshes of the per-isolate copies (policy, service accounts, people) run after the answer. */
function background(c: Ctx): Background | undefined {
  let ctx: Ctx['executionCtx'];
  try {
    ctx = c.executionCtx;
  } catch {
    return undefined; // a bare app.request (unit tests): refreshes are waited for
  }
  return (work) => ctx.waitUntil(work);
}
const authzContext = (c: Ctx): AuthzContext => ({ storage: c.get('storage'), query: requestUrl(c.req.raw).searchParams, cluster: c.get('cluster'), clusterUid: c.get('clusterUid'), background: background(c) });

/**
 * Who is asking: the admin token, tokens the control plane signed (people, service accounts,
 * nodes, components), bootstrap tokens, configured OIDC issuers, else anonymous; then the
 * impersonation headers, each authorized on its own.
 */
export function authentication(authorizer: Authorizer, extra: TokenAuthenticator[] = []): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const storage = c.get('storage');
    const authenticated = await authenticate(c.req.header('Authorization') ?? null, [
      adminToken(c.env.ADMIN_TOKEN),
      controlPlaneTokens(c.env.TOKEN_SIGNING_KEY, storage, c.get('cluster'), c.get('clusterUid'), background(c)),
      bootstrapTokens(storage),
      jwtAuthenticators(c.env.AUTHENTICATION_CONFIG, c.req.raw),
      ...extra,
    ]);
    c.set('user', await impersonate(authenticated, c.req.raw.headers, authorizer, authzContext(c)));
    c.set('authorizer', authorizer);
    await next();
  };
}

/** May this user do this (Node, RBAC), then what NodeRestriction admits of a node's writes. */
export function authorization(authorizer: Authorizer): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    const info = c.get('info');
    const decision = await authorizer(user, info, authzContext(c));
    if (!decision.allowed) throw forbiddenFor(user, info, decision.reason);
    await nodeRestriction({ user, info, storage: c.get('storage'), body: () => createdObject(c) });
    await next();
  };
}
