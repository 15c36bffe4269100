/**
 * matchConditions, shared by ValidatingAdmissionPolicies and admission webhooks as Kubernetes
 * shares them (plugin/webhook/matchconditions/matcher.go): every condition is evaluated; one
 * that is false skips the policy or webhook, even when another one failed; otherwise any
 * evaluation error is the failurePolicy's to decide (Fail: the request fails with the errors,
 * Ignore: the policy or webhook is skipped).
 */
import { BOOL, compile } from '../cel/index.ts';
import { baseDeclarations, type CompiledExpression } from './vap/compile.ts';

export interface CompiledCondition {
  name: string;
  compiled: CompiledExpression;
}

/** Thrown by `run` when the conditions' budget is spent (RuntimeCELCostBudgetMatchConditions for webhooks). */
export class OutOfBudget extends Error {
  constructor() {
    super('validation failed due to running out of cost budget, no further validation rules will be run');
  }
}

/** celconfig.RuntimeCELCostBudgetMatchConditions */
export const MATCH_CONDITIONS_BUDGET = 2_500_000;

export type Outcome = { ok: true; value: unknown } | { ok: false; error: string };

export type MatchResult = { matches: true } | { matches: false; failedCondition?: string } | { matches: false; error: string };

/** A webhook's conditions: object, oldObject, request, namespaceObject (null) and the authorizer; no params, no variables. */
export function compileWebhookConditions(conds: { name: string; expression: string }[] | undefined): CompiledCondition[] {
  return (conds ?? []).map((c) => {
    const r = compile(c.expression ?? '', baseDeclarations(false, true), { returns: [BOOL] });
    return { name: c.name, compiled: r.ok ? { program: r.program } : { error: r.error } };
  });
}

/**
 * The conditions' verdict; `run` evaluates one expression with the caller's bindings and budget
 * and words its errors as Kubernetes' filter does (`compilation error: …`,
 * `expression '…' resulted in error: …`).
 */
export async function matchConditions(conds: CompiledCondition[], run: (c: CompiledExpression) => Promise<Outcome>, failurePolicy: string | undefined): Promise<MatchResult> {
  const errors: string[] = [];
  for (const c of conds) {
    let r: Outcome;
    try {
      r = await run(c.compiled);
    } catch (e) {
      // the filter stops: no condition's verdict counts
      if (!(e instanceof OutOfBudget)) throw e;
      return (failurePolicy ?? 'Fail') === 'Ignore' ? { matches: false } : { matches: false, error: e.message };
    }
    if (!r.ok) errors.push(r.error);
    else if (r.value === false) return { matches: false, failedCondition: c.name };
  }
  if (!errors.length) return { matches: true };
  if ((failurePolicy ?? 'Fail') === 'Ignore') return { matches: false };
  // utilerrors.NewAggregate's text
  return { matches: false, error: errors.length === 1 ? errors[0] : `[${errors.join(', ')}]` };
}
