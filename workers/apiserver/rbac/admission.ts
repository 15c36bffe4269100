/** The escalation check (escalation.ts) as create and update steps of the generic store. */
import { RBAC_GROUP } from '../../../lib/api/rbac.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { AdmissionContext, AdmissionPlugin, AdmissionUpdatePlugin } from '../admission/index.ts';
import type { AuthzContext } from '../auth/authz.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo, Verb } from '../request/info.ts';
import { checkEscalation, type EscalationContext } from './escalation.ts';
import { policyFor } from './policy.ts';

function escalationContext(ctx: AdmissionContext): EscalationContext {
  const cluster = ctx.cluster ?? 'default';
  return {
    user: ctx.user,
    policy: () => policyFor(ctx.storage, cluster),
    async may(verb, resource, namespace, name) {
      // without an authorizer, Kubernetes' checks answer no
      if (!ctx.authorizer) return false;
      const info: ResourceRequestInfo = { isResourceRequest: true, verb: verb as Verb, path: '', prefix: 'apis', group: RBAC_GROUP, version: '*', namespace, resource, subresource: '', name };
      const authz: AuthzContext = { storage: ctx.storage, query: new URLSearchParams(), cluster };
      return (await ctx.authorizer(ctx.user, info, authz)).allowed;
    },
  };
}

function check(ctx: AdmissionContext, desc: KindDescriptor, obj: KubeObject, old: KubeObject | undefined): Promise<void> | void {
  if (desc.group !== RBAC_GROUP) return;
  // the escalate check names the object of the URL: none on a create
  const urlName = old ? (old.metadata.name ?? '') : '';
  return checkEscalation(escalationContext(ctx), desc.resource, obj, old, urlName);
}

export const rbacEscalationOnCreate: AdmissionPlugin = (ctx, desc, obj) => check(ctx, desc, obj, undefined);
export const rbacEscalationOnUpdate: AdmissionUpdatePlugin = (ctx, desc, obj, old) => check(ctx, desc, obj, old);
