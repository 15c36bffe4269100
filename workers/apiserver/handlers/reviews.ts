/**
 * The reviews, served without storage: SelfSubjectReview (`kubectl auth whoami`), the access
 * reviews (`kubectl auth can-i`: access-reviews.ts) and SelfSubjectRulesReview
 * (`kubectl auth can-i --list`: rbac/rules-review.ts). Nothing is stored; the answer comes from
 * authentication and the authorizer.
 */
import type { Context } from 'hono';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { badRequest, methodNotAllowed, resourceNotFound } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import type { AuthzContext } from '../auth/authz.ts';
import { decodeBody } from '../codec/decode.ts';
import { selfSubjectReview } from '../../../lib/api/authn.ts';
import { localSubjectAccessReview, selfSubjectAccessReview, selfSubjectRulesReview, subjectAccessReview } from '../../../lib/api/authz.ts';
import type { VirtualResource } from '../discovery/documents.ts';
import { rulesReview } from '../rbac/rules-review.ts';
import { answerAccessReview, type AccessKind, type AccessReview } from './access-reviews.ts';
import { OBJECT_TYPES, readBody } from './body.ts';
import { json } from './respond.ts';

const AUTHZ = 'authorization.k8s.io';
const review = (group: string, resource: string, kind: string, namespaced: boolean, schema: VirtualResource['schema']): VirtualResource => ({
  group,
  version: 'v1',
  resource,
  kind,
  namespaced,
  verbs: ['create'],
  schema,
  openapiName: `io.k8s.api.${group.split('.')[0]}.v1.${kind}`,
});

export const reviewResources: VirtualResource[] = [
  review('authentication.k8s.io', 'selfsubjectreviews', 'SelfSubjectReview', false, selfSubjectReview),
  review(AUTHZ, 'localsubjectaccessreviews', 'LocalSubjectAccessReview', true, localSubjectAccessReview),
  review(AUTHZ, 'selfsubjectaccessreviews', 'SelfSubjectAccessReview', false, selfSubjectAccessReview),
  review(AUTHZ, 'selfsubjectrulesreviews', 'SelfSubjectRulesReview', false, selfSubjectRulesReview),
  review(AUTHZ, 'subjectaccessreviews', 'SubjectAccessReview', false, subjectAccessReview),
];


export async function reviewHandler(c: Context<AppEnv>, r: VirtualResource): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  if (info.name || (!r.namespaced && info.namespace) || (r.namespaced && !info.namespace)) throw resourceNotFound();
  if (info.verb !== 'create') throw methodNotAllowed(`${info.verb} is not supported on resources of kind "${r.resource}.${r.group}"`);
  const body = await readBody(c, OBJECT_TYPES);
  const { object } = decodeBody(body.bytes, body.contentType, { schema: r.schema, group: r.group, version: r.version, kind: r.kind }, 'Ignore');
  const user = c.get('user');
  const head = { kind: r.kind, apiVersion: `${r.group}/${r.version}`, metadata: { creationTimestamp: null } };
  const authz: AuthzContext = { storage: c.get('storage'), query: new URLSearchParams(), cluster: c.get('cluster') };

  if (r.kind === 'SelfSubjectReview') return json(c, { ...head, status: { userInfo: { username: user.username, ...(user.uid ? { uid: user.uid } : {}), groups: user.groups, ...(user.extra ? { extra: user.extra } : {}) } } }, 201);

  if (r.kind === 'SelfSubjectRulesReview') {
    const spec = ((object as KubeObject).spec ?? {}) as { namespace?: string };
    if (!spec.namespace) throw badRequest('no namespace on request');
    // Kubernetes answers with a new review holding only the status
    return json(c, { ...head, spec: {}, status: await rulesReview(user, spec.namespace, authz) }, 201);
  }

  const review = { ...(object as AccessReview), kind: r.kind, apiVersion: head.apiVersion };
  return json(c, await answerAccessReview(r.kind as AccessKind, review, user, c.get('authorizer'), authz, info.namespace), 201);
}
