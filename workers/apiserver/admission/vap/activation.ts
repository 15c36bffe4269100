/**
 * What CEL expressions of an admission see (plugin/cel/activation.go), shared by
 * ValidatingAdmissionPolicies and webhooks' matchConditions: object, oldObject, request (with
 * the kind and resource the expression is evaluated as), namespaceObject, the authorizer.
 */
import type { KubeObject } from '../../../../lib/api/meta.ts';
import { AuthzSession, authorizerValue, requestResourceValue, toCelInput } from '../../cel/index.ts';
import type { KindDescriptor } from '../../registry/types.ts';
import type { AdmissionContext } from '../index.ts';
import type { Attributes } from './matching.ts';

/** The authorizer checks of one request's expressions, answered by the request's authorizer. */
export function authzSession(ctx: AdmissionContext): AuthzSession {
  const cluster = ctx.cluster ?? 'default';
  return new AuthzSession(ctx.user, ctx.authorizer ?? (() => ({ allowed: false })), (u, i) => (ctx.authorizer ? ctx.authorizer(u, i, { storage: ctx.storage, query: new URLSearchParams(), cluster }) : { allowed: false }));
}

/** The variables every expression of the request sees (plugin/cel/activation.go). */
export async function activation(ctx: AdmissionContext, a: Attributes, as: KindDescriptor, namespaceObject: () => Promise<KubeObject | undefined>): Promise<Record<string, unknown>> {
  const ns = a.namespace && !(a.desc.group === '' && a.desc.kind === 'Namespace') ? await namespaceObject() : undefined;
  const u = ctx.user;
  const request = {
    kind: { group: as.group, version: as.version, kind: as.kind },
    resource: { group: as.group, version: as.version, resource: as.resource },
    subResource: a.subresource,
    requestKind: { group: a.desc.group, version: a.desc.version, kind: a.desc.kind },
    requestResource: { group: a.desc.group, version: a.desc.version, resource: a.desc.resource },
    requestSubResource: a.subresource,
    name: a.name,
    namespace: a.namespace,
    operation: a.operation,
    userInfo: { username: u.username, uid: u.uid ?? '', groups: u.groups, extra: u.extra ?? {} },
    dryRun: !!ctx.dryRun,
    options: null,
  };
  const namespaceObj = ns
    ? { metadata: { ...ns.metadata, managedFields: undefined, ownerReferences: undefined }, spec: ns.spec ?? {}, status: ns.status ?? {} }
    : null;
  return {
    object: a.object ? toCelInput(a.object) : null,
    oldObject: a.oldObject ? toCelInput(a.oldObject) : null,
    request: toCelInput(request),
    namespaceObject: namespaceObj ? toCelInput(namespaceObj) : null,
    authorizer: authorizerValue(),
    'authorizer.requestResource': requestResourceValue({ group: a.desc.group, resource: a.desc.resource, subresource: a.subresource, namespace: a.namespace, name: a.name }),
  };
}
