/**
 * The messages Kubernetes encodes specially in protobuf and as scalars in JSON: meta/v1 Time,
 * resource.Quantity, intstr.IntOrString, meta/v1 FieldsV1; and bytes as base64.
 */
import { fields, ProtobufError, WIRE } from './wire.ts';

const utf8 = new TextDecoder();

export const expectWire = (wire: number, want: number, name: string) => {
  if (wire !== want) throw new ProtobufError(`proto: wrong wireType = ${wire} for field ${name}`);
};

export function base64(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return btoa(s);
}

/** meta/v1 Time {1 seconds, 2 nanos}; a zero-length message is Go's zero time (JSON null). */
export function time(b: Uint8Array): string | null {
  if (b.length === 0) return null;
  let seconds = 0;
  for (const { field, wire, r } of fields(b)) {
    if (field === 1 && wire === WIRE.varint) seconds = r.int(64);
    else r.skip(wire);
  }
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** resource.Quantity {1 string}: the canonical string. */
export function quantity(b: Uint8Array): string {
  let out = '0';
  for (const { field, wire, r } of fields(b)) {
    if (field === 1 && wire === WIRE.bytes) out = utf8.decode(r.bytes());
    else r.skip(wire);
  }
  return out;
}

/** intstr.IntOrString {1 type (0 int, 1 string), 2 intVal, 3 strVal}. */
export function intOrString(b: Uint8Array): number | string {
  let type = 0;
  let intVal = 0;
  let strVal = '';
  for (const { field, wire, r } of fields(b)) {
    if (field === 1 && wire === WIRE.varint) type = r.int(64);
    else if (field === 2 && wire === WIRE.varint) intVal = r.int(32);
    else if (field === 3 && wire === WIRE.bytes) strVal = utf8.decode(r.bytes());
    else r.skip(wire);
  }
  return type === 1 ? strVal : intVal;
}

/** meta/v1 FieldsV1 {1 Raw}: the raw JSON of the field set. */
export function fieldsV1(b: Uint8Array): unknown {
  let raw: Uint8Array | undefined;
  for (const { field, wire, r } of fields(b)) {
    if (field === 1 && wire === WIRE.bytes) raw = r.bytes();
    else r.skip(wire);
  }
  if (!raw || raw.length === 0) return {};
  try {
    return JSON.parse(utf8.decode(raw));
  } catch {
    throw new ProtobufError('FieldsV1 does not hold valid JSON');
  }
}
