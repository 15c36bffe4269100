/**
 * Calling the webhooks of one admission, as Kubernetes' dispatchers do
 * (webhook/mutating/dispatcher.go, webhook/validating/dispatcher.go):
 *
 * - mutating webhooks one after the other, each seeing the previous one's patch; a JSONPatch is
 *   applied to the object in place. Reinvocation: once a webhook changed the object, the webhooks
 *   with `reinvocationPolicy: IfNeeded` called before it are called again in a second round
 *   (`admitCreate`/`admitUpdate` rerun the mutating chain once, built-ins included);
 * - validating webhooks all at once; the first error in webhook order is the answer.
 *
 * A failure to reach a webhook or an unusable answer (CallingWebhookError) fails the request
 * (500) under `failurePolicy: Fail` and is skipped under `Ignore`; a denial always fails it.
 */
import jsonpatch, { type Operation as PatchOperation } from 'fast-json-patch';
import type { KubeObject } from '../../../../lib/api/meta.ts';
import { internal, StatusError } from '../../../../lib/errors.ts';
import { conversionReach, type AdmissionContext } from '../index.ts';
import type { KindDescriptor } from '../../registry/types.ts';
import { conditionsMatch } from './conditions.ts';
import { configuredWebhooks, type ConfiguredWebhook } from './configurations.ts';
import { CallingWebhookError, denial, dryRunUnsupported } from './errors.ts';
import { invocationKind, isExempt, namespaceLabelsReader, namespaceSelectorMatches, objectSelectorMatches, type RuleAttributes } from './matching.ts';
import { postReview, WebhookCallError } from './reach.ts';
import { admissionReview, verifyResponse } from './review.ts';
import { convertBetween } from '../../storage/converting.ts';
import type { Operation, WebhookAttributes } from './types.ts';

/** One admission: the request as webhooks see it. */
export interface Admission {
  ctx: AdmissionContext & { webhooks: WebhookAttributes };
  desc: KindDescriptor;
  operation: Operation;
  subresource: string;
  /** the object being written (mutated in place by patches); none on DELETE */
  obj?: KubeObject;
  old?: KubeObject;
  /** CreateOptions / UpdateOptions / DeleteOptions */
  options: Record<string, unknown>;
}

/** What the mutating rounds of one admission remember (Kubernetes' webhookReinvokeContext). */
export interface Reinvocation {
  round: 0 | 1;
  /** a webhook changed the object: the mutating chain runs once more */
  requested: boolean;
  previouslyInvoked: Set<string>;
  reinvoke: Set<string>;
  lastOutput?: string;
}

export const newReinvocation = (): Reinvocation => ({ round: 0, requested: false, previouslyInvoked: new Set(), reinvoke: new Set() });

const NO_SIDE_EFFECTS = ['None', 'NoneOnDryRun'];

function ruleAttributes(a: Admission): RuleAttributes {
  const { desc } = a;
  const m = (a.obj ?? a.old)!.metadata;
  const isNamespace = desc.group === '' && desc.resource === 'namespaces';
  const namespace = desc.namespaced ? (m.namespace ?? '') : isNamespace && a.operation !== 'CREATE' ? (m.name ?? '') : '';
  return { operation: a.operation, group: desc.group, version: desc.version, resource: desc.resource, subresource: a.subresource, namespace };
}

/** The webhooks to call, each with the kind it is called as. */
async function selected(a: Admission, kind: 'mutating' | 'validating'): Promise<{ w: ConfiguredWebhook; as: KindDescriptor }[]> {
  if (isExempt(a.desc)) return [];
  const all = await configuredWebhooks(a.ctx.storage, a.ctx.cluster ?? 'default', kind, a.ctx.webhooks.background);
  if (!all.length) return [];
  const attrs = ruleAttributes(a);
  const nsLabels = namespaceLabelsReader(a.ctx.storage, attrs.namespace);
  const out: { w: ConfiguredWebhook; as: KindDescriptor }[] = [];
  for (const w of all) {
    const as = invocationKind(w.hook, a.desc, attrs);
    if (!as) continue;
    if (!(await namespaceSelectorMatches(w.hook, attrs, { obj: a.obj, old: a.old }, nsLabels))) continue;
    if (!objectSelectorMatches(w.hook, a.obj, a.old)) continue;
    out.push({ w, as });
  }
  return out;
}

/** The webhook's matchConditions over the object as it is now (a mutating webhook's see the earlier ones' patches). */
async function conditionsHold(a: Admission, w: ConfiguredWebhook, as: KindDescriptor): Promise<boolean> {
  if (!w.conditions.length) return true;
  const versioned = { obj: a.obj && (await converted(a, a.obj, a.desc, as)), old: a.old && (await converted(a, a.old, a.desc, as)) };
  return conditionsMatch(a, w, as, versioned, ruleAttributes(a).namespace);
}

/** An object of the request between its version and the one a webhook is called with (matchPolicy Equivalent: another version of the resource). */
function converted(a: Admission, obj: KubeObject, from: KindDescriptor, to: KindDescriptor): Promise<KubeObject> {
  return convertBetween(obj, from, to, conversionReach(a.ctx));
}

/** Asks one webhook; returns its verified answer, or throws (CallingWebhookError, denial, dry-run refusal). */
async function ask(a: Admission, w: ConfiguredWebhook, as: KindDescriptor, mutating: boolean) {
  const { hook } = w;
  if (a.ctx.dryRun && !NO_SIDE_EFFECTS.includes(hook.sideEffects ?? '')) throw dryRunUnsupported(hook.name);
  if (!(hook.admissionReviewVersions ?? []).some((v) => v === 'v1' || v === 'v1beta1'))
    throw new CallingWebhookError(hook.name, 'could not create admission objects: webhook does not accept known AdmissionReview versions (v1, v1beta1)');
  const uid = crypto.randomUUID();
  const m = (a.obj ?? a.old)!.metadata;
  const review = admissionReview({
    uid,
    as,
    requested: a.desc,
    subresource: a.subresource,
    name: m.name ?? '',
    namespace: ruleAttributes(a).namespace,
    operation: a.operation,
    user: a.ctx.user,
    object: a.obj && (await converted(a, a.obj, a.desc, as)),
    oldObject: a.old && (await converted(a, a.old, a.desc, as)),
    dryRun: !!a.ctx.dryRun,
    options: a.options,
  });
  let body: unknown;
  try {
    body = await postReview(a.ctx.webhooks.env, a.ctx.storage, a.ctx.cluster ?? 'default', hook, JSON.stringify(review));
  } catch (e) {
    if (e instanceof WebhookCallError) throw new CallingWebhookError(hook.name, `failed to call webhook: ${e.message}`);
    throw e;
  }
  let res;
  try {
    res = verifyResponse(uid, mutating, body);
  } catch (e) {
    throw new CallingWebhookError(hook.name, `received invalid webhook response: ${(e as Error).message}`);
  }
  for (const text of res.warnings) a.ctx.webhooks.warn(text);
  if (!res.allowed) throw denial(a.desc, m.name ?? '', hook.name, res.status);
  return res;
}

const failurePolicyIgnores = (w: ConfiguredWebhook) => w.hook.failurePolicy === 'Ignore';

/** One round of the mutating webhooks (reinvocation: round 1 calls only those due again). */
export async function mutate(a: Admission, state: Reinvocation): Promise<void> {
  const hooks = await selected(a, 'mutating');
  if (!hooks.length) return;
  const snapshot = () => JSON.stringify(a.obj ?? null);
  const requireReinvoking = () => {
    for (const uid of state.previouslyInvoked) state.reinvoke.add(uid);
    state.previouslyInvoked.clear();
  };
  // built-in plugins changed the object since the webhooks last saw it: call them again
  if (state.round === 1 && state.lastOutput !== undefined && state.lastOutput !== snapshot()) requireReinvoking();
  try {
    for (const { w, as } of hooks) {
      if (state.round === 1 && !state.reinvoke.has(w.uid)) continue;
      if (!(await conditionsHold(a, w, as))) continue;
      let changed = false;
      let error: unknown;
      try {
        changed = await mutateOnce(a, w, as);
      } catch (e) {
        error = e;
      }
      if (changed) {
        requireReinvoking();
        state.requested = true;
      }
      if (w.hook.reinvocationPolicy === 'IfNeeded') state.previouslyInvoked.add(w.uid);
      if (error === undefined) continue;
      if (error instanceof CallingWebhookError) {
        if (failurePolicyIgnores(w)) continue;
        throw error.toStatus();
      }
      throw error;
    }
  } finally {
    state.lastOutput = snapshot();
  }
}

/** Calls one mutating webhook and applies its patch; whether the object changed. */
async function mutateOnce(a: Admission, w: ConfiguredWebhook, as: KindDescriptor): Promise<boolean> {
  const res = await ask(a, w, as, true);
  if (!res.patch) return false;
  let ops: unknown;
  try {
    ops = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(res.patch), (c) => c.charCodeAt(0))));
    if (!Array.isArray(ops)) throw new Error(`json: cannot unmarshal ${typeof ops} into Go value of type jsonpatch.Patch`);
  } catch (e) {
    throw new CallingWebhookError(w.hook.name, `received undecodable patch in webhook response: ${(e as Error).message}`);
  }
  if (ops.length === 0) return false;
  if (!a.obj) throw internal(`admission webhook ${JSON.stringify(w.hook.name)} attempted to modify the object, which is not supported for this operation`);
  if (res.patchType !== 'JSONPatch') throw new CallingWebhookError(w.hook.name, `unsupported patch type ${JSON.stringify(res.patchType)}`);
  const before = await converted(a, a.obj, a.desc, as);
  let patched: KubeObject;
  try {
    patched = jsonpatch.applyPatch(structuredClone(before), ops as PatchOperation[], true, false, true).newDocument as KubeObject;
  } catch (e) {
    throw internal((e as Error).message.split('\n')[0]);
  }
  as.defaults?.(patched);
  if (JSON.stringify(patched) === JSON.stringify(before)) return false;
  const back = await converted(a, patched, as, a.desc);
  for (const k of Object.keys(a.obj)) delete (a.obj as Record<string, unknown>)[k];
  Object.assign(a.obj, back);
  return true;
}

/** The validating webhooks, all at once; the first error in webhook order fails the request. */
export async function validate(a: Admission): Promise<void> {
  const hooks = [];
  for (const h of await selected(a, 'validating')) if (await conditionsHold(a, h.w, h.as)) hooks.push(h);
  if (!hooks.length) return;
  const outcomes = await Promise.all(
    hooks.map(({ w, as }) =>
      ask(a, w, as, false).then(
        () => undefined,
        (e: unknown) => {
          if (e instanceof CallingWebhookError) return failurePolicyIgnores(w) ? undefined : e.toStatus();
          return e;
        },
      ),
    ),
  );
  const first = outcomes.find((e) => e !== undefined);
  if (first) throw first instanceof StatusError || first instanceof Error ? first : new Error(String(first));
}
