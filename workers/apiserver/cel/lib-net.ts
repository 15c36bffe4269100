/**
 * Kubernetes' IP and CIDR libraries (library/ip.go, library/cidr.go, in the base environment
 * since 1.30), on Go's net/netip rules: no zones, no IPv4-mapped IPv6 addresses, no leading zeros
 * in IPv4 octets; an address prints in its canonical form (RFC 5952 for IPv6).
 *   ip(s), isIP(s), ip.isCanonical(s), string(ip); ip.family(), isUnspecified(), isLoopback(),
 *   isLinkLocalMulticast(), isLinkLocalUnicast(), isGlobalUnicast()
 *   cidr(s), isCIDR(s), string(cidr); cidr.containsIP(ip | s), containsCIDR(cidr | s), ip(),
 *   masked(), prefixLength()
 * An IP or CIDR value holds its canonical text, so equal addresses compare equal.
 */
import { celFunc, celMethod, CelScalar } from '@bufbuild/cel';
import { CIDR_, fieldsOf, IP_, make, T } from './opaque.ts';

const { STRING, BOOL, INT } = CelScalar;

/** 4 or 16 bytes */
type Addr = number[];

function parseV4(s: string): Addr | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > 255) return undefined;
    out.push(Number(p));
  }
  return out;
}

function parseV6(s: string): Addr | undefined {
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groups = (h: string): number[] | undefined => {
    if (h === '') return [];
    const out: number[] = [];
    const parts = h.split(':');
    for (const [i, p] of parts.entries()) {
      if (i === parts.length - 1 && p.includes('.')) {
        const v4 = parseV4(p);
        if (!v4) return undefined;
        out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(p)) out.push(parseInt(p, 16));
      else return undefined;
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...new Array<number>(missing).fill(0), ...tail];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

/** an address without zone: IPv6 when it has a colon */
const bareAddr = (s: string): Addr | undefined => (s.includes(':') ? parseV6(s) : parseV4(s));

const isV4In6 = (a: Addr) => a.length === 16 && a.slice(0, 10).every((b) => b === 0) && a[10] === 0xff && a[11] === 0xff;

/** Go's parse rules and Kubernetes' refusals; the address, or the error's text. */
function parseAddr(s: string): Addr | string {
  const zone = s.indexOf('%');
  // Go parses a zone on an IPv6 address (non-empty); Kubernetes then refuses it
  if (zone >= 0) return parseV6(s.slice(0, zone)) && zone < s.length - 1 ? `IP address ${JSON.stringify(s)} with zone value is not allowed` : bad(s);
  const a = bareAddr(s);
  if (!a) return bad(s);
  if (isV4In6(a)) return `IPv4-mapped IPv6 address ${JSON.stringify(s)} is not allowed`;
  return a;
}
const bad = (s: string) => `IP Address ${JSON.stringify(s)} parse error during conversion from string: ParseAddr(${JSON.stringify(s)}): unable to parse IP`;

function format(a: Addr): string {
  if (a.length === 4) return a.join('.');
  const g = Array.from({ length: 8 }, (_, i) => (a[2 * i] << 8) | a[2 * i + 1]);
  // the longest run of two or more zero groups (the first of equals) becomes '::'
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j > i ? j : i + 1;
  }
  const hex = (xs: number[]) => xs.map((x) => x.toString(16)).join(':');
  return best < 0 ? hex(g) : `${hex(g.slice(0, best))}::${hex(g.slice(best + bestLen))}`;
}

const addrOf = (v: unknown): Addr => parseAddr(fieldsOf<{ value: string }>(v).value) as Addr;
const ipValue = (a: Addr) => make(IP_, { value: format(a) }) as never;

function ip(s: string): Addr {
  const a = parseAddr(s);
  if (typeof a === 'string') throw new Error(a);
  return a;
}

interface Prefix {
  addr: Addr;
  bits: number;
}

function parsePrefix(s: string): Prefix | string {
  const err = (why: string) => `network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix(${JSON.stringify(s)}): ${why}`;
  const slash = s.lastIndexOf('/');
  if (slash < 0) return err('no \'/\'');
  const a = s.includes('%') ? undefined : bareAddr(s.slice(0, slash));
  if (!a) return err(s.includes('%') ? 'IPv6 zones cannot be present in a prefix' : `ParseAddr(${JSON.stringify(s.slice(0, slash))}): unable to parse IP`);
  const bitsText = s.slice(slash + 1);
  const bits = /^(0|[1-9]\d*)$/.test(bitsText) ? Number(bitsText) : NaN;
  if (!(bits <= a.length * 8)) return err(`bad bits after slash: ${JSON.stringify(bitsText)}`);
  if (isV4In6(a)) return `network address parse error during conversion from string: IPv4-mapped IPv6 address ${JSON.stringify(s)} is not allowed`;
  return { addr: a, bits };
}

function cidr(s: string): Prefix {
  const p = parsePrefix(s);
  if (typeof p === 'string') throw new Error(p);
  return p;
}

const maskedAddr = (a: Addr, bits: number): Addr => a.map((b, i) => (i * 8 >= bits ? 0 : i * 8 + 8 <= bits ? b : b & (0xff << (8 - (bits - i * 8))) & 0xff));
const prefixOf = (v: unknown): Prefix => parsePrefix(fieldsOf<{ value: string }>(v).value) as Prefix;
const cidrValue = (p: Prefix) => make(CIDR_, { value: `${format(p.addr)}/${p.bits}` }) as never;
const sameBytes = (a: Addr, b: Addr) => a.length === b.length && a.every((x, i) => x === b[i]);

const containsIP = (p: Prefix, a: Addr) => a.length === p.addr.length && sameBytes(maskedAddr(a, p.bits), maskedAddr(p.addr, p.bits));
const containsCIDR = (p: Prefix, q: Prefix) => q.addr.length === p.addr.length && p.bits <= q.bits && containsIP(p, q.addr);

const v4 = (a: Addr) => a.length === 4;
const isLoopback = (a: Addr) => (v4(a) ? a[0] === 127 : a.slice(0, 15).every((b) => b === 0) && a[15] === 1);
const isUnspecified = (a: Addr) => a.every((b) => b === 0);
const isMulticast = (a: Addr) => (v4(a) ? (a[0] & 0xf0) === 0xe0 : a[0] === 0xff);
const isLinkLocalUnicast = (a: Addr) => (v4(a) ? a[0] === 169 && a[1] === 254 : a[0] === 0xfe && (a[1] & 0xc0) === 0x80);
const isLinkLocalMulticast = (a: Addr) => (v4(a) ? a[0] === 224 && a[1] === 0 && a[2] === 0 : a[0] === 0xff && (a[1] & 0x0f) === 0x02);
const isGlobalUnicast = (a: Addr) => !isUnspecified(a) && !(v4(a) && a.every((b) => b === 255)) && !isLoopback(a) && !isMulticast(a) && !isLinkLocalUnicast(a);

export const netFuncs = [
  celFunc('ip', [STRING], T.ip, (s) => ipValue(ip(s))),
  celFunc('isIP', [STRING], BOOL, (s) => typeof parseAddr(s) !== 'string'),
  celFunc('ip.isCanonical', [STRING], BOOL, (s) => format(ip(s)) === s),
  celFunc('string', [T.ip], STRING, (v) => fieldsOf<{ value: string }>(v).value),
  celMethod('family', T.ip, [], INT, function () {
    return v4(addrOf(this)) ? 4n : 6n;
  }),
  ...(
    [
      ['isUnspecified', isUnspecified],
      ['isLoopback', isLoopback],
      ['isLinkLocalMulticast', isLinkLocalMulticast],
      ['isLinkLocalUnicast', isLinkLocalUnicast],
      ['isGlobalUnicast', isGlobalUnicast],
    ] as const
  ).map(([name, test]) =>
    celMethod(name, T.ip, [], BOOL, function () {
      return test(addrOf(this));
    }),
  ),
  celFunc('cidr', [STRING], T.cidr, (s) => cidrValue(cidr(s))),
  celFunc('isCIDR', [STRING], BOOL, (s) => typeof parsePrefix(s) !== 'string'),
  celFunc('string', [T.cidr], STRING, (v) => fieldsOf<{ value: string }>(v).value),
  celMethod('containsIP', T.cidr, [STRING], BOOL, function (s) {
    return containsIP(prefixOf(this), ip(s));
  }),
  celMethod('containsIP', T.cidr, [T.ip], BOOL, function (other) {
    return containsIP(prefixOf(this), addrOf(other));
  }),
  celMethod('containsCIDR', T.cidr, [STRING], BOOL, function (s) {
    return containsCIDR(prefixOf(this), cidr(s));
  }),
  celMethod('containsCIDR', T.cidr, [T.cidr], BOOL, function (other) {
    return containsCIDR(prefixOf(this), prefixOf(other));
  }),
  celMethod('ip', T.cidr, [], T.ip, function () {
    return ipValue(prefixOf(this).addr);
  }),
  celMethod('masked', T.cidr, [], T.cidr, function () {
    const p = prefixOf(this);
    return cidrValue({ addr: maskedAddr(p.addr, p.bits), bits: p.bits });
  }),
  celMethod('prefixLength', T.cidr, [], INT, function () {
    return BigInt(prefixOf(this).bits);
  }),
];
