/**
 * CEL's optional values (cel-spec proposal 246), as Kubernetes enables them: `a.?b` and `m[?k]`
 * (an optional of the field or entry, none when absent), `optional.of(x)`, `optional.none()`,
 * `optional.ofNonZeroValue(x)`, and on an optional `hasValue()`, `value()`, `orValue(x)`, `or(o)`.
 * Once a chain is optional it stays so: in `a.?b.c` a missing `c` is none too (cel-go's checker
 * types a selection on an optional as optional).
 *
 * @bufbuild/cel's parser has no optional syntax, so the expression is parsed with each `?` of a
 * `.?` or `[?` made a blank (same offsets: positions and carets stay right), and the selections
 * and indexes at those offsets become the calls cel-go's parser makes (`_?._`, `_[?_]`; named
 * here OPTIONAL_SELECT and OPTIONAL_INDEX). Optional entries of list and map literals (`[a, ?b]`,
 * `{?'k': v}`: left out when none, unwrapped otherwise), which cel-go marks in the literal and
 * @bufbuild/cel's planner does not honour, become a call on the literal naming its optional
 * entries (OPTIONAL_LIST, OPTIONAL_MAP). Not supported: the equality of two optionals holding
 * values, which are equal whatever the values (an opaque value's equality is its fields').
 */
import { celFunc, celList, celMap, celMethod, CelScalar, isCelList, isCelMap, type CelMap, type CelUint, type CelValue } from '@bufbuild/cel';
import { create } from '@bufbuild/protobuf';
import { isReflectMessage } from '@bufbuild/protobuf/reflect';
import { ExprSchema, type Expr, type SourceInfo } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import { mapExpr } from './ast.ts';
import { maxId } from './cost.ts';
import { fieldsOf, make, OPTIONAL, T } from './opaque.ts';
import { typeName } from './values.ts';

const { DYN, STRING, BOOL } = CelScalar;

export interface OptionalMarks {
  /** the expression with the optional markers blanked */
  source: string;
  /** offsets of the `.` of each `.?` */
  selects: Set<number>;
  /** offsets of the `[` of each `m[?k]` */
  indexes: Set<number>;
  /** by the offset of a list literal's `[` or a map literal's `{`: the positions of its optional entries */
  entries: Map<number, number[]>;
}

const OPERAND_END = /[\w)\]}'"]/;

/** An open bracket while scanning: a list or map literal counts its entries. */
interface Open {
  literal: boolean;
  at: number;
  entry: number;
}

/** Finds `.?`, `x[?` and literals' `?` entries outside string literals and comments; blanks their `?`. */
export function markOptionals(expression: string): OptionalMarks {
  const out = expression.split('');
  const selects = new Set<number>();
  const indexes = new Set<number>();
  const entries = new Map<number, number[]>();
  const open: Open[] = [];
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i];
    if (c === '/' && expression[i + 1] === '/') {
      while (i < expression.length && expression[i] !== '\n') i++;
    } else if (c === '"' || c === "'") {
      i = stringEnd(expression, i);
    } else if (c === '.' && expression[i + 1] === '?') {
      selects.add(i);
      out[i + 1] = ' ';
    } else if (c === '[' || c === '{' || c === '(') {
      const before = previousNonBlank(expression, i);
      // `x[…]` is an index and `Msg{…}` a message: only `[…]` and `{…}` after an operator are literals
      const literal = c !== '(' && !OPERAND_END.test(before) && !(c === '{' && /[\w.]/.test(before));
      open.push({ literal, at: i, entry: 0 });
      if (c === '[' && expression[i + 1] === '?' && !literal) {
        indexes.add(i);
        out[i + 1] = ' ';
      }
    } else if (c === ']' || c === '}' || c === ')') {
      open.pop();
    } else if (c === ',' && open.at(-1)?.literal) {
      open.at(-1)!.entry++;
    } else if (c === '?' && open.at(-1)?.literal && /[[{,]/.test(previousNonBlank(expression, i))) {
      const top = open.at(-1)!;
      entries.set(top.at, [...(entries.get(top.at) ?? []), top.entry]);
      out[i] = ' ';
    }
  }
  return { source: out.join(''), selects, indexes, entries };
}

function previousNonBlank(s: string, i: number): string {
  let j = i - 1;
  while (j >= 0 && /\s/.test(s[j])) j--;
  return j >= 0 ? s[j] : '';
}

/** The offset of the last character of the string literal opening at `i` (raw with an r/R prefix). */
function stringEnd(s: string, i: number): number {
  const q = s[i];
  const prefix = /([rRbB]{0,2})$/.exec(s.slice(Math.max(0, i - 2), i))![1];
  const raw = /[rR]/.test(prefix) && !/\w/.test(s[i - prefix.length - 1] ?? '');
  const close = s.startsWith(q.repeat(3), i) ? q.repeat(3) : q;
  for (let j = i + close.length; j < s.length; j++) {
    if (!raw && s[j] === '\\') j++;
    else if (s.startsWith(close, j)) return j + close.length - 1;
  }
  return s.length;
}

/** cel-go's `_?._` and `_[?_]`, under names of our own: @bufbuild/cel's planner reads those two as attribute accesses without optional values */
export const OPTIONAL_SELECT = '@optional_select';
export const OPTIONAL_INDEX = '@optional_index';
const OPTIONAL_CALLS = new Set([OPTIONAL_SELECT, OPTIONAL_INDEX]);
/** `@optional_list([a, b], '1')`: the list literal `[a, ?b]`; `@optional_map({…}, '0')` likewise */
export const OPTIONAL_LIST = '@optional_list';
export const OPTIONAL_MAP = '@optional_map';

/** The parsed expression with the marked selections and indexes, and those of an optional, as optional calls. */
export function optionalCalls(e: Expr, info: SourceInfo | undefined, marks: OptionalMarks): Expr {
  const pos = (x: Expr) => (info?.positions[x.id.toString() as never] as number | undefined) ?? -1;
  const isOptional = (x: Expr | undefined) => x?.exprKind.case === 'callExpr' && OPTIONAL_CALLS.has(x.exprKind.value.function);
  let nextId = maxId(e);
  return mapExpr(e, (x) => {
    const k = x.exprKind;
    if (k.case === 'selectExpr' && !k.value.testOnly && (marks.selects.has(pos(x)) || isOptional(k.value.operand))) {
      const field = create(ExprSchema, { id: ++nextId, exprKind: { case: 'constExpr', value: { constantKind: { case: 'stringValue', value: k.value.field } } } });
      return create(ExprSchema, { id: x.id, exprKind: { case: 'callExpr', value: { function: OPTIONAL_SELECT, args: [k.value.operand!, field] } } });
    }
    if (k.case === 'callExpr' && k.value.function === '_[_]' && (marks.indexes.has(pos(x)) || isOptional(k.value.args[0]))) k.value.function = OPTIONAL_INDEX;
    const optionalEntries = marks.entries.get(pos(x));
    const literal = k.case === 'listExpr' ? OPTIONAL_LIST : k.case === 'structExpr' && !k.value.messageName ? OPTIONAL_MAP : undefined;
    if (optionalEntries && literal) {
      const which = create(ExprSchema, { id: ++nextId, exprKind: { case: 'constExpr', value: { constantKind: { case: 'stringValue', value: optionalEntries.join(',') } } } });
      const inner = create(ExprSchema, { id: ++nextId, exprKind: x.exprKind });
      if (info) info.positions[inner.id.toString() as never] = pos(x) as never; // carets for errors inside the literal
      return create(ExprSchema, { id: x.id, exprKind: { case: 'callExpr', value: { function: literal, args: [inner, which] } } });
    }
    return x;
  });
}

// --- the values ---

/** the value an optional holds, by its message (an opaque message carries strings and bools only) */
const held = new WeakMap<object, CelValue>();

/** optional.none() */
export const NONE = () => make(OPTIONAL, { present: false });

/** optional.of(v) */
export function some(v: CelValue) {
  const m = make(OPTIONAL, { present: true });
  held.set(m, v);
  return m;
}

const isOptionalValue = (v: unknown) => isReflectMessage(v, OPTIONAL);
const present = (o: unknown) => fieldsOf<{ present: boolean }>(o).present;
const valueOf = (o: unknown) => held.get(fieldsOf<object>(o)) as CelValue;

/** `on.?field` / `on[?key]`: none when `on` is none or has no such entry. */
function entry(on: CelValue, key: CelValue) {
  if (isOptionalValue(on)) {
    if (!present(on)) return NONE();
    on = valueOf(on);
  }
  if (isCelMap(on)) {
    const k = key as string | bigint | boolean;
    return on.has(k) ? some(on.get(k)!) : NONE();
  }
  if (isCelList(on) && (typeof key === 'bigint' || typeof key === 'number')) {
    const i = Number(key);
    return Number.isInteger(i) && i >= 0 && i < on.size ? some(on.get(i)!) : NONE();
  }
  throw new Error(`no such overload: optional access on ${typeName(on)}`);
}

function isZero(v: CelValue): boolean {
  if (v === null || v === false || v === '' || v === 0 || v === 0n) return true;
  if (v instanceof Uint8Array) return v.length === 0;
  if (isCelList(v) || isCelMap(v)) return v.size === 0;
  return false;
}

/** An optional entry's value: none leaves the entry out (undefined), a value is unwrapped. */
function entryValue(v: CelValue): CelValue | undefined {
  if (!isOptionalValue(v)) throw new Error(`no such overload: optional entry of type ${typeName(v)}`);
  return present(v) ? valueOf(v) : undefined;
}

const positions = (which: string) => new Set(which.split(',').map(Number));

export const optionalFuncs = [
  celFunc(OPTIONAL_LIST, [DYN, STRING], DYN, (list, which) => {
    const optional = positions(which as string);
    const out: CelValue[] = [];
    [...(list as Iterable<CelValue>)].forEach((v, i) => {
      const kept = optional.has(i) ? entryValue(v) : v;
      if (kept !== undefined) out.push(kept);
    });
    return celList(out);
  }),
  celFunc(OPTIONAL_MAP, [DYN, STRING], DYN, (map, which) => {
    const optional = positions(which as string);
    const out = new Map<bigint | string | boolean | CelUint, CelValue>();
    [...(map as CelMap).entries()].forEach(([k, v], i) => {
      const kept = optional.has(i) ? entryValue(v) : v;
      if (kept !== undefined) out.set(k, kept);
    });
    return celMap(out);
  }),
  celFunc(OPTIONAL_SELECT, [DYN, STRING], T.optional, (on, field) => entry(on, field)),
  celFunc(OPTIONAL_INDEX, [DYN, DYN], T.optional, (on, key) => entry(on, key)),
  celFunc('optional.of', [DYN], T.optional, (v) => some(v)),
  celFunc('optional.none', [], T.optional, () => NONE()),
  celFunc('optional.ofNonZeroValue', [DYN], T.optional, (v) => (isZero(v) ? NONE() : some(v))),
  celMethod('hasValue', T.optional, [], BOOL, function () {
    return present(this);
  }),
  celMethod('value', T.optional, [], DYN, function () {
    if (!present(this)) throw new Error('optional.none() dereference');
    return valueOf(this);
  }),
  celMethod('orValue', T.optional, [DYN], DYN, function (other) {
    return present(this) ? valueOf(this) : other;
  }),
  celMethod('or', T.optional, [T.optional], T.optional, function (other) {
    return fieldsOf(present(this) ? this : other);
  }),
];
