/**
 * One policy evaluated for one binding and param, as Kubernetes' validator does
 * (plugin/policy/validating/validator.go): matchConditions, then the validations with their
 * messages, then the audit annotations, sharing the runtime cost budget.
 */
import type { ValidatingAdmissionPolicy } from '../../../../lib/api/admissionregistration/vap.ts';
import { AuthzSession, evaluate, evaluateSync, PER_CALL_LIMIT, RUNTIME_COST_BUDGET, type Program } from '../../cel/index.ts';
import type { CompiledExpression, CompiledPolicy } from './compile.ts';
import { matchConditions } from '../matchconditions.ts';

export interface Decision {
  action: 'admit' | 'deny';
  message?: string;
  /** the validation's reason (Invalid when unset) */
  reason?: string;
  /** the index of the validation, for the audit annotation */
  index?: number;
  /** an evaluation error, not a failed validation */
  error?: boolean;
}

export interface AuditAnnotation {
  key: string;
  value?: string;
  error?: string;
}

export interface Result {
  decisions: Decision[];
  annotations: AuditAnnotation[];
}

const OUT_OF_BUDGET = 'validation failed due to running out of cost budget, no further validation rules will be run';
/** celconfig.MaxEvaluatedMessageExpressionSizeBytes */
const MAX_MESSAGE = 5 * 1024;

class Budget {
  remaining = RUNTIME_COST_BUDGET;
}

class BudgetExhausted extends Error {}

/**
 * `variables`: each evaluated on first use within an evaluation and kept, its cost charged to
 * the budget; a variable that needed an authorizer decision not yet at hand is computed again.
 */
class Variables extends Map<string, unknown> {
  private readonly done = new Map<string, unknown>();

  constructor(
    private readonly defs: Map<string, CompiledExpression>,
    private readonly bindings: () => Record<string, unknown>,
    private readonly budget: Budget,
    private readonly authz: AuthzSession,
  ) {
    super();
  }

  override has(name: string): boolean {
    return this.defs.has(name);
  }

  override get(name: string): unknown {
    if (this.done.has(name)) return this.done.get(name);
    const def = this.defs.get(name);
    if (!def) return undefined;
    if (!def.program) throw new Error(`composited variable "${name}" fails to compile: ${def.error}`);
    const before = this.authz.hasPending;
    const r = evaluateSync(def.program, this.bindings(), { limit: PER_CALL_LIMIT, authz: this.authz });
    this.budget.remaining -= r.cost;
    if (this.budget.remaining < 0) throw new BudgetExhausted(OUT_OF_BUDGET);
    if (!r.ok) throw new Error(r.error);
    if (before || !this.authz.hasPending) this.done.set(name, r.value);
    return r.value;
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: string };

export async function validate(
  policy: ValidatingAdmissionPolicy,
  compiled: CompiledPolicy,
  base: Record<string, unknown>,
  authz: AuthzSession,
): Promise<Result> {
  const fail = (policy.spec?.failurePolicy ?? 'Fail') === 'Fail';
  const budget = new Budget();
  let bindings: Record<string, unknown> = {};
  const variables = new Variables(new Map(compiled.variables.map((v) => [v.name, v.compiled])), () => bindings, budget, authz);
  bindings = { ...base, variables };

  const run = async (c: CompiledExpression, withAuthz = true): Promise<Outcome> => {
    if (!c.program) return { ok: false, error: `compilation error: ${c.error}` };
    const p: Program = c.program;
    const b = withAuthz ? bindings : { ...bindings, authorizer: null, 'authorizer.requestResource': null };
    const r = await evaluate(p, b, { limit: PER_CALL_LIMIT, authz });
    budget.remaining -= r.cost;
    if (budget.remaining < 0) throw new BudgetExhausted(OUT_OF_BUDGET);
    return r.ok ? r : { ok: false, error: r.error === OUT_OF_BUDGET ? r.error : `expression '${p.expression}' resulted in error: ${r.error}` };
  };
  const errorDecision = (message: string): Decision => ({ action: fail ? 'deny' : 'admit', message, error: true });

  try {
    const matched = await matchConditions(compiled.matchConditions, (c) => run(c), policy.spec?.failurePolicy);
    if ('error' in matched) return { decisions: [errorDecision(matched.error)], annotations: [] };
    if (!matched.matches) return { decisions: [], annotations: [] };
    const decisions: Decision[] = [];
    for (const [i, v] of compiled.validations.entries()) {
      const spec = policy.spec!.validations![i];
      const r = await run(v.compiled);
      if (!r.ok) {
        decisions.push({ ...errorDecision(r.error), index: i });
        continue;
      }
      if (r.value === true) {
        decisions.push({ action: 'admit', index: i });
        continue;
      }
      let message = '';
      if (v.message) {
        const m = await run(v.message, false);
        if (m.ok && typeof m.value === 'string') {
          message = m.value.trim();
          if (message.length > MAX_MESSAGE || message.includes('\n')) message = '';
        }
      }
      if (!message && spec.message) message = spec.message.trim();
      if (!message) message = `failed expression: ${spec.expression.trim()}`;
      decisions.push({ action: 'deny', message, reason: spec.reason ?? 'Invalid', index: i });
    }
    const annotations: AuditAnnotation[] = [];
    for (const a of compiled.auditAnnotations) {
      const r = await run(a.compiled);
      if (!r.ok) {
        if (fail) annotations.push({ key: a.key, error: r.error });
      } else if (typeof r.value === 'string' && r.value.trim()) annotations.push({ key: a.key, value: r.value.trim() });
    }
    return { decisions, annotations };
  } catch (e) {
    if (e instanceof BudgetExhausted) return { decisions: [errorDecision(OUT_OF_BUDGET)], annotations: [] };
    throw e;
  }
}
