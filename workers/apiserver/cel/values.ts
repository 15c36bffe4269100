/**
 * Between JSON and CEL: Kubernetes hands CEL unstructured objects, where JSON integers are `int`
 * and other numbers `double`. JavaScript has one number type, so integers become bigints here;
 * results come back as plain JSON values.
 */
import { isCelList, isCelMap, isCelUint, type CelValue } from '@bufbuild/cel';

/** A JSON value as CEL input: integral numbers → bigint (int), others stay doubles. */
export function toCelInput(v: unknown): unknown {
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (Array.isArray(v)) return v.map(toCelInput);
  if (v && typeof v === 'object') {
    const m = new Map<string, unknown>();
    for (const [k, x] of Object.entries(v)) if (x !== undefined) m.set(k, toCelInput(x));
    return m;
  }
  return v;
}

/** A CEL result as JSON (ints as numbers when safe). */
export function fromCel(v: CelValue | unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (isCelUint(v)) return Number(v.value);
  if (isCelList(v)) return [...v].map(fromCel);
  if (isCelMap(v)) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of v) o[String(k)] = fromCel(x);
    return o;
  }
  return v;
}

/** CEL's type name of a value, for error texts. */
export function typeName(v: unknown): string {
  if (v === null) return 'null_type';
  if (typeof v === 'bigint') return 'int';
  if (typeof v === 'number') return 'double';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (isCelUint(v)) return 'uint';
  if (isCelList(v)) return 'list';
  if (isCelMap(v)) return 'map';
  if (v instanceof Uint8Array) return 'bytes';
  return (v as { desc?: { typeName?: string } })?.desc?.typeName ?? 'dyn';
}

/** Ordering of comparable scalars (numbers across int/uint/double, strings, bools, bytes); undefined when not comparable. */
export function compare(a: unknown, b: unknown): number | undefined {
  const num = (x: unknown) => (typeof x === 'bigint' || typeof x === 'number' ? x : isCelUint(x) ? x.value : undefined);
  const na = num(a);
  const nb = num(b);
  if (na !== undefined && nb !== undefined) return na < nb ? -1 : na > nb ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
    return a.length - b.length;
  }
  return undefined;
}

/** CEL equality for what list functions compare (scalars exactly, containers by content). */
export function celEquals(a: unknown, b: unknown): boolean {
  const c = compare(a, b);
  if (c !== undefined) return c === 0;
  if (isCelList(a) && isCelList(b)) {
    if (a.size !== b.size) return false;
    for (let i = 0; i < a.size; i++) if (!celEquals(a.get(i), b.get(i))) return false;
    return true;
  }
  if (isCelMap(a) && isCelMap(b)) {
    if (a.size !== b.size) return false;
    for (const [k, x] of a) if (!b.has(k as never) || !celEquals(x, b.get(k as never))) return false;
    return true;
  }
  return a === b;
}
