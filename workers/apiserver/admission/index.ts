/**
 * Built-in admission on create, in Kubernetes' order (errors-validation-defaults.md §4):
 * NamespaceLifecycle, ServiceAccount, DefaultTolerationSeconds, Priority, then the service IP
 * allocator, then RBAC's escalation check (which Kubernetes makes in the RBAC kinds' storage; it
 * is also the one step on update). Each plugin is a function of (context, descriptor, object)
 * that mutates or throws.
 * Admission webhooks will plug in after these.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Storage } from '../storage/types.ts';
import type { UserInfo } from '../auth/authn.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { namespaceLifecycle } from './namespace-lifecycle.ts';
import { serviceAccount } from './service-account.ts';
import { defaultTolerationSeconds, priority } from './pod-scheduling.ts';
import { allocateClusterIP } from './cluster-ip.ts';
import { limitRangerMutate, limitRangerValidate } from '../quota/limit-ranger.ts';
import { resourceQuota } from '../quota/admission.ts';
import type { Authorizer } from '../auth/authz.ts';
import { rbacEscalationOnCreate, rbacEscalationOnUpdate } from '../rbac/admission.ts';

export interface AdmissionContext {
  storage: Storage;
  user: UserInfo;
  /** the service ClusterIP range (SERVICE_CLUSTER_IP_RANGE; default 10.96.0.0/12) */
  serviceClusterIPRange?: string;
  /** the request's cluster and authorizer (RBAC escalation checks ask it for `bind`/`escalate`) */
  cluster?: string;
  authorizer?: Authorizer;
  /** dry run: validate, but write nothing (the quota charge) */
  dryRun?: boolean;
  /** a write admission itself commits (the quota charge), for watches and controllers */
  afterCommit?(desc: KindDescriptor, type: 'MODIFIED', obj: KubeObject): void;
}

export type AdmissionPlugin = (ctx: AdmissionContext, desc: KindDescriptor, obj: KubeObject) => Promise<void> | void;

export type AdmissionUpdatePlugin = (ctx: AdmissionContext, desc: KindDescriptor, obj: KubeObject, old: KubeObject) => Promise<void> | void;

const onCreate: AdmissionPlugin[] = [namespaceLifecycle, limitRangerMutate, serviceAccount, defaultTolerationSeconds, priority, allocateClusterIP, rbacEscalationOnCreate];
const onUpdate: AdmissionUpdatePlugin[] = [rbacEscalationOnUpdate];
/** validating admission on create, after the object's own validation; ResourceQuota last */
const validateOnCreate: AdmissionPlugin[] = [limitRangerValidate, resourceQuota];

export async function admitCreate(ctx: AdmissionContext, desc: KindDescriptor, obj: KubeObject): Promise<void> {
  for (const plugin of onCreate) await plugin(ctx, desc, obj);
}

export async function admitUpdate(ctx: AdmissionContext, desc: KindDescriptor, obj: KubeObject, old: KubeObject): Promise<void> {
  for (const plugin of onUpdate) await plugin(ctx, desc, obj, old);
}

export async function validateCreate(ctx: AdmissionContext, desc: KindDescriptor, obj: KubeObject): Promise<void> {
  for (const plugin of validateOnCreate) await plugin(ctx, desc, obj);
}
