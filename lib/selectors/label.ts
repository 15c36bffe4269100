/**
 * Label selectors, as apimachinery's labels package: the string syntax of `?labelSelector=`
 * (`a=b,c!=d,e in (x,y),f notin (z),g,!h`), the API form (metav1.LabelSelector) and matching.
 * A parsed selector is a list of requirements ANDed together, sorted by key like Kubernetes',
 * so `selectorToString` is canonical. `null` stands for Kubernetes' Nothing() selector (a nil
 * LabelSelector object), which matches no object at all; an empty list matches everything.
 * Parse errors are 400 BadRequest with Kubernetes' texts.
 */
import { aggregateText, badRequest, fieldErr, type FieldError } from '../errors.ts';
import type { LabelSelector } from '../api/meta.ts';
import { labelValue, qualifiedName } from '../validation/names.ts';

export type LabelOperator = 'in' | 'notin' | '=' | '==' | '!=' | 'exists' | '!' | 'gt' | 'lt';
export interface LabelSelectorReq {
  key: string;
  operator: LabelOperator;
  /** sorted, de-duplicated; empty for exists/! */
  values: string[];
}
/** null: matches nothing (Kubernetes' Nothing()); []: matches everything */
export type Selector = LabelSelectorReq[] | null;

const BINARY_OPERATORS = ['in', 'notin', '=', '==', '!=', 'gt', 'lt'];

/** `key: Invalid value: ...` errors of labels.NewRequirement, rendered as field.ErrorList.ToAggregate. */
function requirementErrors(key: string, op: LabelOperator, values: string[], path = ''): FieldError[] {
  const p = (s: string) => (path ? `${path}.${s}` : s);
  const errs: FieldError[] = [];
  const keyErrs = qualifiedName(key);
  if (keyErrs.length) errs.push(fieldErr.invalid(p('key'), key, keyErrs.join('; ')));
  const vp = p('values');
  switch (op) {
    case 'in':
    case 'notin':
      if (values.length === 0) errs.push(fieldErr.invalid(vp, values, "for 'in', 'notin' operators, values set can't be empty"));
      break;
    case '=':
    case '==':
    case '!=':
      if (values.length !== 1) errs.push(fieldErr.invalid(vp, values, 'exact-match compatibility requires one single value'));
      break;
    case 'exists':
    case '!':
      if (values.length !== 0) errs.push(fieldErr.invalid(vp, values, 'values set must be empty for exists and does not exist'));
      break;
    case 'gt':
    case 'lt':
      if (values.length !== 1) errs.push(fieldErr.invalid(vp, values, "for 'Gt', 'Lt' operators, exactly one value is required"));
      values.forEach((x, i) => {
        if (!/^[+-]?\d+$/.test(x)) errs.push(fieldErr.invalid(`${vp}[${i}]`, x, "for 'Gt', 'Lt' operators, the value must be an integer"));
      });
      break;
  }
  values.forEach((x, i) => {
    const e = labelValue(x);
    if (e.length) errs.push(fieldErr.invalid(`${vp}[${i}][${key}]`, x, e.join('; ')));
  });
  return errs;
}

/** labels.NewRequirement: throws 400 with the aggregated field errors. */
export function newRequirement(key: string, operator: LabelOperator, values: string[]): LabelSelectorReq {
  const sorted = [...new Set(values)].sort();
  const errs = requirementErrors(key, operator, values);
  if (errs.length) throw badRequest(aggregateText(errs));
  return { key, operator, values: sorted };
}

// --- the lexer: tokens as labels/selector.go scans them ---------------------------------------

type Tok = 'end' | ')' | ',' | '!' | '==' | '=' | '>' | 'id' | 'in' | '<' | '!=' | 'notin' | '(' | 'error';
const KEYWORDS: Record<string, Tok> = { ')': ')', ',': ',', '!': '!', '==': '==', '=': '=', '>': '>', in: 'in', '<': '<', '!=': '!=', notin: 'notin', '(': '(' };
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\r' || c === '\n';
const isSpecial = (c: string) => '=!(),><'.includes(c);

function lex(s: string): { tok: Tok; lit: string }[] {
  const out: { tok: Tok; lit: string }[] = [];
  let i = 0;
  for (;;) {
    while (i < s.length && isSpace(s[i])) i++;
    if (i >= s.length) {
      out.push({ tok: 'end', lit: '' });
      return out;
    }
    if (isSpecial(s[i])) {
      // longest special-symbol run that is still a known operator
      let buf = '';
      let last: { tok: Tok; lit: string } | undefined;
      while (i < s.length && isSpecial(s[i])) {
        buf += s[i];
        const t = KEYWORDS[buf];
        if (t) last = { tok: t, lit: buf };
        else if (last) break;
        i++;
      }
      out.push(last ?? { tok: 'error', lit: `error expected: keyword found '${buf}'` });
      continue;
    }
    let buf = '';
    while (i < s.length && !isSpecial(s[i]) && !isSpace(s[i])) buf += s[i++];
    out.push({ tok: KEYWORDS[buf] ?? 'id', lit: buf });
  }
}

// --- the parser ---------------------------------------------------------------------------------

class Parser {
  private pos = 0;
  constructor(private readonly items: { tok: Tok; lit: string }[]) {}
  /** In a values context the keywords `in`/`notin` are plain identifiers. */
  peek(values: boolean) {
    const it = this.items[this.pos];
    return { tok: values && (it.tok === 'in' || it.tok === 'notin') ? ('id' as Tok) : it.tok, lit: it.lit };
  }
  next(values: boolean) {
    const r = this.peek(values);
    this.pos++;
    return r;
  }

  parse(): LabelSelectorReq[] {
    const reqs: LabelSelectorReq[] = [];
    for (;;) {
      const { tok, lit } = this.peek(true);
      if (tok === 'end') return reqs;
      if (tok !== 'id' && tok !== '!') throw new Error(`found '${lit}', expected: !, identifier, or 'end of string'`);
      try {
        reqs.push(this.requirement());
      } catch (e) {
        throw new Error(`unable to parse requirement: ${(e as Error).message}`);
      }
      const t = this.next(true);
      if (t.tok === 'end') return reqs;
      if (t.tok !== ',') throw new Error(`found '${t.lit}', expected: ',' or 'end of string'`);
      const t2 = this.peek(true);
      if (t2.tok !== 'id' && t2.tok !== '!') throw new Error(`found '${t2.lit}', expected: identifier after ','`);
    }
  }

  private requirement(): LabelSelectorReq {
    let op: LabelOperator | undefined;
    let t = this.next(true);
    if (t.tok === '!') {
      op = '!';
      t = this.next(true);
    }
    if (t.tok !== 'id') throw new Error(`found '${t.lit}', expected: identifier`);
    const key = t.lit;
    const keyErrs = qualifiedName(key);
    // the parser validates the key with a nil field path, which Go prints as <nil>
    if (keyErrs.length) throw new Error(`<nil>: ${fieldErr.invalid('', key, keyErrs.join('; ')).body}`);
    const after = this.peek(true).tok;
    // `!key` is complete by itself; whatever follows is the caller's business
    if (op === '!' || after === 'end' || after === ',') return requirementOrThrow(key, op ?? 'exists', []);
    op = this.operator();
    const values = op === 'in' || op === 'notin' ? this.setValues() : this.exactValue();
    return requirementOrThrow(key, op, values);
  }

  private operator(): LabelOperator {
    const { tok, lit } = this.next(false);
    switch (tok) {
      case 'in':
      case 'notin':
      case '=':
      case '==':
      case '!=':
        return tok;
      case '>':
        return 'gt';
      case '<':
        return 'lt';
      default:
        throw new Error(`found '${lit}', expected: ${BINARY_OPERATORS.join(', ')}`);
    }
  }

  private setValues(): string[] {
    const open = this.next(true);
    if (open.tok !== '(') throw new Error(`found '${open.lit}' expected: '('`);
    const { tok, lit } = this.peek(true);
    if (tok === ')') {
      this.next(true);
      return [''];
    }
    if (tok !== 'id' && tok !== ',') throw new Error(`found '${lit}', expected: ',', ')' or identifier`);
    const set = this.identifiers();
    if (this.next(true).tok !== ')') throw new Error(`found '${lit}', expected: ')'`);
    return set;
  }

  /** A possibly empty, comma-separated list of possibly empty identifiers, up to `)`. */
  private identifiers(): string[] {
    const set = new Set<string>();
    for (;;) {
      const { tok, lit } = this.next(true);
      if (tok === 'id') {
        set.add(lit);
        const t2 = this.peek(true);
        if (t2.tok === ',') continue;
        if (t2.tok === ')') return [...set];
        throw new Error(`found '${t2.lit}', expected: ',' or ')'`);
      }
      if (tok === ',') {
        if (set.size === 0) set.add('');
        const t2 = this.peek(true).tok;
        if (t2 === ')') {
          set.add('');
          return [...set];
        }
        if (t2 === ',') {
          this.next(true);
          set.add('');
        }
        continue;
      }
      throw new Error(`found '${lit}', expected: ',', or identifier`);
    }
  }

  private exactValue(): string[] {
    const { tok } = this.peek(true);
    if (tok === 'end' || tok === ',') return [''];
    const t = this.next(true);
    if (t.tok === 'id') return [t.lit];
    throw new Error(`found '${t.lit}', expected: identifier`);
  }
}

/** The parser hands NewRequirement a sorted set of values (sets.String.List). */
function requirementOrThrow(key: string, op: LabelOperator, values: string[]): LabelSelectorReq {
  const sorted = [...new Set(values)].sort();
  const errs = requirementErrors(key, op, sorted);
  if (errs.length) throw new Error(aggregateText(errs));
  return { key, operator: op, values: sorted };
}

const byKey = (a: LabelSelectorReq, b: LabelSelectorReq) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** labels.Parse: the `?labelSelector=` syntax. Throws 400 BadRequest with Kubernetes' message. */
export function parseLabelSelector(s: string): LabelSelectorReq[] {
  try {
    return new Parser(lex(s)).parse().sort(byKey);
  } catch (e) {
    throw badRequest((e as Error).message);
  }
}

/** metav1.LabelSelectorAsSelector: null/undefined selects nothing, `{}` selects everything. */
export function fromLabelSelector(sel: LabelSelector | null | undefined): Selector {
  if (!sel) return null;
  const reqs: LabelSelectorReq[] = [];
  for (const [k, val] of Object.entries(sel.matchLabels ?? {})) reqs.push(newRequirement(k, '=', [val]));
  for (const expr of sel.matchExpressions ?? []) {
    const op = ({ In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' } as const)[expr.operator as 'In'];
    if (!op) throw badRequest(`${JSON.stringify(expr.operator)} is not a valid label selector operator`);
    reqs.push(newRequirement(expr.key, op, expr.values ?? []));
  }
  return reqs.sort(byKey);
}

/** Whether labels satisfy every requirement (Requirement.Matches). */
export function matches(sel: Selector, labels: Record<string, string> | undefined): boolean {
  if (sel === null) return false;
  const ls = labels ?? {};
  return sel.every((r) => {
    const has = Object.prototype.hasOwnProperty.call(ls, r.key);
    const value = ls[r.key];
    switch (r.operator) {
      case 'in':
      case '=':
      case '==':
        return has && r.values.includes(value);
      case 'notin':
      case '!=':
        return !has || !r.values.includes(value);
      case 'exists':
        return has;
      case '!':
        return !has;
      case 'gt':
      case 'lt': {
        if (!has || !/^[+-]?\d+$/.test(value) || r.values.length !== 1) return false;
        const a = BigInt(value);
        const b = BigInt(r.values[0]);
        return r.operator === 'gt' ? a > b : a < b;
      }
    }
  });
}

/** Requirement.String joined by commas: the canonical string form. */
export function selectorToString(sel: Selector): string {
  if (!sel) return '';
  return sel
    .map((r) => {
      switch (r.operator) {
        case 'exists':
          return r.key;
        case '!':
          return `!${r.key}`;
        case 'in':
        case 'notin':
          return `${r.key} ${r.operator} (${[...r.values].sort().join(',')})`;
        case 'gt':
          return `${r.key}>${r.values[0]}`;
        case 'lt':
          return `${r.key}<${r.values[0]}`;
        default:
          return `${r.key}${r.operator}${[...r.values].sort().join(',')}`;
      }
    })
    .join(',');
}

/** The `key=value,...` selector of a label set (SelectorFromSet), e.g. for a ReplicaSet's pods. */
export function selectorFromSet(labels: Record<string, string>): LabelSelectorReq[] {
  return Object.entries(labels)
    .map(([key, value]) => ({ key, operator: '=' as const, values: [value] }))
    .sort(byKey);
}

/** Alias of `matches`. */
export const labelsMatch = matches;
