/**
 * The AdmissionReview (admission.k8s.io/v1) a webhook receives, built field for field as
 * Kubernetes' CreateV1AdmissionReview does, and the checks its answer must pass
 * (VerifyAdmissionResponse), with Kubernetes' messages.
 */
import type { KubeObject, Status } from '../../../../lib/api/meta.ts';
import { parseGroupVersion } from '../../../../lib/api/group-version.ts';
import type { UserInfo } from '../../auth/authn.ts';
import type { KindDescriptor } from '../../registry/types.ts';
import type { Operation } from './types.ts';

export interface ReviewInput {
  uid: string;
  /** the kind and resource the webhook is called with (an equivalent version under matchPolicy Equivalent) */
  as: KindDescriptor;
  /** the kind and resource the client addressed */
  requested: KindDescriptor;
  subresource: string;
  name: string;
  namespace: string;
  operation: Operation;
  user: UserInfo;
  object?: KubeObject;
  oldObject?: KubeObject;
  dryRun: boolean;
  options?: Record<string, unknown>;
}

const gvk = (d: KindDescriptor) => ({ group: d.group, version: d.version, kind: d.kind });
const gvr = (d: KindDescriptor) => ({ group: d.group, version: d.version, resource: d.resource });

export function admissionReview(r: ReviewInput) {
  return {
    kind: 'AdmissionReview',
    apiVersion: 'admission.k8s.io/v1',
    request: {
      uid: r.uid,
      kind: gvk(r.as),
      resource: gvr(r.as),
      ...(r.subresource ? { subResource: r.subresource } : {}),
      requestKind: gvk(r.requested),
      requestResource: gvr(r.requested),
      ...(r.subresource ? { requestSubResource: r.subresource } : {}),
      ...(r.name ? { name: r.name } : {}),
      ...(r.namespace ? { namespace: r.namespace } : {}),
      operation: r.operation,
      // authentication/v1 UserInfo: extra is always made (empty: omitted by omitempty)
      userInfo: {
        username: r.user.username,
        ...(r.user.uid ? { uid: r.user.uid } : {}),
        ...(r.user.groups.length ? { groups: r.user.groups } : {}),
        ...(r.user.extra && Object.keys(r.user.extra).length ? { extra: r.user.extra } : {}),
      },
      // RawExtension without an object marshals as null
      object: r.object ?? null,
      oldObject: r.oldObject ?? null,
      dryRun: r.dryRun,
      options: r.options ?? null,
    },
  };
}

export interface AdmissionResponse {
  allowed: boolean;
  patch?: string;
  patchType?: string;
  status?: Partial<Status>;
  warnings: string[];
  auditAnnotations?: Record<string, string>;
}

/** The answer's checks; a failure is the webhook's error (subject to its failurePolicy). */
export function verifyResponse(uid: string, mutating: boolean, body: unknown): AdmissionResponse {
  const review = (body ?? {}) as { apiVersion?: string; kind?: string; response?: Record<string, unknown> | null };
  const res = review.response;
  if (!res) throw new Error('webhook response was absent');
  const got = res.uid === undefined ? '' : String(res.uid);
  if (got !== uid) throw new Error(`expected response.uid=${JSON.stringify(uid)}, got ${JSON.stringify(got)}`);
  const gv = review.apiVersion ?? '';
  if (gv !== 'admission.k8s.io/v1' || review.kind !== 'AdmissionReview') {
    const { group, version } = parseGroupVersion(gv) ?? { group: '', version: '' };
    throw new Error(`expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got ${group ? `${group}/` : ''}${version}, Kind=${review.kind ?? ''}`);
  }
  const patch = typeof res.patch === 'string' ? res.patch : undefined;
  const patchType = res.patchType == null ? undefined : String(res.patchType);
  if (mutating) {
    if (patch && patchType === undefined) throw new Error('webhook returned response.patch but not response.patchType');
    if (!patch && patchType !== undefined) throw new Error('webhook returned response.patchType but not response.patch');
    if (patchType === '') throw new Error('webhook returned invalid response.patchType of ""');
  } else {
    if (patch) throw new Error('validating webhook may not return response.patch');
    if (patchType !== undefined) throw new Error('validating webhook may not return response.patchType');
  }
  return {
    allowed: res.allowed === true,
    patch: mutating ? patch : undefined,
    patchType: mutating ? patchType : undefined,
    status: (res.status ?? undefined) as Partial<Status> | undefined,
    warnings: Array.isArray(res.warnings) ? res.warnings.map(String) : [],
    auditAnnotations: res.auditAnnotations as Record<string, string> | undefined,
  };
}
