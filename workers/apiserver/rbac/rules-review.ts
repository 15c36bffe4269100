/**
 * What a user may do in a namespace, for SelfSubjectRulesReview (`kubectl auth can-i --list`):
 * the rules of every authorizer of the chain that can list them, as Kubernetes' union rule
 * resolver gathers them:
 * - the privileged groups may do everything (`*` on `*.*` and on every URL);
 * - the Node authorizer cannot enumerate a node's rights: incomplete, with its error;
 * - RBAC: the rules of the user's bindings, a missing role's error in `evaluationError`.
 * The review is `incomplete` when any authorizer says so; errors are aggregated.
 */
import type { AuthzContext } from '../auth/authz.ts';
import { SUPERUSER_GROUP } from '../auth/authz.ts';
import type { UserInfo } from '../auth/authn.ts';
import { nodeIdentity } from '../auth/node-identity.ts';
import { policyFor } from './policy.ts';
import { rulesFor } from './resolver.ts';
import { aggregate } from './go-format.ts';

export interface ResourceRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
}
export interface NonResourceRule {
  verbs: string[];
  nonResourceURLs?: string[];
}
export interface RulesReviewStatus {
  resourceRules: ResourceRule[];
  nonResourceRules: NonResourceRule[];
  incomplete: boolean;
  evaluationError?: string;
}

/** Only the fields Kubernetes sets (empty lists are omitted, verbs never). */
function omitEmpty<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([k, v]) => k === 'verbs' || (Array.isArray(v) && v.length > 0))) as T;
}

export async function rulesReview(user: UserInfo, namespace: string, ctx: AuthzContext): Promise<RulesReviewStatus> {
  const out: RulesReviewStatus = { resourceRules: [], nonResourceRules: [], incomplete: false };
  const errors: string[] = [];

  if (user.groups.includes(SUPERUSER_GROUP)) {
    out.resourceRules.push({ verbs: ['*'], apiGroups: ['*'], resources: ['*'] });
    out.nonResourceRules.push({ verbs: ['*'], nonResourceURLs: ['*'] });
  }

  if (nodeIdentity(user) !== undefined) {
    out.incomplete = true;
    errors.push('node authorizer does not support user rule resolution');
  }

  const rbac = rulesFor(await policyFor(ctx.storage, ctx.cluster), user, namespace);
  for (const r of rbac.rules) {
    if (r.resources?.length) out.resourceRules.push(omitEmpty({ verbs: r.verbs ?? [], apiGroups: r.apiGroups, resources: r.resources, resourceNames: r.resourceNames }));
    if (r.nonResourceURLs?.length) out.nonResourceRules.push(omitEmpty({ verbs: r.verbs ?? [], nonResourceURLs: r.nonResourceURLs }));
  }
  errors.push(...rbac.errors);

  if (errors.length) out.evaluationError = aggregate(errors);
  return out;
}
