/**
 * The MutatingAdmissionWebhook and ValidatingAdmissionWebhook plugins, in the shapes of the
 * admission chain (admission/index.ts). They do nothing for writes without webhook attributes
 * (the server's own) and for the admission configuration kinds.
 */
import type { DeleteOptions, KubeObject } from '../../../../lib/api/meta.ts';
import type { KindDescriptor } from '../../registry/types.ts';
import type { AdmissionContext, AdmissionPlugin, AdmissionUpdatePlugin } from '../index.ts';
import { mutate, newReinvocation, validate, type Admission } from './dispatch.ts';
import type { Operation } from './types.ts';

export { newReinvocation, type Reinvocation } from './dispatch.ts';
export type { WebhookAttributes, WebhookBindings } from './types.ts';

const OPTIONS_KIND: Record<Operation, string> = { CREATE: 'CreateOptions', UPDATE: 'UpdateOptions', DELETE: 'DeleteOptions', CONNECT: '' };

/** Create/UpdateOptions as Kubernetes hands them to admission: from the request's query. */
function options(ctx: AdmissionContext, operation: Operation): Record<string, unknown> {
  const q = ctx.webhooks?.query ?? {};
  return {
    kind: OPTIONS_KIND[operation],
    apiVersion: 'meta.k8s.io/v1',
    ...(q.dryRun?.length ? { dryRun: q.dryRun } : {}),
    ...(q.fieldManager ? { fieldManager: q.fieldManager } : {}),
    ...(q.fieldValidation ? { fieldValidation: q.fieldValidation } : {}),
  };
}

function admission(ctx: AdmissionContext, desc: KindDescriptor, operation: Operation, obj: KubeObject | undefined, old: KubeObject | undefined, opts?: Record<string, unknown>): Admission | undefined {
  if (!ctx.webhooks) return undefined;
  return { ctx: ctx as Admission['ctx'], desc, operation, subresource: ctx.subresource ?? '', obj, old, options: opts ?? options(ctx, operation) };
}

export const mutatingWebhooksOnCreate: AdmissionPlugin = async (ctx, desc, obj) => {
  const a = admission(ctx, desc, 'CREATE', obj, undefined);
  if (a) await mutate(a, (ctx.reinvocation ??= newReinvocation()));
};

export const validatingWebhooksOnCreate: AdmissionPlugin = async (ctx, desc, obj) => {
  const a = admission(ctx, desc, 'CREATE', obj, undefined);
  if (a) await validate(a);
};

export const mutatingWebhooksOnUpdate: AdmissionUpdatePlugin = async (ctx, desc, obj, old) => {
  const a = admission(ctx, desc, 'UPDATE', obj, old);
  if (a) await mutate(a, (ctx.reinvocation ??= newReinvocation()));
};

export const validatingWebhooksOnUpdate: AdmissionUpdatePlugin = async (ctx, desc, obj, old) => {
  const a = admission(ctx, desc, 'UPDATE', obj, old);
  if (a) await validate(a);
};

/** DELETE: the mutating webhooks (which may not patch), then the validating ones; `old` is the object deleted. */
export async function webhooksOnDelete(ctx: AdmissionContext, desc: KindDescriptor, old: KubeObject, opts: Omit<DeleteOptions, 'kind' | 'apiVersion'>): Promise<void> {
  const deleteOptions = { kind: 'DeleteOptions', apiVersion: 'meta.k8s.io/v1', ...opts, ...(ctx.webhooks?.query.dryRun?.length ? { dryRun: ctx.webhooks.query.dryRun } : {}) };
  const a = admission(ctx, desc, 'DELETE', undefined, old, deleteOptions);
  if (!a) return;
  await mutate(a, newReinvocation());
  await validate(a);
}
