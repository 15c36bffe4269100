/**
 * Kubernetes' semver library (library/semverlib.go, in the base environment since 1.33), on the
 * rules and messages of the Go package it wraps (blang/semver v4):
 *   semver(s), semver(s, normalize), isSemver(s), isSemver(s, normalize);
 *   <Semver>.major(), minor(), patch(), isGreaterThan(v), isLessThan(v), compareTo(v)
 * Normalizing drops a leading "v", fills a missing minor or patch with 0 and drops leading zeros.
 * Build metadata is kept but never compared.
 */
import { celFunc, celMethod, CelScalar } from '@bufbuild/cel';
import { fieldsOf, make, SEMVER, T } from './opaque.ts';

const { STRING, BOOL, INT } = CelScalar;

interface Version {
  major: bigint;
  minor: bigint;
  patch: bigint;
  pre: string[];
  build: string[];
}

const NUMERIC = /^[0-9]+$/;
const ALPHANUMERIC = /^[0-9A-Za-z-]+$/;
const leadingZero = (s: string) => s.length > 1 && s[0] === '0';

/** semver.Parse: the version, or its error's text. */
function parse(s: string): Version | string {
  if (!s) return 'Version string empty';
  const parts = s.split('.');
  if (parts.length < 3) return 'No Major.Minor.Patch elements found';
  const [majorText, minorText] = parts;
  let rest = parts.slice(2).join('.');
  let build: string[] = [];
  let pre: string[] = [];
  const plus = rest.indexOf('+');
  if (plus >= 0) [build, rest] = [rest.slice(plus + 1).split('.'), rest.slice(0, plus)];
  const dash = rest.indexOf('-');
  if (dash >= 0) [pre, rest] = [rest.slice(dash + 1).split('.'), rest.slice(0, dash)];
  for (const [name, text] of [['major', majorText], ['minor', minorText], ['patch', rest]] as const) {
    if (!NUMERIC.test(text)) return `Invalid character(s) found in ${name} number ${JSON.stringify(text)}`;
    if (leadingZero(text)) return `${name[0].toUpperCase()}${name.slice(1)} number must not contain leading zeroes ${JSON.stringify(text)}`;
  }
  for (const p of pre) {
    if (!p) return 'Prerelease is empty';
    if (NUMERIC.test(p) ? leadingZero(p) : false) return `Numeric PreRelease version must not contain leading zeroes ${JSON.stringify(p)}`;
    if (!ALPHANUMERIC.test(p)) return `Invalid character(s) found in prerelease ${JSON.stringify(p)}`;
  }
  for (const b of build) {
    if (!b) return 'Buildversion is empty';
    if (!ALPHANUMERIC.test(b)) return `Invalid character(s) found in build meta data ${JSON.stringify(b)}`;
  }
  return { major: BigInt(majorText), minor: BigInt(minorText), patch: BigInt(rest), pre, build };
}

/** normalizeAndParse: no "v", no leading zeros, a missing minor or patch made 0. */
function normalized(s: string): Version | string {
  const parts = s.replace(/^v/, '').split('.');
  const head = parts.length > 3 ? [...parts.slice(0, 2), parts.slice(2).join('.')] : parts;
  const trimmed = head.map((p) => (p.length > 1 ? (/^[0-9]/.test(p.replace(/^0+/, '')) ? p.replace(/^0+/, '') : `0${p.replace(/^0+/, '')}`) : p));
  if (trimmed.length < 3) {
    if (/[+-]/.test(trimmed[trimmed.length - 1])) return 'short version cannot contain PreRelease/Build meta data';
    while (trimmed.length < 3) trimmed.push('0');
  }
  return parse(trimmed.join('.'));
}

const text = (v: Version) => `${v.major}.${v.minor}.${v.patch}${v.pre.length ? `-${v.pre.join('.')}` : ''}${v.build.length ? `+${v.build.join('.')}` : ''}`;

function semver(s: string, normalize: boolean) {
  const v = normalize ? normalized(s) : parse(s);
  if (typeof v === 'string') throw new Error(v);
  return make(SEMVER, { value: text(v) }) as never;
}

const versionOf = (o: unknown) => parse(fieldsOf<{ value: string }>(o).value) as Version;
const sign = (a: bigint, b: bigint) => (a === b ? 0 : a > b ? 1 : -1);

/** Version.Compare: numbers, then a release above its prereleases, then prerelease parts one by one. */
function compare(a: Version, b: Version): number {
  const byNumber = sign(a.major, b.major) || sign(a.minor, b.minor) || sign(a.patch, b.patch);
  if (byNumber) return byNumber;
  if (!a.pre.length || !b.pre.length) return a.pre.length === b.pre.length ? 0 : a.pre.length ? -1 : 1;
  for (let i = 0; i < Math.min(a.pre.length, b.pre.length); i++) {
    const [x, y] = [a.pre[i], b.pre[i]];
    const [xn, yn] = [NUMERIC.test(x), NUMERIC.test(y)];
    const c = xn && yn ? sign(BigInt(x), BigInt(y)) : xn !== yn ? (xn ? -1 : 1) : x === y ? 0 : x < y ? -1 : 1;
    if (c) return c;
  }
  return sign(BigInt(a.pre.length), BigInt(b.pre.length));
}

const compared = (self: unknown, other: unknown) => compare(versionOf(self), versionOf(other));

export const semverFuncs = [
  celFunc('semver', [STRING], T.semver, (s) => semver(s, false)),
  celFunc('semver', [STRING, BOOL], T.semver, (s, normalize) => semver(s, normalize)),
  celFunc('isSemver', [STRING], BOOL, (s) => typeof parse(s) !== 'string'),
  celFunc('isSemver', [STRING, BOOL], BOOL, (s, normalize) => typeof (normalize ? normalized(s) : parse(s)) !== 'string'),
  celMethod('major', T.semver, [], INT, function () {
    return versionOf(this).major;
  }),
  celMethod('minor', T.semver, [], INT, function () {
    return versionOf(this).minor;
  }),
  celMethod('patch', T.semver, [], INT, function () {
    return versionOf(this).patch;
  }),
  celMethod('isGreaterThan', T.semver, [T.semver], BOOL, function (other) {
    return compared(this, other) === 1;
  }),
  celMethod('isLessThan', T.semver, [T.semver], BOOL, function (other) {
    return compared(this, other) === -1;
  }),
  celMethod('compareTo', T.semver, [T.semver], INT, function (other) {
    return BigInt(compared(this, other));
  }),
];
