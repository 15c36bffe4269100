/**
 * resource.Quantity: parsing, exact arithmetic and the canonical string form, as apimachinery
 * has them. A value is a BigInt count of nano-units (the finest unit a Quantity keeps: parsing
 * rounds anything finer up, away from zero) with the format its text was written in, which
 * decides how it prints: `DecimalSI` (500m, 2k), `BinarySI` (128Mi) or `DecimalExponent` (1e3).
 */
export type Format = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

export interface Quantity {
  nano: bigint;
  format: Format;
}

/** A quantity as JSON carries it (ResourceList values). */
export type QuantityText = string | number;

const QUANTITY = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?\d+)?$/;
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL_SUFFIX: Record<number, string> = { [-9]: 'n', [-6]: 'u', [-3]: 'm', 0: '', 3: 'k', 6: 'M', 9: 'G', 12: 'T', 15: 'P', 18: 'E' };
const BINARY_SUFFIX = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];
const NANO = 1_000_000_000n;

export const zero = (format: Format = 'DecimalSI'): Quantity => ({ nano: 0n, format });

/** The text's parts (sign, digits, suffix), or undefined when it is not a quantity. */
export function quantityParts(q: QuantityText): { negative: boolean; int: string; frac: string; suffix: string } | undefined {
  const m = QUANTITY.exec(typeof q === 'number' ? String(q) : q.trim());
  if (!m) return undefined;
  const [int, frac = ''] = m[2].split('.');
  return { negative: m[1] === '-', int, frac, suffix: m[3] ?? '' };
}

export function parseQuantity(q: QuantityText | null | undefined): Quantity | undefined {
  if (q === null || q === undefined) return undefined;
  const p = quantityParts(q);
  if (!p) return undefined;
  let exp10 = 9 - p.frac.length;
  let mult = 1n;
  let format: Format = 'DecimalSI';
  if (p.suffix in BINARY) {
    mult = 1n << BigInt(BINARY[p.suffix]);
    format = 'BinarySI';
  } else if (p.suffix in DECIMAL) exp10 += DECIMAL[p.suffix];
  else {
    exp10 += Number(p.suffix.slice(1));
    format = 'DecimalExponent';
  }
  let value = BigInt(p.int + p.frac || '0') * mult;
  if (exp10 >= 0) value *= 10n ** BigInt(exp10);
  else {
    const d = 10n ** BigInt(-exp10);
    value = (value + d - 1n) / d;
  }
  return { nano: p.negative ? -value : value, format };
}

/** The value in nano-units, or undefined when unparsable. */
export const nanoUnits = (q: QuantityText | null | undefined): bigint | undefined => parseQuantity(q)?.nano;

/** -1, 0 or 1; undefined when either side is unparsable. */
export function compareQuantities(a: QuantityText, b: QuantityText): number | undefined {
  const x = nanoUnits(a);
  const y = nanoUnits(b);
  if (x === undefined || y === undefined) return undefined;
  return cmp({ nano: x, format: 'DecimalSI' }, { nano: y, format: 'DecimalSI' });
}

export const cmp = (a: Quantity, b: Quantity): number => (a.nano < b.nano ? -1 : a.nano > b.nano ? 1 : 0);

/** Quantity.Add: the sum keeps the left side's format, unless the left side is zero. */
export const add = (a: Quantity, b: Quantity): Quantity => ({ nano: a.nano + b.nano, format: a.nano === 0n ? b.format : a.format });

export const sub = (a: Quantity, b: Quantity): Quantity => ({ nano: a.nano - b.nano, format: a.nano === 0n ? b.format : a.format });

/** Rounds away from zero, as Value() and MilliValue() do. */
function scaled(nano: bigint, unit: bigint): bigint {
  const neg = nano < 0n;
  const abs = neg ? -nano : nano;
  const v = (abs + unit - 1n) / unit;
  return neg ? -v : v;
}

/** Value(): whole units, rounded up. */
export const value = (q: Quantity): bigint => scaled(q.nano, NANO);
/** MilliValue(): thousandths, rounded up. */
export const milliValue = (q: Quantity): bigint => scaled(q.nano, 1_000_000n);

export const fromInt = (n: number | bigint, format: Format = 'DecimalSI'): Quantity => ({ nano: BigInt(n) * NANO, format });

/** Quantity.String(): the canonical form. */
export function formatQuantity(q: Quantity): string {
  if (q.nano === 0n) return '0';
  let format = q.format;
  if (format === 'BinarySI') {
    // small or fractional binary values print as decimal, so nothing is rounded
    const abs = q.nano < 0n ? -q.nano : q.nano;
    if (abs < 1024n * NANO || q.nano % NANO !== 0n) format = 'DecimalSI';
    else {
      let m = q.nano / NANO;
      let k = 0;
      while (k < BINARY_SUFFIX.length - 1 && m % 1024n === 0n) {
        m /= 1024n;
        k++;
      }
      return `${m}${BINARY_SUFFIX[k]}`;
    }
  }
  let m = q.nano;
  let e = -9;
  while (m % 10n === 0n) {
    m /= 10n;
    e++;
  }
  // the exponent goes down to a multiple of 3
  const r = ((e % 3) + 3) % 3;
  m *= 10n ** BigInt(r);
  e -= r;
  if (format === 'DecimalSI' && e in DECIMAL_SUFFIX) return `${m}${DECIMAL_SUFFIX[e]}`;
  return e === 0 ? `${m}` : `${m}e${e}`;
}

/** The canonical form of a quantity's text (the text itself when it does not parse). */
export function canonical(q: QuantityText): string {
  const p = parseQuantity(q);
  return p ? formatQuantity(p) : String(q);
}
