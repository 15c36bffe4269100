/**
 * A webhook's matchConditions for one request (generic/webhook.go ShouldCallHook): evaluated
 * over the object in the version the webhook is called with, with the request's authorizer and
 * no namespaceObject; an error under `failurePolicy: Fail` refuses the request (403, the
 * conditions' errors), under Ignore skips the webhook.
 */
import type { KubeObject } from '../../../../lib/api/meta.ts';
import { forbidden } from '../../../../lib/errors.ts';
import { evaluate, PER_CALL_LIMIT } from '../../cel/index.ts';
import type { KindDescriptor } from '../../registry/types.ts';
import { MATCH_CONDITIONS_BUDGET, matchConditions, OutOfBudget, type Outcome } from '../matchconditions.ts';
import { activation, authzSession } from '../vap/activation.ts';
import type { CompiledExpression } from '../vap/compile.ts';
import type { ConfiguredWebhook } from './configurations.ts';
import type { Admission } from './dispatch.ts';

/** Whether the webhook is to be called; throws the request's refusal. */
export async function conditionsMatch(a: Admission, w: ConfiguredWebhook, as: KindDescriptor, versioned: { obj?: KubeObject; old?: KubeObject }, namespace: string): Promise<boolean> {
  if (!w.conditions.length) return true;
  const m = (a.obj ?? a.old)!.metadata;
  const name = m.name ?? '';
  const bindings = await activation(
    a.ctx,
    { operation: a.operation, desc: a.desc, subresource: a.subresource, namespace, name, object: versioned.obj, oldObject: versioned.old },
    as,
    () => Promise.resolve(undefined),
  );
  bindings.namespaceObject = null;
  const authz = authzSession(a.ctx);
  let remaining = MATCH_CONDITIONS_BUDGET;
  const run = async (c: CompiledExpression): Promise<Outcome> => {
    if (!c.program) return { ok: false, error: `compilation error: ${c.error}` };
    const r = await evaluate(c.program, bindings, { limit: PER_CALL_LIMIT, authz });
    remaining -= r.cost;
    if (remaining < 0) throw new OutOfBudget();
    return r.ok ? r : { ok: false, error: `expression '${c.program.expression}' resulted in error: ${r.error}` };
  };
  const result = await matchConditions(w.conditions, run, w.hook.failurePolicy);
  if ('error' in result) throw forbidden({ group: a.desc.group, resource: a.desc.resource }, name, result.error);
  return result.matches;
}
