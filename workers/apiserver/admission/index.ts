/**
 * Built-in admission on create, in Kubernetes' order (errors-validation-defaults.md §4):
 * NamespaceLifecycle, ServiceAccount, DefaultTolerationSeconds, Priority, then the service IP
 * allocator, then RBAC's escalation check (which Kubernetes makes in the RBAC kinds' storage; it
 * is also the one step on update). Each plugin is a function of (context, descriptor, object)
 * that mutates or throws.
 * The mutating admission webhooks come after Priority (a change they make reruns the mutating
 * chain once, as Kubernetes' reinvocation does), the validating ones after LimitRanger's checks
 * and before ResourceQuota (admission/webhooks/). An update starts with NodeRestriction's check
 * of a node's pod status write, a DELETE with its check of a node's pod delete (then the
 * preconditions, then the webhooks and policies).
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Storage } from '../storage/types.ts';
import type { UserInfo } from '../auth/authn.ts';
import type { ConversionReach, KindDescriptor } from '../registry/types.ts';
import type { WebhookBindings } from './webhooks/types.ts';
import { namespaceLifecycle } from './namespace-lifecycle.ts';
import { serviceAccount } from './service-account.ts';
import { defaultTolerationSeconds, priority } from './pod-scheduling.ts';
import { allocateClusterIP } from './cluster-ip.ts';
import { defaultStorageClass } from './default-storage-class.ts';
import { storageObjectInUseProtection } from './storage-protection.ts';
import { limitRangerMutate, limitRangerValidate } from '../quota/limit-ranger.ts';
import { resourceQuota } from '../quota/admission.ts';
import type { Authorizer } from '../auth/authz.ts';
import { rbacEscalationOnCreate, rbacEscalationOnUpdate } from '../rbac/admission.ts';
import type { DeleteOptions } from '../../../lib/api/meta.ts';
import {
  mutatingWebhooksOnCreate,
  mutatingWebhooksOnUpdate,
  newReinvocation,
  validatingWebhooksOnCreate,
  validatingWebhooksOnUpdate,
  webhooksOnDelete,
  type Reinvocation,
  type WebhookAttributes,
} from './webhooks/index.ts';
import { policiesOnCreate, policiesOnDelete, policiesOnUpdate } from './vap/plugins.ts';
import { nodeRestrictionOnDelete, nodeRestrictionOnUpdate } from './node-restriction.ts';

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
  /** the request as admission webhooks see it; absent for the server's own writes (no webhook called) */
  webhooks?: WebhookAttributes;
  /** how webhooks are reached: a webhook or policy matching another version of a custom resource sees the object converted through its CRD */
  webhookBindings?: WebhookBindings;
  /** the subresource written ('status', 'scale'), '' for the object itself */
  subresource?: string;
  /** the mutating webhooks' reinvocation state of this admission */
  reinvocation?: Reinvocation;
}

/** How a conversion webhook is reached from this admission (a webhook or policy matched through another version). */
export const conversionReach = (ctx: AdmissionContext): ConversionReach => ({ storage: ctx.storage, cluster: ctx.cluster ?? 'default', webhookBindings: ctx.webhookBindings });

export type AdmissionPlugin = (ctx: AdmissionContext, desc: KindDescriptor, obj: KubeObject) => Promise<void> | void;

export type AdmissionUpdatePlugin = (ctx: AdmissionContext, desc: KindDescriptor, obj: KubeObject, old: KubeObject) => Promise<void> | void;

/** the mutating chain (rerun once when a webhook changed the object), then what Kubernetes does in storage */
const onCreate: AdmissionPlugin[] = [namespaceLifecycle, limitRangerMutate, serviceAccount, defaultTolerationSeconds, defaultStorageClass, storageObjectInUseProtection, priority, mutatingWebhooksOnCreate];
const afterCreate: AdmissionPlugin[] = [allocateClusterIP, rbacEscalationOnCreate];
const onUpdate: AdmissionUpdatePlugin[] = [nodeRestrictionOnUpdate, mutatingWebhooksOnUpdate];
/** not on /status */
const afterUpdate: AdmissionUpdatePlugin[] = [rbacEscalationOnUpdate];
/** validating admission on create, after the object's own validation; ResourceQuota last */
const validateOnCreate: AdmissionPlugin[] = [limitRangerValidate, policiesOnCreate, validatingWebhooksOnCreate, resourceQuota];
const validateOnUpdate: AdmissionUpdatePlugin[] = [policiesOnUpdate, validatingWebhooksOnUpdate];

/**
 * Runs plugins in order, awaiting only those that return a promise: most plugins return at once
 * for most kinds, and an await per plugin was a microtask turn per plugin per write.
 */
async function run<A extends unknown[]>(plugins: ((...a: A) => Promise<void> | void)[], ...args: A): Promise<void> {
  for (const plugin of plugins) {
    const pending = plugin(...args);
    if (pending) await pending;
  }
}

export async function admitCreate(ctx: AdmissionContext, desc: KindDescriptor, obj: KubeObject): Promise<void> {
  ctx.reinvocation = newReinvocation();
  await run(onCreate, ctx, desc, obj);
  if (ctx.reinvocation.requested) {
    ctx.reinvocation.round = 1;
    await run(onCreate, ctx, desc, obj);
  }
  await run(afterCreate, ctx, desc, obj);
}

export async function admitUpdate(ctx: AdmissionContext, desc: KindDescriptor, obj: KubeObject, old: KubeObject): Promise<void> {
  ctx.reinvocation = newReinvocation();
  await run(onUpdate, ctx, desc, obj, old);
  if (ctx.reinvocation.requested) {
    ctx.reinvocation.round = 1;
    await run(onUpdate, ctx, desc, obj, old);
  }
  if (ctx.subresource !== 'status') await run(afterUpdate, ctx, desc, obj, old);
}

/** validating admission on update, after the object's own validation */
export async function validateUpdate(ctx: AdmissionContext, desc: KindDescriptor, obj: KubeObject, old: KubeObject): Promise<void> {
  await run(validateOnUpdate, ctx, desc, obj, old);
}

/**
 * A DELETE's first admission, before its preconditions are checked (Kubernetes' handler admits
 * before its storage checks them): NodeRestriction, on the object to delete.
 */
export function admitDeleteRequest(ctx: AdmissionContext, desc: KindDescriptor, current: KubeObject): void {
  nodeRestrictionOnDelete(ctx, desc, current);
}

/** admission of a DELETE (`current` is the object deleted): the webhooks */
export async function admitDelete(ctx: AdmissionContext, desc: KindDescriptor, current: KubeObject, opts: Omit<DeleteOptions, 'kind' | 'apiVersion'>): Promise<void> {
  await policiesOnDelete(ctx, desc, current);
  await webhooksOnDelete(ctx, desc, current, opts);
}

export async function validateCreate(ctx: AdmissionContext, desc: KindDescriptor, obj: KubeObject): Promise<void> {
  await run(validateOnCreate, ctx, desc, obj);
}
