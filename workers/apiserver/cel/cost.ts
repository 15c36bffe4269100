/**
 * Runtime cost, as cel-go's cost tracker counts it in spirit: each function or operator call
 * costs 1 (comprehension steps are calls, so a loop costs per iteration), and the library
 * functions that walk a string or a list add a cost proportional to its size. Kubernetes'
 * limits apply: an expression past `PER_CALL_LIMIT` is cancelled (`operation cancelled: actual
 * cost limit exceeded`), and the expressions of one policy evaluation share
 * `RUNTIME_COST_BUDGET`.
 *
 * @bufbuild/cel has no cost hook, so the parsed expression is instrumented: every call node is
 * wrapped in `@cost(...)`, an identity function that charges the tracker. Evaluation is
 * synchronous, so the tracker of the evaluation in progress is a module variable.
 */
import { create } from '@bufbuild/protobuf';
import { ExprSchema, type Expr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import { celFunc, CelScalar } from '@bufbuild/cel';

/** k8s.io/apiserver/pkg/apis/cel: PerCallLimit, RuntimeCELCostBudget. */
export const PER_CALL_LIMIT = 1_000_000;
export const RUNTIME_COST_BUDGET = 10_000_000;

export const COST_EXCEEDED = 'operation cancelled: actual cost limit exceeded';

export class CostExceeded extends Error {
  constructor() {
    super(COST_EXCEEDED);
  }
}

export interface Tracker {
  cost: number;
  limit: number;
  exceeded: boolean;
}

let current: Tracker | undefined;

/** Runs `fn` with `t` as the tracker charged by the expression's calls. */
export function tracking<T>(t: Tracker, fn: () => T): T {
  const outer = current;
  current = t;
  try {
    return fn();
  } finally {
    current = outer;
  }
}

/** Adds `n` to the running evaluation's cost; throws once past its limit. */
export function charge(n: number): void {
  const t = current;
  if (!t) return;
  t.cost += n;
  if (t.cost > t.limit) {
    t.exceeded = true;
    throw new CostExceeded();
  }
}

export const COST_FN = '@cost';

export const costFunc = celFunc(COST_FN, [CelScalar.DYN], CelScalar.DYN, (v) => {
  charge(1);
  return v as never;
});

/** Wraps every call of `expr` (in place, recursively) in `@cost(call)`; `nextId` numbers the new nodes. */
export function instrument(expr: Expr, nextId: { id: bigint }): Expr {
  const k = expr.exprKind;
  switch (k.case) {
    case 'selectExpr':
      if (k.value.operand) k.value.operand = instrument(k.value.operand, nextId);
      return expr;
    case 'listExpr':
      k.value.elements = k.value.elements.map((e) => instrument(e, nextId));
      return expr;
    case 'structExpr':
      for (const e of k.value.entries) {
        if (e.value) e.value = instrument(e.value, nextId);
        if (e.keyKind.case === 'mapKey') e.keyKind.value = instrument(e.keyKind.value, nextId);
      }
      return expr;
    case 'comprehensionExpr': {
      const c = k.value;
      for (const f of ['iterRange', 'accuInit', 'loopCondition', 'loopStep', 'result'] as const) if (c[f]) c[f] = instrument(c[f]!, nextId);
      return expr;
    }
    case 'callExpr': {
      if (k.value.target) k.value.target = instrument(k.value.target, nextId);
      k.value.args = k.value.args.map((a) => instrument(a, nextId));
      nextId.id += 1n;
      return create(ExprSchema, { id: nextId.id, exprKind: { case: 'callExpr', value: { function: COST_FN, args: [expr] } } });
    }
    default:
      return expr;
  }
}

/** The largest id in `expr` (new nodes are numbered after it). */
export function maxId(expr: Expr | undefined): bigint {
  if (!expr) return 0n;
  let m = expr.id;
  const visit = (e: Expr | undefined) => {
    if (!e) return;
    if (e.id > m) m = e.id;
    const k = e.exprKind;
    if (k.case === 'selectExpr') visit(k.value.operand);
    else if (k.case === 'callExpr') {
      visit(k.value.target);
      k.value.args.forEach(visit);
    } else if (k.case === 'listExpr') k.value.elements.forEach(visit);
    else if (k.case === 'structExpr') for (const en of k.value.entries) {
      visit(en.value);
      if (en.keyKind.case === 'mapKey') visit(en.keyKind.value);
    }
    else if (k.case === 'comprehensionExpr') [k.value.iterRange, k.value.accuInit, k.value.loopCondition, k.value.loopStep, k.value.result].forEach(visit);
  };
  visit(expr);
  return m;
}
