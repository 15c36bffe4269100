/**
 * The ValidatingAdmissionPolicy admission plugin (plugin/policy/validating/dispatcher.go): every
 * bound policy whose matchConstraints select the request, for every binding that matches, for
 * every param the binding selects, is evaluated (evaluate.ts); Deny decisions refuse the request
 * with Kubernetes' text and code, Warn ones become `Warning` headers, Audit ones audit
 * annotations. It runs with the validating built-ins, after mutation and the object's own
 * validation, before ResourceQuota (admission/index.ts), on CREATE, UPDATE and DELETE.
 */
import type { ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '../../../../lib/api/admissionregistration/vap.ts';
import type { KubeObject } from '../../../../lib/api/meta.ts';
import { forbidden, StatusError } from '../../../../lib/errors.ts';
import { fromLabelSelector, matches } from '../../../../lib/selectors/label.ts';
import { toCelInput } from '../../cel/index.ts';
import { activation, authzSession } from './activation.ts';
import { byGroupVersionKind, storageKey, storagePrefix } from '../../registry/index.ts';
import { customKinds } from '../../crd/custom-kinds.ts';
import { gvkString, parseGroupVersion, type GroupVersion } from '../../../../lib/api/group-version.ts';
import type { KindDescriptor } from '../../registry/types.ts';
import { conversionReach, type AdmissionContext } from '../index.ts';
import { matchResources, type Attributes } from './matching.ts';
import { boundPolicies } from './policies.ts';
import { convertBetween } from '../../storage/converting.ts';
import { validate, type Decision } from './evaluate.ts';

export type { Attributes, Operation } from './matching.ts';

const REASON_CODES: Record<string, number> = { Unauthorized: 401, Forbidden: 403, Invalid: 422, RequestEntityTooLarge: 413 };

/** Kubernetes never applies policies to the objects that configure them. */
const EXEMPT = new Set(['validatingadmissionpolicies', 'validatingadmissionpolicybindings', 'mutatingadmissionpolicies', 'mutatingadmissionpolicybindings']);

interface Denied {
  policy: string;
  binding?: string;
  message: string;
  reason?: string;
}

/** Where Warn and Audit decisions go (the request's Warning headers; the audit event, which this server does not keep). */
export interface PolicyContext extends AdmissionContext {
  warn?(text: string): void;
  auditAnnotation?(key: string, value: string): void;
}

/** The request's objects in the version a policy matched through an equivalent one (matchPolicy Equivalent). */
async function asVersion(ctx: PolicyContext, a: Attributes, as: KindDescriptor): Promise<Attributes> {
  const reach = conversionReach(ctx);
  const converted = (o: KubeObject | undefined) => (o ? convertBetween(o, a.desc, as, reach) : undefined);
  return { ...a, object: await converted(a.object), oldObject: await converted(a.oldObject) };
}

export async function validatingAdmissionPolicy(ctx: PolicyContext, a: Attributes): Promise<void> {
  if (a.desc.group === 'admissionregistration.k8s.io' && EXEMPT.has(a.desc.resource)) return;
  const cluster = ctx.cluster ?? 'default';
  const entries = await boundPolicies(ctx.storage, cluster);
  if (!entries.length) return;

  let nsRead: Promise<KubeObject | undefined> | undefined;
  const namespaceObject = () => (a.namespace ? (nsRead ??= ctx.storage.get(`/registry/namespaces/${a.namespace}`).then((n) => n ?? undefined)) : Promise.resolve(undefined));
  const namespaceLabels = async () => (await namespaceObject())?.metadata.labels ?? {};
  const authz = authzSession(ctx);

  const denied: Denied[] = [];
  for (const { policy, compiled, bindings } of entries) {
    const spec = policy.spec ?? {};
    const matchedAs = spec.matchConstraints ? await matchResources(spec.matchConstraints, a, namespaceLabels) : undefined;
    if (!matchedAs) continue;
    const fail = (spec.failurePolicy ?? 'Fail') === 'Fail';
    const configError = (message: string, binding?: ValidatingAdmissionPolicyBinding) => {
      if (fail) denied.push({ policy: policy.metadata.name!, binding: binding?.metadata.name, message: `failed to configure ${binding ? 'binding' : 'policy'}: ${message}` });
    };
    const paramKind = spec.paramKind && { ...(parseGroupVersion(spec.paramKind.apiVersion ?? '') ?? { group: '', version: '' }), kind: spec.paramKind.kind ?? '' };
    const paramDesc = paramKind ? await paramKindDescriptor(ctx, cluster, paramKind) : undefined;
    if (paramKind && !paramDesc) {
      configError(`failed to find resource referenced by paramKind: '${gvkString(paramKind, paramKind.kind)}'`);
      continue;
    }
    const base = await activation(ctx, matchedAs === a.desc ? a : await asVersion(ctx, a, matchedAs), matchedAs, namespaceObject);
    for (const binding of bindings) {
      const bm = binding.spec?.matchResources;
      if (bm && !(await matchResources(bm, a, namespaceLabels, true))) continue;
      let params: (KubeObject | null)[];
      try {
        params = await collectParams(ctx, policy, paramDesc, binding, a.namespace);
      } catch (e) {
        configError((e as Error).message, binding);
        continue;
      }
      for (const param of params) {
        const result = await validate(policy, compiled, { ...base, params: param ? toCelInput(param) : null }, authz);
        for (const d of result.decisions) if (d.action === 'deny') act(ctx, policy, binding, d, denied);
        for (const an of result.annotations) {
          if (an.error) denied.push({ policy: policy.metadata.name!, binding: binding.metadata.name, message: an.error });
          else ctx.auditAnnotation?.(`${policy.metadata.name}/${an.key}`, an.value!);
        }
      }
    }
  }
  if (denied.length) throw deniedError(a, denied[0]);
}

function act(ctx: PolicyContext, policy: ValidatingAdmissionPolicy, binding: ValidatingAdmissionPolicyBinding, d: Decision, denied: Denied[]): void {
  const actions = binding.spec?.validationActions ?? [];
  for (const action of actions) {
    if (action === 'Deny') denied.push({ policy: policy.metadata.name!, binding: binding.metadata.name, message: d.message ?? '', reason: d.error ? undefined : d.reason });
    else if (action === 'Warn') ctx.warn?.(`Validation failed for ValidatingAdmissionPolicy '${policy.metadata.name}' with binding '${binding.metadata.name}': ${d.message}`);
    else if (action === 'Audit')
      ctx.auditAnnotation?.(
        'validation.policy.admission.k8s.io/validation_failure',
        JSON.stringify([{ message: d.message, policy: policy.metadata.name, binding: binding.metadata.name, expressionIndex: d.index ?? 0, validationActions: actions }]),
      );
  }
}

function deniedError(a: Attributes, d: Denied): StatusError {
  const message = d.binding
    ? `ValidatingAdmissionPolicy '${d.policy}' with binding '${d.binding}' denied request: ${d.message}`
    : `ValidatingAdmissionPolicy '${d.policy}' denied request: ${d.message}`;
  const err = forbidden({ group: a.desc.group, resource: a.desc.resource }, a.name, message);
  const reason = d.reason ?? 'Invalid';
  err.status.reason = reason as never;
  err.status.code = REASON_CODES[reason] ?? 422;
  err.status.details = { ...(err.status.details ?? {}), causes: [...(err.status.details?.causes ?? []), { message }] };
  return err;
}

/** The kind paramKind names, served at its version: built in, or of one of the cluster's CRDs. */
async function paramKindDescriptor(ctx: AdmissionContext, cluster: string, pk: GroupVersion & { kind: string }): Promise<KindDescriptor | undefined> {
  return byGroupVersionKind(pk.group, pk.version, pk.kind) ?? (pk.group ? (await customKinds(ctx.storage, cluster)).byKind(pk.group, pk.version, pk.kind) : undefined);
}

/** The params of a binding, read through the API storage (generic/policy_dispatcher.go CollectParams). */
async function collectParams(ctx: AdmissionContext, policy: ValidatingAdmissionPolicy, desc: KindDescriptor | undefined, binding: ValidatingAdmissionPolicyBinding, namespace: string): Promise<(KubeObject | null)[]> {
  const ref = binding.spec?.paramRef;
  if (!policy.spec?.paramKind || !desc || !ref) return [null];
  let ns = '';
  if (desc.namespaced) {
    ns = ref.namespace || namespace;
    if (!ns) throw new Error('cannot use namespaced paramRef in policy binding that matches cluster-scoped resources');
  } else if (ref.namespace) throw new Error('paramRef.namespace must not be provided for a cluster-scoped `paramKind`');
  let params: KubeObject[];
  if (ref.name) {
    const p = await ctx.storage.get(storageKey(desc, ns, ref.name));
    params = p ? [p] : [];
  } else {
    const sel = fromLabelSelector(ref.selector);
    const { items } = await ctx.storage.list(storagePrefix(desc, ns || undefined));
    params = items.filter((o) => matches(sel, o.metadata.labels ?? {}));
  }
  if (!params.length && ref.parameterNotFoundAction === 'Deny') throw new Error('no params found for policy binding with `Deny` parameterNotFoundAction');
  return params.map((p) => ({ ...p, apiVersion: desc.group ? `${desc.group}/${desc.version}` : desc.version, kind: desc.kind }));
}
