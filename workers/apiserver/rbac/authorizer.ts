/**
 * The RBAC authorizer (`--authorization-mode=...,RBAC`), as Kubernetes' RBACAuthorizer: allowed by
 * the first rule that matches, with the reason `RBAC: allowed by <binding>`; otherwise no opinion,
 * with no reason unless resolving the rules met errors (a binding to a missing role), in which
 * case the reason is `RBAC: <errors>`, which ends up after the Forbidden message.
 * The policy comes from the per-isolate cache (policy.ts), never from a database read per request.
 */
import type { Authorizer, Decision } from '../auth/authz.ts';
import type { UserInfo } from '../auth/authn.ts';
import type { RequestInfo } from '../request/info.ts';
import { policyFor, type Policy } from './policy.ts';
import { visitRulesFor } from './resolver.ts';
import { ruleAllows, type Attributes } from './rules.ts';
import { aggregate } from './go-format.ts';

export function attributesOf(info: RequestInfo): Attributes {
  if (!info.isResourceRequest) return { resourceRequest: false, verb: info.verb, path: info.path };
  return { resourceRequest: true, verb: info.verb, group: info.group, resource: info.resource, subresource: info.subresource, name: info.name, namespace: info.namespace };
}

export function authorize(policy: Policy, user: UserInfo, a: Attributes): Decision {
  let allowedBy: string | undefined;
  const errors: string[] = [];
  visitRulesFor(policy, user, a.resourceRequest ? a.namespace : '', (source, rule, err) => {
    if (rule && ruleAllows(a, rule)) {
      allowedBy = source!();
      return false;
    }
    if (err !== undefined) errors.push(err);
    return true;
  });
  if (allowedBy !== undefined) return { allowed: true, reason: `RBAC: allowed by ${allowedBy}` };
  return errors.length ? { allowed: false, reason: `RBAC: ${aggregate(errors)}` } : { allowed: false };
}

export const rbacAuthorizer: Authorizer = async (user, info, ctx) => {
  // without the cluster's storage (a bare unit call) there is no policy to consult: no opinion
  if (!ctx) return { allowed: false };
  return authorize(await policyFor(ctx.storage, ctx.cluster, ctx.background), user, attributesOf(info));
};
