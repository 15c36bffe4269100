/**
 * The CEL layer of the API server: ValidatingAdmissionPolicies (and webhooks' matchConditions,
 * and CRDs' x-kubernetes-validations) compile and evaluate their expressions here.
 *
 *   const r = compile('object.spec.replicas <= 5', { object: DYN }, { returns: [BOOL] });
 *   if (!r.ok) … r.error                       // Kubernetes' text: 'compilation failed: ERROR: <input>:1:1: …'
 *   evaluate(r.program, { object: toCelInput(obj) }, { limit: PER_CALL_LIMIT })
 *     → { value, cost } | { error: 'operation cancelled: actual cost limit exceeded' | …, cost }
 *
 * The engine is @bufbuild/cel (conformance-tested, no eval/new Function, runs in workerd), with
 * a type checker of our own (checker.ts) and the cost model of cost.ts.
 *
 * What of Kubernetes' CEL is here:
 * - the standard library and macros (has, all, exists, exists_one, map, filter), optional values
 *   (`a.?b`, `m[?k]`, `[?x]`, `{?k: v}`, `optional.of`/`none`/`ofNonZeroValue`, hasValue, value, orValue, or: optional.ts);
 * - strings extension (charAt, indexOf, lastIndexOf, lowerAscii, upperAscii, replace, split,
 *   substring, trim, join, quote, format) — @bufbuild/cel/ext;
 * - sets (contains, equivalent, intersects: lib-sets.ts), Kubernetes' format library
 *   (format.dns1123Label()… .validate(s), format.named(n): lib-format.ts) and its IP and CIDR
 *   libraries (ip, isIP, cidr, isCIDR and their methods: lib-net.ts), semver (semver, isSemver,
 *   major, minor, patch, isGreaterThan, isLessThan, compareTo: lib-semver.ts);
 * - Kubernetes' lists (isSorted, sum, min, max, indexOf, lastIndexOf), regex (find, findAll),
 *   URLs (url, isURL, getScheme, getHost, getHostname, getPort, getEscapedPath, getQuery),
 *   quantity (quantity, isQuantity, sign, isInteger, asInteger, asApproximateFloat, compareTo,
 *   isGreaterThan, isLessThan, add, sub) and authz (authorizer.group().resource()…check(),
 *   path(), serviceAccount(), requestResource, Decision's allowed/reason/errored/error);
 * - type checking of identifiers, functions, overloads over known types, typed objects' fields
 *   and the output type, exactly ('must evaluate to bool but got dyn' for `object.spec.paused`);
 * - runtime cost with Kubernetes' per-call limit and per-evaluation budget.
 * What is not: optional fields of message literals (`Msg{?f: x}`); two-variable
 * comprehensions (all(i, v, …): 1.32 compiles them only for
 * expressions already stored); static cost estimation (CRDs' 'estimated rule cost exceeds
 * budget'); typing of `object`/`params` from the kinds' schemas (they are dyn, as when
 * Kubernetes cannot resolve a schema); cost is counted per call and per element walked by the
 * Kubernetes libraries, close to but not equal to cel-go's numbers.
 */
import { celEnv, isCelError, parse, plan, type CelValue } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import type { Expr, ParsedExpr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import { create } from '@bufbuild/protobuf';
import { ExprSchema } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import { Checker, typeString, type Declarations, type Ty } from './checker.ts';
import { COST_EXCEEDED, costFunc, instrument, maxId, tracking, type Tracker } from './cost.ts';
import { registry } from './opaque.ts';
import { listFuncs } from './lib-lists.ts';
import { regexFuncs } from './lib-regex.ts';
import { urlFuncs } from './lib-url.ts';
import { quantityFuncs } from './lib-quantity.ts';
import { authzFuncs, withAuthz, type AuthzSession } from './lib-authz.ts';
import { markOptionals, optionalCalls, optionalFuncs } from './optional.ts';
import { setsFuncs } from './lib-sets.ts';
import { formatFuncs } from './lib-format.ts';
import { netFuncs } from './lib-net.ts';
import { semverFuncs } from './lib-semver.ts';
import { mapExpr, namespacedCalls } from './ast.ts';

export { DYN, BOOL, INT, STRING, DOUBLE, named, listOf, mapOf, typeString, type Ty, type Declarations } from './checker.ts';
export { PER_CALL_LIMIT, RUNTIME_COST_BUDGET, COST_EXCEEDED } from './cost.ts';
export { toCelInput, fromCel } from './values.ts';
export { AuthzSession, authorizerValue, requestResourceValue } from './lib-authz.ts';
export { NONE as optionalNone, some as optionalOf } from './optional.ts';

export const env = celEnv({ registry, funcs: [...strings, ...optionalFuncs, ...setsFuncs, ...formatFuncs, ...netFuncs, ...semverFuncs, ...listFuncs, ...regexFuncs, ...urlFuncs, ...quantityFuncs, ...authzFuncs, costFunc] });

export interface Program {
  expression: string;
  outputType: Ty;
  run: (bindings: Record<string, unknown>) => unknown;
}

export type CompileResult = { ok: true; program: Program } | { ok: false; error: string };

export interface CompileOptions {
  /** accepted output types (Kubernetes' ReturnTypes); dyn output is always accepted */
  returns?: Ty[];
}

/** Parses, type-checks and plans `expression` over the declared variables. */
export function compile(expression: string, decls: Declarations, opts: CompileOptions = {}): CompileResult {
  let parsed: ParsedExpr;
  const marks = markOptionals(expression);
  try {
    parsed = parse(marks.source);
  } catch (e) {
    return { ok: false, error: `compilation failed: ${syntaxError(expression, (e as Error).message)}` };
  }
  parsed.expr = namespacedCalls(optionalCalls(parsed.expr!, parsed.sourceInfo, marks), (fn) => env.funcs.find(fn) !== undefined, (name) => name in decls);
  const checker = new Checker(env, decls);
  const out = checker.check(parsed.expr!);
  if (checker.issues.length) {
    const text = checker.issues.map((i) => issueText(expression, parsed, i.id, i.message, i.paren)).join('\n');
    return { ok: false, error: `compilation failed: ${text}` };
  }
  const returns = opts.returns ?? [];
  // an exact type, as cel-go's IsExactType: a dyn result is refused where bool is wanted
  if (returns.length && !returns.some((r) => typeString(r) === typeString(out))) {
    const want = returns.length === 1 ? typeString(returns[0]) : `[${returns.map(typeString).join(' ')}]`;
    return { ok: false, error: `must evaluate to ${returns.length === 1 ? want : `one of ${want}`} but got ${typeString(out)}` };
  }
  const dotted = Object.keys(decls).filter((n) => n.includes('.'));
  const root = instrument(rewriteQualified(parsed.expr!, dotted), { id: maxId(parsed.expr) });
  const planned = plan(env, root);
  return { ok: true, program: { expression, outputType: out, run: (b) => planned(b as never) } };
}

export interface EvalOptions {
  /** the per-call limit (Kubernetes' PerCallLimit) */
  limit: number;
  /** answers authorizer checks; evaluation runs again until its checks are all decided */
  authz?: AuthzSession;
}

export type EvalResult = { ok: true; value: CelValue; cost: number } | { ok: false; error: string; cost: number };

/** Evaluates a compiled program; the cost is what it spent, charged even when it failed. */
export async function evaluate(p: Program, bindings: Record<string, unknown>, opts: EvalOptions): Promise<EvalResult> {
  for (let round = 0; ; round++) {
    const r = evaluateSync(p, bindings, opts);
    if (!opts.authz?.hasPending || round >= 8) return r;
    await opts.authz.settle();
  }
}

/** Evaluation without authorizer checks (or with the decisions already at hand). */
export function evaluateSync(p: Program, bindings: Record<string, unknown>, opts: EvalOptions): EvalResult {
  const t: Tracker = { cost: 0, limit: opts.limit, exceeded: false };
  let v: unknown;
  try {
    v = withAuthz(opts.authz, () => tracking(t, () => p.run(bindings)));
  } catch (e) {
    v = e;
  }
  if (t.exceeded) return { ok: false, error: COST_EXCEEDED, cost: t.cost };
  if (isCelError(v) || v instanceof Error) return { ok: false, error: celErrorText(v as Error), cost: t.cost };
  return { ok: true, value: v as CelValue, cost: t.cost };
}

function celErrorText(e: Error): string {
  const m = e.message;
  const missing = /^field not found: (.*)$/.exec(m);
  if (missing) return `no such key: ${missing[1]}`;
  return m;
}

/** `authorizer.requestResource` and other dotted declarations become single identifiers. */
function rewriteQualified(e: Expr, dotted: string[]): Expr {
  if (!dotted.length) return e;
  const name = (x: Expr): string | undefined =>
    x.exprKind.case === 'identExpr' ? x.exprKind.value.name : x.exprKind.case === 'selectExpr' && !x.exprKind.value.testOnly && x.exprKind.value.operand ? `${name(x.exprKind.value.operand) ?? '\0'}.${x.exprKind.value.field}` : undefined;
  return mapExpr(e, (x) => {
    const n = x.exprKind.case === 'selectExpr' ? name(x) : undefined;
    return n && dotted.includes(n) ? create(ExprSchema, { id: x.id, exprKind: { case: 'identExpr', value: { name: n } } }) : x;
  });
}

/** cel-go's issue text: `ERROR: <input>:L:C: message` and the line with a caret under the column. */
function located(expression: string, offset: number, message: string): string {
  const lines = expression.split('\n');
  let line = 0;
  let col = offset;
  while (line < lines.length - 1 && col > lines[line].length) {
    col -= lines[line].length + 1;
    line++;
  }
  return `ERROR: <input>:${line + 1}:${col + 1}: ${message}\n | ${lines[line]}\n | ${'.'.repeat(col)}^`;
}

function issueText(expression: string, parsed: ParsedExpr, id: bigint, message: string, paren = false): string {
  let pos = (parsed.sourceInfo?.positions[id.toString() as never] as number | undefined) ?? 0;
  if (paren && expression.indexOf('(', pos) >= 0) pos = expression.indexOf('(', pos);
  // the parser places an operator at the blank before it; cel-go at the operator
  while (pos < expression.length - 1 && /\s/.test(expression[pos])) pos++;
  return located(expression, pos, message);
}

function syntaxError(expression: string, message: string): string {
  const m = /^<input>:(\d+):(\d+): (.*)$/s.exec(message);
  if (!m) return `ERROR: <input>:1:1: Syntax error: ${message}`;
  const lines = expression.split('\n');
  let offset = 0;
  for (let i = 0; i < Number(m[1]) - 1; i++) offset += lines[i].length + 1;
  return located(expression, offset + Number(m[2]) - 1, `Syntax error: ${m[3]}`);
}
