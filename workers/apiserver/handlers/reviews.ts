/**
 * The self reviews kubectl's auth commands create: SelfSubjectReview (`auth whoami`),
 * SelfSubjectAccessReview (`auth can-i`), SelfSubjectRulesReview (`auth can-i --list`).
 * Nothing is stored; the answer comes from authentication and the authorizer.
 */
import type { Context } from 'hono';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { methodNotAllowed, resourceNotFound } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import type { ResourceRequestInfo, RequestInfo } from '../request/info.ts';
import { decodeBody } from '../codec/decode.ts';
import { selfSubjectReview } from '../../../lib/api/authn.ts';
import { selfSubjectAccessReview, selfSubjectRulesReview } from '../../../lib/api/authz.ts';
import type { VirtualResource } from '../discovery/documents.ts';
import { OBJECT_TYPES, readBody } from './body.ts';
import { json } from './respond.ts';

export const reviewResources: VirtualResource[] = [
  { group: 'authentication.k8s.io', version: 'v1', resource: 'selfsubjectreviews', kind: 'SelfSubjectReview', namespaced: false, verbs: ['create'] },
  { group: 'authorization.k8s.io', version: 'v1', resource: 'selfsubjectaccessreviews', kind: 'SelfSubjectAccessReview', namespaced: false, verbs: ['create'] },
  { group: 'authorization.k8s.io', version: 'v1', resource: 'selfsubjectrulesreviews', kind: 'SelfSubjectRulesReview', namespaced: false, verbs: ['create'] },
];

const schemas = { SelfSubjectReview: selfSubjectReview, SelfSubjectAccessReview: selfSubjectAccessReview, SelfSubjectRulesReview: selfSubjectRulesReview };

interface AccessSpec {
  resourceAttributes?: { namespace?: string; verb?: string; group?: string; version?: string; resource?: string; subresource?: string; name?: string };
  nonResourceAttributes?: { path?: string; verb?: string };
}

export async function reviewHandler(c: Context<AppEnv>, r: VirtualResource): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  if (info.name || info.namespace) throw resourceNotFound();
  if (info.verb !== 'create') throw methodNotAllowed(`${info.verb} is not supported on resources of kind "${r.resource}.${r.group}"`);
  const body = await readBody(c, OBJECT_TYPES);
  const { object } = decodeBody(body.bytes, body.contentType, { schema: schemas[r.kind as keyof typeof schemas], group: r.group, version: r.version, kind: r.kind }, 'Ignore');
  const review = object as KubeObject & { spec?: AccessSpec };
  const user = c.get('user');
  const head = { kind: r.kind, apiVersion: `${r.group}/${r.version}`, metadata: { creationTimestamp: null } };

  if (r.kind === 'SelfSubjectReview') return json(c, { ...head, status: { userInfo: { username: user.username, ...(user.uid ? { uid: user.uid } : {}), groups: user.groups } } }, 201);

  if (r.kind === 'SelfSubjectAccessReview') {
    const spec = review.spec ?? {};
    const asked: RequestInfo = spec.resourceAttributes
      ? {
          isResourceRequest: true,
          verb: (spec.resourceAttributes.verb ?? 'get') as ResourceRequestInfo['verb'],
          path: '',
          prefix: spec.resourceAttributes.group ? 'apis' : 'api',
          group: spec.resourceAttributes.group ?? '',
          version: spec.resourceAttributes.version ?? '',
          namespace: spec.resourceAttributes.namespace ?? '',
          resource: spec.resourceAttributes.resource ?? '',
          subresource: spec.resourceAttributes.subresource ?? '',
          name: spec.resourceAttributes.name ?? '',
        }
      : { isResourceRequest: false, verb: (spec.nonResourceAttributes?.verb ?? 'get') as 'get', path: spec.nonResourceAttributes?.path ?? '' };
    const decision = await c.get('authorizer')(user, asked);
    return json(c, { ...head, spec, status: { allowed: decision.allowed, ...(decision.reason ? { reason: decision.reason } : {}) } }, 201);
  }

  const masters = user.groups.includes('system:masters');
  return json(c, {
      ...head,
      spec: review.spec ?? {},
      status: {
        resourceRules: masters ? [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }] : [{ verbs: ['create'], apiGroups: ['authorization.k8s.io', 'authentication.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews', 'selfsubjectreviews'] }],
        nonResourceRules: masters ? [{ verbs: ['*'], nonResourceURLs: ['*'] }] : [{ verbs: ['get'], nonResourceURLs: ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/readyz', '/version', '/version/'] }],
        incomplete: false,
      },
    }, 201);
}
