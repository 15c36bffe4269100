/**
 * Kubernetes' regex library (library/regex.go): `s.find(re)` → the first match or '', and
 * `s.findAll(re)`, `s.findAll(re, n)` → the matches.
 *
 * The pattern is RE2's: @bufbuild/re2 (the engine of `matches`) checks its syntax and whether it
 * matches at all, in linear time. That engine answers only yes or no, so the matched text is taken
 * with the platform's RegExp (RE2's `(?P<name>` and leading flags translated); it only runs on
 * strings RE2 found a match in. Go's leftmost-first semantics are JavaScript's too.
 */
import { celMethod, CelScalar, listType } from '@bufbuild/cel';
import { RE2JS } from '@bufbuild/re2';
import { charge } from './cost.ts';

const { STRING, INT } = CelScalar;

interface Compiled {
  re2: RE2JS;
  js: RegExp;
}

const compiled = new Map<string, Compiled>();

function compileRe(pattern: string): Compiled {
  let c = compiled.get(pattern);
  if (c) return c;
  let re2: RE2JS;
  try {
    re2 = RE2JS.compile(pattern);
  } catch (err) {
    throw new Error(`error parsing regexp: ${(err as Error).message.replace(/^error parsing regexp: /, '')}`);
  }
  let flags = 'gu';
  let body = pattern;
  const lead = /^\(\?([imsU]+)\)/.exec(body);
  if (lead) {
    body = body.slice(lead[0].length);
    for (const f of lead[1]) if (f !== 'U') flags += f;
  }
  c = { re2, js: new RegExp(body.replace(/\(\?P</g, '(?<'), flags) };
  if (compiled.size > 256) compiled.clear();
  compiled.set(pattern, c);
  return c;
}

/** Up to `limit` (negative: all) leftmost non-overlapping matches, as Go's FindAllString. */
export function findAll(s: string, pattern: string, limit = -1): string[] {
  charge(Math.ceil(s.length / 10) + 1);
  const c = compileRe(pattern);
  if (limit === 0 || !c.re2.test(s)) return [];
  const out: string[] = [];
  for (const m of s.matchAll(c.js)) {
    out.push(m[0]);
    if (limit > 0 && out.length >= limit) break;
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
