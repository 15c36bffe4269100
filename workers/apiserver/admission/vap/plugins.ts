/** The plugin in admission/index.ts's lists: CREATE, UPDATE (subresources included) and DELETE. */
import type { KubeObject } from '../../../../lib/api/meta.ts';
import type { KindDescriptor } from '../../registry/types.ts';
import type { AdmissionContext } from '../index.ts';
import { validatingAdmissionPolicy, type Operation } from './index.ts';

/** The admission context as the plugin uses it: warnings through the webhooks' attributes. */
function withWarnings(ctx: AdmissionContext) {
  return { ...ctx, warn: ctx.webhooks?.warn.bind(ctx.webhooks) };
}

const attrs = (ctx: AdmissionContext, operation: Operation, desc: KindDescriptor, obj: KubeObject | undefined, old: KubeObject | undefined) => {
  const o = (obj ?? old)!;
  return {
    operation,
    desc,
    subresource: ctx.subresource ?? '',
    namespace: desc.namespaced ? (o.metadata.namespace ?? '') : desc.group === '' && desc.resource === 'namespaces' ? (o.metadata.name ?? '') : '',
    name: o.metadata.name ?? '',
    object: obj,
    oldObject: old,
  };
};

export const policiesOnCreate = (ctx: AdmissionContext, desc: KindDescriptor, obj: KubeObject) => validatingAdmissionPolicy(withWarnings(ctx), attrs(ctx, 'CREATE', desc, obj, undefined));

export const policiesOnUpdate = (ctx: AdmissionContext, desc: KindDescriptor, obj: KubeObject, old: KubeObject) =>
  validatingAdmissionPolicy(withWarnings(ctx), attrs(ctx, 'UPDATE', desc, obj, old));

export const policiesOnDelete = (ctx: AdmissionContext, desc: KindDescriptor, current: KubeObject) => validatingAdmissionPolicy(withWarnings(ctx), attrs(ctx, 'DELETE', desc, undefined, current));
