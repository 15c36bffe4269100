/**
 * Kubernetes' regex library (library/regex.go): `s.find(re)` → the first match or '', and
 * `s.findAll(re)`, `s.findAll(re, n)` → the matches, with RE2 semantics (linear time, no
 * backtracking) from @bufbuild/re2, the engine @bufbuild/cel's `matches` uses. That package
 * exports no matcher, so its machine input is reached by file (the same module instance
 * esbuild and Node load for the package itself).
 */
import { celMethod, CelScalar, listType } from '@bufbuild/cel';
import { RE2JS } from '@bufbuild/re2';
// @ts-expect-error no declaration for the internal module path
import { fromUTF16 } from '../../../node_modules/@bufbuild/re2/dist/esm/MachineInput.js';
import { charge } from './cost.ts';

const { STRING, INT } = CelScalar;
const UNANCHORED = 0;

interface Engine {
  executeEngine(input: unknown, pos: number, anchor: number, ncap: number): number[] | null;
}

const compiled = new Map<string, Engine>();

function engine(pattern: string): Engine {
  let e = compiled.get(pattern);
  if (!e) {
    try {
      e = (RE2JS.compile(pattern) as unknown as { re2Input: Engine }).re2Input;
    } catch (err) {
      throw new Error(`error parsing regexp: ${(err as Error).message}`);
    }
    if (compiled.size > 256) compiled.clear();
    compiled.set(pattern, e);
  }
  return e;
}

/** Up to `limit` (negative: all) leftmost non-overlapping matches, as Go's FindAllString. */
export function findAll(s: string, pattern: string, limit = -1): string[] {
  charge(Math.ceil(s.length / 10) + 1);
  const e = engine(pattern);
  const out: string[] = [];
  let pos = 0;
  let prevEnd = -1;
  while ((limit < 0 || out.length < limit) && pos <= s.length) {
    const m = e.executeEngine(fromUTF16(s), pos, UNANCHORED, 2);
    if (!m) break;
    const [start, end] = m;
    // an empty match right after the previous match is skipped, as Go does
    if (!(start === end && start === prevEnd)) out.push(s.slice(start, end));
    prevEnd = end;
    pos = end > start ? end : end + 1;
  }
  return out;
}

export const regexFuncs = [
  celMethod('find', STRING, [STRING], STRING, function (re) {
    return findAll(this, re, 1)[0] ?? '';
  }),
  celMethod('findAll', STRING, [STRING], listType(STRING), function (re) {
    return findAll(this, re);
  }),
  celMethod('findAll', STRING, [STRING, INT], listType(STRING), function (re, n) {
    return findAll(this, re, Number(n));
  }),
];
