/** A minimal protobuf writer for building test messages by hand (tests only). */
const enc = new TextEncoder();

export type Part = Uint8Array;

export function varint(n: number | bigint): Uint8Array {
  let x = BigInt.asUintN(64, BigInt(n));
  const out: number[] = [];
  do {
    let b = Number(x & 0x7fn);
    x >>= 7n;
    if (x) b |= 0x80;
    out.push(b);
  } while (x);
  return Uint8Array.from(out);
}

export const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
};

const tag = (field: number, wire: number) => varint((field << 3) | wire);
/** varint field */
export const int = (field: number, n: number | bigint) => concat(tag(field, 0), varint(n));
/** length-delimited field: bytes, a string, or a message built from parts */
export const bytes = (field: number, b: Uint8Array) => concat(tag(field, 2), varint(b.length), b);
export const str = (field: number, s: string) => bytes(field, enc.encode(s));
export const msg = (field: number, ...parts: Uint8Array[]) => bytes(field, concat(...parts));
/** map<string, V> entry */
export const entry = (field: number, key: string, value?: Uint8Array) => msg(field, str(1, key), ...(value ? [value] : []));
/** the `k8s\0` + runtime.Unknown envelope */
export const envelope = (apiVersion: string, kind: string, raw: Uint8Array) =>
  concat(Uint8Array.from([0x6b, 0x38, 0x73, 0x00]), msg(1, str(1, apiVersion), str(2, kind)), bytes(2, raw), str(3, ''), str(4, ''));
