/**
 * The JSONPath subset of CRD printer columns and scale paths, as client-go's jsonpath evaluates
 * them with missing keys allowed: `.a.b`, `['a.b']`, `[0]`, `[-1]`, `[*]`, `.*`, and filters
 * `[?(@.type=="Ready")]` (==, !=, <, >, <=, >= against a string or number literal, or `[?(@.x)]`
 * for presence). Anything else is a parse error.
 */
export type Step =
  | { kind: 'field'; name: string }
  | { kind: 'index'; index: number }
  | { kind: 'all' }
  | { kind: 'filter'; path: string[]; op?: string; value?: string | number };

const cache = new Map<string, Step[]>();

export function parseJsonPath(expr: string): Step[] {
  const cached = cache.get(expr);
  if (cached) return cached;
  let s = expr.trim();
  if (s.startsWith('{') && s.endsWith('}')) s = s.slice(1, -1);
  if (s.startsWith('$')) s = s.slice(1);
  const steps: Step[] = [];
  let i = 0;
  while (i < s.length) {
    if (s[i] === '.') {
      i++;
      if (s[i] === '*') {
        steps.push({ kind: 'all' });
        i++;
        continue;
      }
      const m = /^[^.[\]]+/.exec(s.slice(i));
      if (!m) throw new Error(`invalid JSONPath ${expr}`);
      steps.push({ kind: 'field', name: m[0] });
      i += m[0].length;
    } else if (s[i] === '[') {
      const end = s.indexOf(']', i);
      if (end < 0) throw new Error(`unterminated array in JSONPath ${expr}`);
      const inner = s.slice(i + 1, end).trim();
      i = end + 1;
      if (inner === '*') steps.push({ kind: 'all' });
      else if (/^-?\d+$/.test(inner)) steps.push({ kind: 'index', index: Number(inner) });
      else if (/^'.*'$|^".*"$/.test(inner)) steps.push({ kind: 'field', name: inner.slice(1, -1) });
      else if (inner.startsWith('?(') && inner.endsWith(')')) steps.push(parseFilter(inner.slice(2, -1), expr));
      else throw new Error(`invalid array index ${inner} in JSONPath ${expr}`);
    } else throw new Error(`unrecognized character ${JSON.stringify(s[i])} in JSONPath ${expr}`);
  }
  cache.set(expr, steps);
  return steps;
}

function parseFilter(f: string, expr: string): Step {
  const m = /^@((?:\.[^.\s=!<>]+)+)\s*(?:(==|!=|<=|>=|<|>)\s*(.+))?$/.exec(f.trim());
  if (!m) throw new Error(`unsupported filter ${f} in JSONPath ${expr}`);
  const path = m[1].split('.').slice(1);
  if (!m[2]) return { kind: 'filter', path };
  const lit = m[3].trim();
  const value = /^'.*'$|^".*"$/.test(lit) ? lit.slice(1, -1) : Number(lit);
  return { kind: 'filter', path, op: m[2], value };
}

const get = (x: unknown, k: string) => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>)[k] : undefined);

function matches(item: unknown, step: Extract<Step, { kind: 'filter' }>): boolean {
  let v: unknown = item;
  for (const k of step.path) v = get(v, k);
  if (!step.op) return v !== undefined && v !== null;
  if (v === undefined) return false;
  const a = v as string | number;
  const b = step.value!;
  switch (step.op) {
    case '==':
      return a === b || String(a) === String(b);
    case '!=':
      return String(a) !== String(b);
    case '<':
      return a < b;
    case '>':
      return a > b;
    case '<=':
      return a <= b;
    default:
      return a >= b;
  }
}

/** Every value the path reaches (missing keys give nothing). */
export function evaluate(steps: Step[], root: unknown): unknown[] {
  let current: unknown[] = [root];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const x of current) {
      if (step.kind === 'field') {
        const v = get(x, step.name);
        if (v !== undefined) next.push(v);
      } else if (step.kind === 'index') {
        if (Array.isArray(x)) {
          const i = step.index < 0 ? x.length + step.index : step.index;
          if (i >= 0 && i < x.length) next.push(x[i]);
        }
      } else if (step.kind === 'all') {
        if (Array.isArray(x)) next.push(...x);
        else if (x && typeof x === 'object') next.push(...Object.values(x));
      } else if (Array.isArray(x)) next.push(...x.filter((el) => matches(el, step)));
    }
    current = next;
  }
  return current;
}

/** The field path of a simple path (`.spec.replicas` → ['spec', 'replicas']), for writes. */
export function fieldPath(expr: string): string[] {
  return parseJsonPath(expr).map((s) => {
    if (s.kind !== 'field') throw new Error(`not a field path: ${expr}`);
    return s.name;
  });
}
