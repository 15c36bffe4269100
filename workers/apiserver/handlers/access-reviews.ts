/**
 * The access reviews, answered by the authorizer in force, as Kubernetes' REST storages of
 * authorization.k8s.io do (pkg/registry/authorization/*): validate the spec, turn it into request
 * attributes (an empty version means every version), ask the authorizer, and answer with the
 * review and its status (allowed, reason, evaluationError). Self reviews ask about the requester;
 * SubjectAccessReview and LocalSubjectAccessReview about the user, groups and uid of their spec.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { badRequest, fieldErr, invalid, type FieldError } from '../../../lib/errors.ts';
import type { UserInfo } from '../auth/authn.ts';
import type { Authorizer, AuthzContext } from '../auth/authz.ts';
import type { RequestInfo, ResourceRequestInfo } from '../request/info.ts';
import { goQuote } from '../rbac/go-format.ts';

export interface ResourceAttributes {
  namespace?: string;
  verb?: string;
  group?: string;
  version?: string;
  resource?: string;
  subresource?: string;
  name?: string;
}
export interface NonResourceAttributes {
  path?: string;
  verb?: string;
}
export interface AccessSpec {
  resourceAttributes?: ResourceAttributes;
  nonResourceAttributes?: NonResourceAttributes;
  user?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
  uid?: string;
}
export type AccessReview = KubeObject & { spec?: AccessSpec };

/** Go's %#v of the internal attribute structs, as field errors print them. */
const goStruct = (type: string, fields: [string, string | undefined][]) => `authorization.${type}{${fields.map(([k, v]) => `${k}:${goQuote(v ?? '')}`).join(', ')}}`;
const nonResourceValue = (n: NonResourceAttributes) => ({ goString: goStruct('NonResourceAttributes', [['Path', n.path], ['Verb', n.verb]]) });

/** A field error whose value is printed as Go prints a struct (no quotes added). */
const invalidStruct = (field: string, value: { goString: string }, detail: string): FieldError => ({ type: 'FieldValueInvalid', field, body: `Invalid value: ${value.goString}: ${detail}` });

/** %#v of a metav1.ObjectMeta holding what a review's metadata can reasonably carry. */
function goObjectMeta(m: KubeObject['metadata']): string {
  const map = (x?: Record<string, string>) =>
    x ? `map[string]string{${Object.keys(x).sort().map((k) => `${goQuote(k)}:${goQuote(x[k])}`).join(', ')}}` : 'map[string]string(nil)';
  const strs = (x?: string[]) => (x ? `[]string{${x.map(goQuote).join(', ')}}` : '[]string(nil)');
  return (
    `v1.ObjectMeta{Name:${goQuote(m.name ?? '')}, GenerateName:${goQuote(m.generateName ?? '')}, Namespace:${goQuote(m.namespace ?? '')}, SelfLink:"", ` +
    `UID:${goQuote(m.uid ?? '')}, ResourceVersion:${goQuote(m.resourceVersion ?? '')}, Generation:${m.generation ?? 0}, CreationTimestamp:time.Date(1, time.January, 1, 0, 0, 0, 0, time.UTC), ` +
    `DeletionTimestamp:(*v1.Time)(nil), DeletionGracePeriodSeconds:(*int64)(nil), Labels:${map(m.labels)}, Annotations:${map(m.annotations)}, ` +
    `OwnerReferences:[]v1.OwnerReference(nil), Finalizers:${strs(m.finalizers)}, ManagedFields:[]v1.ManagedFieldsEntry(nil)}`
  );
}

function validateSpec(spec: AccessSpec, withSubject: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (spec.resourceAttributes && spec.nonResourceAttributes)
    errs.push(invalidStruct('spec.nonResourceAttributes', nonResourceValue(spec.nonResourceAttributes), 'cannot be specified in combination with resourceAttributes'));
  if (!spec.resourceAttributes && !spec.nonResourceAttributes)
    errs.push(fieldErr.invalid('spec.resourceAttributes', 'null', 'exactly one of nonResourceAttributes or resourceAttributes must be specified'));
  if (withSubject && !spec.user && !spec.groups?.length) errs.push(fieldErr.invalid('spec.user', spec.user ?? '', 'at least one of user or group must be specified'));
  return errs;
}

/** The metadata a review may carry: none (the namespace, for a local one); a null creationTimestamp is none. */
function metadataIsEmpty(review: AccessReview, allowNamespace: boolean): boolean {
  const { managedFields: _mf, creationTimestamp, namespace: _ns, ...rest } = review.metadata ?? {};
  if (creationTimestamp) return false;
  if (!allowNamespace && review.metadata?.namespace) return false;
  return Object.values(rest).every((v) => v === undefined || v === '' || (typeof v === 'object' && v !== null && Object.keys(v).length === 0));
}

/** The request a spec asks about. */
export function requestOf(spec: AccessSpec): RequestInfo {
  const r = spec.resourceAttributes;
  if (!r) return { isResourceRequest: false, verb: (spec.nonResourceAttributes?.verb ?? '') as 'get', path: spec.nonResourceAttributes?.path ?? '' };
  return {
    isResourceRequest: true,
    verb: (r.verb ?? '') as ResourceRequestInfo['verb'],
    path: '',
    prefix: r.group ? 'apis' : 'api',
    group: r.group ?? '',
    version: r.version || '*',
    namespace: r.namespace ?? '',
    resource: r.resource ?? '',
    subresource: r.subresource ?? '',
    name: r.name ?? '',
  };
}

export type AccessKind = 'SelfSubjectAccessReview' | 'SubjectAccessReview' | 'LocalSubjectAccessReview';

/**
 * Validates and answers one access review. `urlNamespace` is the namespace of a local review's
 * URL; `requester` is who asks (the subject of a self review).
 */
export async function answerAccessReview(kind: AccessKind, review: AccessReview, requester: UserInfo, authorizer: Authorizer, ctx: AuthzContext, urlNamespace: string): Promise<AccessReview> {
  const spec = review.spec ?? {};
  const local = kind === 'LocalSubjectAccessReview';
  if (local) {
    // the generic create handler: the object's namespace is the URL's
    if (review.metadata?.namespace && review.metadata.namespace !== urlNamespace) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
    review.metadata = { ...review.metadata, namespace: urlNamespace };
  }
  const errs = validateSpec(spec, kind !== 'SelfSubjectAccessReview');
  if (!metadataIsEmpty(review, local)) errs.push(invalidStruct('metadata', { goString: goObjectMeta(review.metadata ?? {}) }, local ? 'must be empty except for namespace' : 'must be empty'));
  if (local) {
    if (spec.resourceAttributes && (spec.resourceAttributes.namespace ?? '') !== urlNamespace)
      errs.push(fieldErr.invalid('spec.resourceAttributes.namespace', spec.resourceAttributes.namespace ?? '', 'must match metadata.namespace'));
    if (spec.nonResourceAttributes) errs.push(invalidStruct('spec.nonResourceAttributes', nonResourceValue(spec.nonResourceAttributes), 'disallowed on this kind of request'));
  }
  if (errs.length) throw invalid({ group: 'authorization.k8s.io', kind }, '', errs);

  const subject: UserInfo =
    kind === 'SelfSubjectAccessReview' ? requester : { username: spec.user ?? '', groups: spec.groups ?? [], ...(spec.uid ? { uid: spec.uid } : {}) };
  const decision = await authorizer(subject, requestOf(spec), ctx);
  const status: Record<string, unknown> = { allowed: decision.allowed };
  if (decision.reason) status.reason = decision.reason;
  return { ...review, metadata: { ...review.metadata, creationTimestamp: null }, spec, status };
}
