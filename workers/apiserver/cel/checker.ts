/**
 * Compile-time type checking, as much of cel-go's checker as policies meet (@bufbuild/cel's own
 * checker only types constants and identifiers): undeclared identifiers and functions, calls with
 * no matching overload for the argument types known at compile time, unknown fields of typed
 * objects (`request`, `namespaceObject`, `variables`), and the expression's output type.
 * Values of type `dyn` (object, oldObject, params: Kubernetes declares them dyn) pass anything,
 * and their results are `dyn`, as in cel-go.
 */
import type { Expr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import type { CelEnv, CelType } from '@bufbuild/cel';
import { OPTIONAL_INDEX, OPTIONAL_SELECT } from './optional.ts';

export type Ty =
  | { k: 'dyn' }
  | { k: 'list'; e: Ty }
  | { k: 'map'; key: Ty; v: Ty }
  /** a scalar, well-known or opaque type by name; `fields` for typed objects */
  | { k: 'named'; n: string; fields?: Record<string, Ty> };

export const DYN: Ty = { k: 'dyn' };
export const named = (n: string, fields?: Record<string, Ty>): Ty => ({ k: 'named', n, fields });
export const listOf = (e: Ty): Ty => ({ k: 'list', e });
export const mapOf = (key: Ty, v: Ty): Ty => ({ k: 'map', key, v });
export const BOOL = named('bool');
export const INT = named('int');
export const STRING = named('string');
export const DOUBLE = named('double');
const TYPE = named('type');

export function typeString(t: Ty): string {
  if (t.k === 'dyn') return 'dyn';
  if (t.k === 'list') return `list(${typeString(t.e)})`;
  if (t.k === 'map') return `map(${typeString(t.key)}, ${typeString(t.v)})`;
  return t.n;
}

export function fromCelType(t: CelType): Ty {
  if (t.kind === 'list') return listOf(fromCelType(t.element));
  if (t.kind === 'map') return mapOf(fromCelType(t.key), fromCelType(t.value));
  if (t.kind === 'scalar') return t.scalar === 'dyn' ? DYN : named(t.scalar);
  return named(t.name);
}

/** Can a value of type `a` be passed where `b` is declared? (dyn either side: yes) */
function assignable(a: Ty, b: Ty): boolean {
  if (a.k === 'dyn' || b.k === 'dyn') return true;
  if (a.k === 'list' && b.k === 'list') return assignable(a.e, b.e);
  if (a.k === 'map' && b.k === 'map') return assignable(a.key, b.key) && assignable(a.v, b.v);
  if (a.k === 'named' && b.k === 'named') return a.n === b.n || a.n === 'null_type' && !['int', 'uint', 'double', 'bool', 'string', 'bytes'].includes(b.n);
  return false;
}

const same = (a: Ty, b: Ty) => typeString(a) === typeString(b);
const join = (ts: Ty[]): Ty => (ts.length && ts.every((t) => same(t, ts[0])) ? ts[0] : DYN);

/** Type names usable as identifiers (`type(x) == string`). */
const TYPE_IDENTS = ['bool', 'int', 'uint', 'double', 'string', 'bytes', 'list', 'map', 'null_type', 'type', 'dyn'];

export interface CheckIssue {
  id: bigint;
  message: string;
  /** a named call: cel-go places it at its opening parenthesis */
  paren?: boolean;
}

export interface Declarations {
  /** variables by (possibly dotted) name */
  [name: string]: Ty;
}

export class Checker {
  readonly issues: CheckIssue[] = [];
  private readonly scopes: Map<string, Ty>[] = [];

  constructor(
    private readonly env: CelEnv,
    private readonly vars: Declarations,
  ) {}

  private err(id: bigint, message: string, paren = false): Ty {
    this.issues.push({ id, message, paren });
    return DYN;
  }

  private lookup(name: string): Ty | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const t = this.scopes[i].get(name);
      if (t) return t;
    }
    if (name in this.vars) return this.vars[name];
    if (TYPE_IDENTS.includes(name)) return TYPE;
    return undefined;
  }

  /** The dotted name of an ident/select chain (`authorizer.requestResource`), if it is one. */
  private qualified(e: Expr): string | undefined {
    const k = e.exprKind;
    if (k.case === 'identExpr') return k.value.name;
    if (k.case === 'selectExpr' && !k.value.testOnly && k.value.operand) {
      const q = this.qualified(k.value.operand);
      return q === undefined ? undefined : `${q}.${k.value.field}`;
    }
    return undefined;
  }

  check(e: Expr): Ty {
    const k = e.exprKind;
    switch (k.case) {
      case 'constExpr': {
        const c = k.value.constantKind.case;
        const m: Record<string, string> = { boolValue: 'bool', int64Value: 'int', uint64Value: 'uint', doubleValue: 'double', stringValue: 'string', bytesValue: 'bytes', nullValue: 'null_type' };
        return c && m[c] ? named(m[c]) : DYN;
      }
      case 'identExpr': {
        const t = this.lookup(k.value.name);
        return t ?? this.err(e.id, `undeclared reference to '${k.value.name}' (in container '')`);
      }
      case 'selectExpr': {
        const q = this.qualified(e);
        if (q && q.includes('.') && q in this.vars && !this.scopes.some((s) => s.has(q.split('.')[0]))) return this.vars[q];
        const operand = this.check(k.value.operand!);
        const t = this.field(e.id, operand, k.value.field);
        return k.value.testOnly ? BOOL : t;
      }
      case 'listExpr':
        return listOf(join(k.value.elements.map((x) => this.check(x))));
      case 'structExpr': {
        if (k.value.messageName) return this.err(e.id, `undeclared reference to '${k.value.messageName}' (in container '')`);
        const keys: Ty[] = [];
        const vals: Ty[] = [];
        for (const en of k.value.entries) {
          if (en.keyKind.case === 'mapKey') keys.push(this.check(en.keyKind.value));
          if (en.value) vals.push(this.check(en.value));
        }
        return mapOf(join(keys), join(vals));
      }
      case 'comprehensionExpr': {
        const c = k.value;
        const range = this.check(c.iterRange!);
        const iter = range.k === 'list' ? range.e : range.k === 'map' ? range.key : DYN;
        if (range.k === 'named' && range.n !== 'dyn') this.err(c.iterRange!.id, `expression of type '${typeString(range)}' cannot be range of a comprehension (must be list, map, or dynamic)`);
        const accu = this.check(c.accuInit!);
        this.scopes.push(new Map([[c.accuVar, accu]]));
        this.scopes.push(new Map([[c.iterVar, iter]]));
        this.check(c.loopCondition!);
        const step = this.check(c.loopStep!);
        this.scopes.pop();
        // the accumulator's type is the step's when the init was an empty literal
        if (accu.k === 'list' && accu.e.k === 'dyn' && step.k === 'list') this.scopes[this.scopes.length - 1].set(c.accuVar, step);
        const result = this.check(c.result!);
        this.scopes.pop();
        return result;
      }
      case 'callExpr':
        return this.call(e);
      default:
        return DYN;
    }
  }

  private field(id: bigint, t: Ty, name: string): Ty {
    if (t.k === 'dyn') return DYN;
    if (t.k === 'map') return t.v;
    if (t.k === 'named' && t.fields) return t.fields[name] ?? this.err(id, `undefined field '${name}'`);
    return this.err(id, `type '${typeString(t)}' does not support field selection`);
  }

  private call(e: Expr): Ty {
    const c = e.exprKind.value as { function: string; target?: Expr; args: Expr[] };
    const fn = c.function;
    const q = c.target ? this.qualified(c.target) : undefined;
    const target = c.target ? (q && q.includes('.') && q in this.vars ? this.vars[q] : this.check(c.target)) : undefined;
    const args = c.args.map((a) => this.check(a));
    switch (fn) {
      case '_&&_':
      case '_||_':
      case '!_':
      case '@not_strictly_false':
      case '__not_strictly_false__':
        args.forEach((a, i) => assignable(a, BOOL) || this.err(c.args[i].id, `found no matching overload for '${fn}' applied to '(${args.map(typeString).join(', ')})'`));
        return BOOL;
      case '_==_':
      case '_!=_':
        return BOOL;
      case '_?_:_':
        if (!assignable(args[0], BOOL)) this.err(e.id, `found no matching overload for '_?_:_' applied to '(${args.map(typeString).join(', ')})'`);
        return join([args[1], args[2]]);
      case '@in':
      case '_in_':
        return BOOL;
      case '_[_]': {
        const [on, key] = args;
        if (on.k === 'list') return on.e;
        if (on.k === 'map') return on.v;
        if (on.k === 'named' && !on.fields) return this.err(e.id, `found no matching overload for '_[_]' applied to '(${typeString(on)}, ${typeString(key)})'`);
        return DYN;
      }
      case OPTIONAL_SELECT:
      case OPTIONAL_INDEX:
        return DYN;
      case 'type':
        return TYPE;
      case '@cost':
        return args[0];
    }
    const group = this.env.funcs.find(fn);
    const isNamed = /^[a-zA-Z_]/.test(fn) && !fn.startsWith('_');
    if (!group) return this.err(e.id, `undeclared reference to '${fn}' (in container '')`, isNamed);
    const results: Ty[] = [];
    for (const o of group) {
      if (!!o.target !== !!target || o.arguments.length !== args.length) continue;
      if (o.target && !assignable(target!, fromCelType(o.target))) continue;
      if (!o.arguments.every((p, i) => assignable(args[i], fromCelType(p)))) continue;
      results.push(fromCelType(o.result));
    }
    if (!results.length) {
      const sig = `${target ? `${typeString(target)}.` : ''}(${args.map(typeString).join(', ')})`;
      return this.err(e.id, `found no matching overload for '${fn}' applied to '${sig}'`, isNamed);
    }
    // list/map results of generic overloads are typed by their arguments where that is clear
    const r = join(results);
    if ((fn === '_+_' || fn === '_[_]') && r.k === 'list' && r.e.k === 'dyn') return join(args.filter((a) => a.k === 'list'));
    return r;
  }
}
