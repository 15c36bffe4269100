/** Rewrites of a parsed expression, made between parsing and planning. */
import type { Expr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';

/** Rebuilds `e` bottom up: `f` gets each node once its children are done, and returns it or its replacement. */
export function mapExpr(e: Expr, f: (x: Expr) => Expr): Expr {
  const walk = (x: Expr): Expr => {
    const k = x.exprKind;
    if (k.case === 'selectExpr' && k.value.operand) k.value.operand = walk(k.value.operand);
    else if (k.case === 'callExpr') {
      if (k.value.target) k.value.target = walk(k.value.target);
      k.value.args = k.value.args.map(walk);
    } else if (k.case === 'listExpr') k.value.elements = k.value.elements.map(walk);
    else if (k.case === 'structExpr') {
      for (const en of k.value.entries) {
        if (en.value) en.value = walk(en.value);
        if (en.keyKind.case === 'mapKey') en.keyKind.value = walk(en.keyKind.value);
      }
    } else if (k.case === 'comprehensionExpr') {
      for (const p of ['iterRange', 'accuInit', 'loopCondition', 'loopStep', 'result'] as const) if (k.value[p]) k.value[p] = walk(k.value[p]!);
    }
    return f(x);
  };
  return walk(e);
}

/**
 * `strings.quote(s)`, `optional.of(x)`, `sets.contains(a, b)`: the parser reads a call on an
 * identifier; it is the function of that qualified name when one exists and no variable has the
 * identifier's name (cel-go resolves it so).
 */
export function namespacedCalls(e: Expr, isFunction: (name: string) => boolean, isVariable: (name: string) => boolean): Expr {
  return mapExpr(e, (x) => {
    const k = x.exprKind;
    if (k.case !== 'callExpr' || k.value.target?.exprKind.case !== 'identExpr') return x;
    const qualified = `${k.value.target.exprKind.value.name}.${k.value.function}`;
    if (isFunction(qualified) && !isVariable(k.value.target.exprKind.value.name)) {
      k.value.function = qualified;
      k.value.target = undefined;
    }
    return x;
  });
}
