/**
 * The vocabulary every kind schema is written in. A field is a valibot schema carrying, in its
 * metadata, the facts that the derived machinery needs: its protobuf field number (protobuf
 * request decoding), its strategic-merge and server-side-apply markers (patching, managedFields),
 * and its OpenAPI format (OpenAPI v3, `kubectl explain`). Nothing about a field is stated twice.
 *
 * Every field is optional and accepts `null` (Go's JSON decoder reads null as the zero value);
 * "required" is a validation rule of the kind, reported with Kubernetes' wording, not a parse error.
 */
import * as v from 'valibot';

export type FieldMeta = {
  /** protobuf field number in k8s.io/api generated.proto */
  pb?: number;
  /** protobuf scalar encoding when it differs from what the JSON type implies */
  pbType?: 'int32' | 'int64' | 'bool' | 'string' | 'bytes' | 'double' | 'time' | 'quantity' | 'intOrString' | 'fieldsV1';
  /** Go pointer field: a zero value sent in protobuf is kept (presence means set) */
  ptr?: boolean;
  /** Go field without omitempty: a zero value is kept in JSON */
  keep?: boolean;
  /**
   * this JSON field lives inside embedded (inlined) protobuf messages: at field number via[0] of
   * this message, then via[1] of that one, ... (Go structs embedded in embedded structs)
   */
  via?: number[];
  /** strategic merge patch */
  patchStrategy?: 'merge' | 'retainKeys' | 'merge,retainKeys' | 'replace';
  patchMergeKey?: string;
  /** server-side apply */
  listType?: 'atomic' | 'set' | 'map';
  listMapKeys?: string[];
  mapType?: 'atomic' | 'granular';
  structType?: 'atomic' | 'granular';
  /** OpenAPI format */
  format?: 'int32' | 'int64' | 'byte' | 'date-time' | 'int-or-string' | 'quantity' | 'double';
};

export type Field<T extends v.GenericSchema = v.GenericSchema> = v.OptionalSchema<
  v.NullableSchema<v.SchemaWithPipe<readonly [T, v.MetadataAction<v.InferOutput<T>, FieldMeta>, v.DescriptionAction<v.InferOutput<T>, string>]>, undefined>,
  undefined
>;

/** Wraps a schema as an optional, nullable field carrying its metadata and description. */
export function field<T extends v.GenericSchema>(schema: T, meta: FieldMeta, doc = ''): Field<T> {
  return v.optional(v.nullable(v.pipe(schema, v.metadata<v.InferOutput<T>, FieldMeta>(meta), v.description<v.InferOutput<T>, string>(doc))));
}

type Opts = Omit<FieldMeta, 'pb'> & { doc?: string };
const f = <T extends v.GenericSchema>(schema: T, pb: number, { doc, ...meta }: Opts = {}, extra: FieldMeta = {}) =>
  field(schema, { pb, ...extra, ...meta }, doc);

export const str = (pb: number, o?: Opts) => f(v.string(), pb, o);
export const bool = (pb: number, o?: Opts) => f(v.boolean(), pb, o, { pbType: 'bool' });
export const int32 = (pb: number, o?: Opts) => f(v.pipe(v.number(), v.integer()), pb, o, { pbType: 'int32', format: 'int32' });
export const int64 = (pb: number, o?: Opts) => f(v.pipe(v.number(), v.integer()), pb, o, { pbType: 'int64', format: 'int64' });
export const double = (pb: number, o?: Opts) => f(v.number(), pb, o, { pbType: 'double', format: 'double' });
/** base64 in JSON, raw bytes in protobuf */
export const bytes = (pb: number, o?: Opts) => f(v.string(), pb, o, { pbType: 'bytes', format: 'byte' });
/** RFC 3339 timestamp; meta/v1 Time{1 seconds, 2 nanos} in protobuf */
export const time = (pb: number, o?: Opts) => f(v.string(), pb, o, { pbType: 'time', format: 'date-time' });
/** resource.Quantity: JSON accepts a string or a number */
export const quantitySchema = v.union([v.string(), v.number()]);
export const quantity = (pb: number, o?: Opts) => f(quantitySchema, pb, o, { pbType: 'quantity', format: 'quantity' });
export const intOrStringSchema = v.union([v.pipe(v.number(), v.integer()), v.string()]);
export const intOrString = (pb: number, o?: Opts) => f(intOrStringSchema, pb, o, { pbType: 'intOrString', format: 'int-or-string' });
/** meta/v1 FieldsV1: an arbitrary JSON object in JSON, raw JSON bytes in protobuf */
export const fieldsV1 = (pb: number, o?: Opts) => f(v.record(v.string(), v.unknown()), pb, o, { pbType: 'fieldsV1' });

/** A nested message. `entries` is a plain object of fields (or an existing object schema). */
export function obj<E extends v.ObjectEntries>(pb: number, entries: E, o?: Opts): Field<v.ObjectSchema<E, undefined>>;
export function obj<S extends v.GenericSchema>(pb: number, schema: S, o?: Opts): Field<S>;
export function obj(pb: number, x: v.ObjectEntries | v.GenericSchema, o?: Opts) {
  return f(isSchema(x) ? x : v.object(x as v.ObjectEntries), pb, o);
}

/** A valibot schema has `kind: 'schema'`; a plain entries object may have a field named kind. */
const isSchema = (x: unknown): x is v.GenericSchema => typeof (x as { kind?: unknown }).kind === 'string';

/** A repeated field. `item` is an object schema, a plain object of fields, or a scalar schema. */
export function list<S extends v.GenericSchema>(pb: number, item: S, o?: Opts) {
  return f(v.array(item), pb, o);
}
export const strList = (pb: number, o?: Opts) => list(pb, v.string(), o);
/** map<string,string> in protobuf is repeated {1 key, 2 value} */
export const strMap = (pb: number, o?: Opts) => f(v.record(v.string(), v.string()), pb, o);
/** map<string, bytes> (Secret.data, ConfigMap.binaryData) */
export const bytesMap = (pb: number, o?: Opts) => f(v.record(v.string(), v.string()), pb, o, { pbType: 'bytes', format: 'byte' });
/** map<string, Quantity> (ResourceList) */
export const quantityMap = (pb: number, o?: Opts) => f(v.record(v.string(), quantitySchema), pb, o, { pbType: 'quantity', format: 'quantity' });
/** map<string, Message> */
export const msgMap = <S extends v.GenericSchema>(pb: number, value: S, o?: Opts) => f(v.record(v.string(), value), pb, o);

/**
 * Go embedded structs (VolumeSource in Volume, Probe's handler, ...) are one nested protobuf
 * message but are inlined in JSON. `inline(2, entries)` marks each entry as living in field 2.
 */
export function inline<E extends Record<string, Field>>(via: number, entries: E): E {
  const out: Record<string, Field> = {};
  for (const [name, schema] of Object.entries(entries)) {
    const inner = schema.wrapped.wrapped;
    const [base, meta, doc] = inner.pipe;
    // inlining entries that are themselves inlined nests the path: outermost first
    out[name] = field(base, { ...meta.metadata, via: [via, ...(meta.metadata.via ?? [])] }, doc.description);
  }
  return out as E;
}

/** An object schema: the message type of a nested field or a list item. */
export const message = <E extends v.ObjectEntries>(entries: E, meta: Pick<FieldMeta, 'structType'> = {}) =>
  meta.structType ? v.pipe(v.object(entries), v.metadata(meta)) : v.object(entries);
