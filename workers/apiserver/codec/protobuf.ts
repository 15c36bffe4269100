/**
 * Protobuf request bodies (`application/vnd.kubernetes.protobuf`), as typed client-go clients
 * (kubectl create namespace/configmap/secret/deployment, auth can-i, auth whoami) send them:
 * the `k8s\0` magic, then a runtime.Unknown {1 typeMeta {1 apiVersion, 2 kind}, 2 raw} whose raw
 * bytes are the object's message. The message is read by walking the kind schema by its `pb`
 * field numbers (`via` for Go embedded structs that JSON inlines), then Go's JSON omitempty rules
 * are applied so the result equals what the same object sent as JSON would decode to.
 * Unknown field numbers are skipped, as Go's generated code does.
 */
import type * as v from 'valibot';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { shape, type Shape } from '../../../lib/schema/walk.ts';
import { base64, expectWire, fieldsV1, intOrString, quantity, time } from './pbtypes.ts';
import { fields, ProtobufError, Reader, WIRE } from './wire.ts';

export { ProtobufError } from './wire.ts';

const MAGIC = [0x6b, 0x38, 0x73, 0x00];
const utf8 = new TextDecoder();

interface Slot {
  name: string;
  schema: v.GenericSchema;
}
interface Index {
  direct: Map<number, Slot>;
  /** embedded message field number → its fields (and its own embedded messages) */
  via: Map<number, Index>;
}

const emptyIndex = (): Index => ({ direct: new Map(), via: new Map() });

const indexes = new WeakMap<object, Index>();

function indexOf(s: Extract<Shape, { kind: 'object' }>): Index {
  let idx = indexes.get(s.entries);
  if (idx) return idx;
  idx = emptyIndex();
  for (const [name, schema] of Object.entries(s.entries)) {
    const { pb, via = [] } = shape(schema).meta;
    if (pb === undefined) continue;
    let at = idx;
    for (const n of via) {
      if (!at.via.has(n)) at.via.set(n, emptyIndex());
      at = at.via.get(n)!;
    }
    at.direct.set(pb, { name, schema });
  }
  indexes.set(s.entries, idx);
  return idx;
}

/** The fields of one message into `out`; an embedded message's fields land in `out` too (Go's JSON inlines them). */
function readInto(out: Record<string, unknown>, b: Uint8Array, idx: Index): void {
  for (const { field, wire, r } of fields(b)) {
    const slot = idx.direct.get(field);
    if (slot) readField(out, slot, wire, r);
    else if (idx.via.has(field) && wire === WIRE.bytes) readInto(out, r.bytes(), idx.via.get(field)!);
    else r.skip(wire);
  }
}

/** The wire type a scalar of this shape/encoding is written with; undefined if the schema does not say. */
function wireOf(s: Shape, pbType: string | undefined): number | undefined {
  switch (pbType) {
    case 'double':
      return WIRE.fixed64;
    case 'int32':
    case 'int64':
    case 'bool':
      return WIRE.varint;
    case undefined:
    case 'string':
      break;
    default:
      return WIRE.bytes; // time, quantity, intOrString, fieldsV1, bytes
  }
  return s.kind === 'string' ? WIRE.bytes : s.kind === 'integer' || s.kind === 'boolean' ? WIRE.varint : s.kind === 'number' ? WIRE.fixed64 : undefined;
}

/** One scalar (or scalar-like special message) of the given shape and encoding. */
function scalar(s: Shape, pbType: string | undefined, wire: number, r: Reader, name: string): unknown {
  const want = wireOf(s, pbType);
  if (want === undefined) return void r.skip(wire); // a field whose encoding the schema does not say
  expectWire(wire, want, name);
  switch (pbType) {
    case 'time':
      return time(r.bytes());
    case 'quantity':
      return quantity(r.bytes());
    case 'intOrString':
      return intOrString(r.bytes());
    case 'fieldsV1':
      return fieldsV1(r.bytes());
    case 'bytes':
      return base64(r.bytes());
    case 'int32':
      return r.int(32);
  }
  if (want === WIRE.fixed64) return r.double();
  if (want === WIRE.varint) return s.kind === 'boolean' || pbType === 'bool' ? r.varint() !== 0n : r.int(64);
  return utf8.decode(r.bytes());
}

const isPacked = (s: Shape, pbType: string | undefined) =>
  pbType === 'int32' || pbType === 'int64' || pbType === 'bool' || pbType === 'double' || s.kind === 'integer' || s.kind === 'boolean' || s.kind === 'number';

/** Reads one occurrence of a field into `out`: lists append, maps add an entry, messages merge. */
function readField(out: Record<string, unknown>, slot: Slot, wire: number, r: Reader): void {
  const s = shape(slot.schema);
  const { name } = slot;
  if (s.kind === 'array') {
    const item = shape(s.item);
    const list = (out[name] ??= []) as unknown[];
    if (item.kind === 'object') {
      expectWire(wire, WIRE.bytes, name);
      list.push(message(r.bytes(), s.item));
      return;
    }
    const pbType = item.meta.pbType ?? s.meta.pbType;
    if (wire === WIRE.bytes && isPacked(item, pbType)) {
      const sub = new Reader(r.bytes());
      while (!sub.done) list.push(scalar(item, pbType, pbType === 'double' ? WIRE.fixed64 : WIRE.varint, sub, name));
      return;
    }
    const x = scalar(item, pbType, wire, r, name);
    if (x !== undefined) list.push(x);
    return;
  }
  if (s.kind === 'record' && s.meta.pbType !== 'fieldsV1') {
    expectWire(wire, WIRE.bytes, name);
    const [key, value] = mapEntry(r.bytes(), s, name);
    ((out[name] ??= {}) as Record<string, unknown>)[key] = value;
    return;
  }
  if (s.kind === 'object') {
    expectWire(wire, WIRE.bytes, name);
    const msg = message(r.bytes(), slot.schema);
    // a repeated singular message merges into the first, as in Go
    out[name] = out[name] && typeof out[name] === 'object' ? { ...(out[name] as object), ...msg } : msg;
    return;
  }
  const x = scalar(s, s.meta.pbType, wire, r, name);
  if (x !== undefined || s.meta.pbType === 'time') out[name] = x;
}

/** A map entry {1 key, 2 value}; a missing value is the zero value of its type. */
function mapEntry(b: Uint8Array, s: Extract<Shape, { kind: 'record' }>, name: string): [string, unknown] {
  const vs = shape(s.value);
  const pbType = s.meta.pbType === 'fieldsV1' ? undefined : (s.meta.pbType ?? vs.meta.pbType);
  let key = '';
  let value: unknown;
  for (const { field, wire, r } of fields(b)) {
    if (field === 1 && wire === WIRE.bytes) key = utf8.decode(r.bytes());
    else if (field === 2) {
      if (vs.kind === 'object' || vs.kind === 'array') {
        expectWire(wire, WIRE.bytes, name);
        value = vs.kind === 'object' ? message(r.bytes(), s.value) : stringItems(r.bytes());
      } else value = scalar(vs, pbType, wire, r, name);
    } else r.skip(wire);
  }
  if (value === undefined) value = vs.kind === 'object' ? {} : vs.kind === 'array' ? [] : pbType === 'quantity' ? '0' : vs.kind === 'string' ? '' : 0;
  return [key, value];
}

/** A map value that is a list (authn/authz ExtraValue): a message {1 items []string}. */
function stringItems(b: Uint8Array): string[] {
  const items: string[] = [];
  for (const { field, wire, r } of fields(b)) {
    if (field === 1 && wire === WIRE.bytes) items.push(utf8.decode(r.bytes()));
    else r.skip(wire);
  }
  return items;
}

/** Go's encoding/json omitempty, for a value decoded from the wire. */
function omitted(x: unknown, s: Shape): boolean {
  if (x === null || x === undefined) return true;
  if (s.meta.ptr) return false;
  if (Array.isArray(x)) return x.length === 0;
  // an empty struct is dropped unless the field is marked to keep it (Go renders non-pointer structs)
  if (typeof x === 'object') return Object.keys(x).length === 0 && s.meta.pbType !== 'fieldsV1' && !s.meta.keep;
  if (s.meta.keep) return false;
  return x === '' || x === 0 || x === false || (s.meta.pbType === 'quantity' && x === '0');
}

/** Decodes one message of an object schema. */
export function message(b: Uint8Array, schema: v.GenericSchema): Record<string, unknown> {
  const s = shape(schema);
  if (s.kind !== 'object') throw new ProtobufError('proto: schema is not a message');
  const out: Record<string, unknown> = {};
  readInto(out, b, indexOf(s));
  // JSON field order: the schema's, as Go marshals struct fields in declaration order
  const ordered: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(s.entries)) {
    if (name in out && !omitted(out[name], shape(schema))) ordered[name] = out[name];
  }
  return ordered;
}

/** Decodes a `k8s\0` envelope; `schemaFor` picks the schema of the envelope's apiVersion/kind. */
export function decodeProtobuf(bytes: Uint8Array, schemaFor: (apiVersion: string, kind: string) => v.GenericSchema | undefined): KubeObject {
  if (bytes.length < 4 || MAGIC.some((b, i) => bytes[i] !== b))
    throw new ProtobufError(`provided data does not appear to be a protobuf message, expected prefix [${MAGIC.join(' ')}]`);
  let apiVersion = '';
  let kind = '';
  let raw: Uint8Array = new Uint8Array();
  for (const { field, wire, r } of fields(bytes.subarray(4))) {
    if (field === 1 && wire === WIRE.bytes) {
      for (const t of fields(r.bytes())) {
        if (t.field === 1 && t.wire === WIRE.bytes) apiVersion = utf8.decode(t.r.bytes());
        else if (t.field === 2 && t.wire === WIRE.bytes) kind = utf8.decode(t.r.bytes());
        else t.r.skip(t.wire);
      }
    } else if (field === 2 && wire === WIRE.bytes) raw = r.bytes();
    else r.skip(wire);
  }
  const schema = schemaFor(apiVersion, kind);
  if (!schema) throw new ProtobufError(`no kind ${JSON.stringify(kind)} is registered for version ${JSON.stringify(apiVersion)}`);
  const obj = message(raw, schema);
  delete obj.apiVersion;
  delete obj.kind;
  // an all-zero ObjectMeta is omitted above, but every object has metadata
  return { apiVersion, kind, metadata: {}, ...obj } as KubeObject;
}
