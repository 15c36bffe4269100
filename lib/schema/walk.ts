/**
 * One way to look inside a kind schema. Every derived mechanism (protobuf decoding, strategic
 * merge, server-side apply field sets, OpenAPI, unknown-field detection) walks schemas through
 * `shape()`, so they all agree on what a field is.
 */
import * as v from 'valibot';
import type { FieldMeta } from './fields.ts';

export type Shape =
  | { kind: 'object'; entries: Record<string, v.GenericSchema>; meta: FieldMeta; doc?: string }
  | { kind: 'array'; item: v.GenericSchema; meta: FieldMeta; doc?: string }
  | { kind: 'record'; value: v.GenericSchema; meta: FieldMeta; doc?: string }
  | { kind: 'string' | 'number' | 'integer' | 'boolean' | 'unknown'; meta: FieldMeta; doc?: string }
  | { kind: 'union'; options: v.GenericSchema[]; meta: FieldMeta; doc?: string };

type AnySchema = v.GenericSchema & {
  type: string;
  wrapped?: v.GenericSchema;
  pipe?: Array<{ kind: string; type: string; metadata?: FieldMeta; description?: string; requirement?: unknown }>;
  entries?: Record<string, v.GenericSchema>;
  item?: v.GenericSchema;
  value?: v.GenericSchema;
  options?: v.GenericSchema[];
  getter?: () => v.GenericSchema;
};

const shapes = new WeakMap<object, Shape>();

/** Unwraps optional/nullable/pipe/lazy wrappers and returns the base shape with merged metadata. */
export function shape(schema: v.GenericSchema): Shape {
  const cached = shapes.get(schema);
  if (cached) return cached;
  let s = schema as AnySchema;
  let meta: FieldMeta = {};
  let doc: string | undefined;
  let integer = false;
  for (;;) {
    if (s.type === 'optional' || s.type === 'nullable' || s.type === 'nullish' || s.type === 'exact_optional') {
      s = s.wrapped as AnySchema;
    } else if (s.type === 'lazy' && s.getter) {
      s = s.getter() as AnySchema;
    } else if (s.pipe) {
      for (const item of s.pipe.slice(1)) {
        if (item.type === 'metadata' && item.metadata) meta = { ...item.metadata, ...meta };
        if (item.type === 'description' && doc === undefined) doc = item.description;
        if (item.type === 'integer') integer = true;
      }
      s = s.pipe[0] as unknown as AnySchema;
    } else break;
  }
  let out: Shape;
  switch (s.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object':
      out = { kind: 'object', entries: s.entries!, meta, doc };
      break;
    case 'array':
      out = { kind: 'array', item: s.item!, meta, doc };
      break;
    case 'record':
      out = { kind: 'record', value: s.value!, meta, doc };
      break;
    case 'string':
    case 'picklist':
      out = { kind: 'string', meta, doc };
      break;
    case 'number':
      out = { kind: integer ? 'integer' : 'number', meta, doc };
      break;
    case 'boolean':
      out = { kind: 'boolean', meta, doc };
      break;
    case 'union':
      out = { kind: 'union', options: s.options!, meta, doc };
      break;
    default:
      out = { kind: 'unknown', meta, doc };
  }
  shapes.set(schema, out);
  return out;
}

/** The schema of a child: an object's entry, or an array's/record's element. */
export function child(schema: v.GenericSchema, key: string | number): v.GenericSchema | undefined {
  const s = shape(schema);
  if (s.kind === 'object') return typeof key === 'string' ? s.entries[key] : undefined;
  if (s.kind === 'array') return s.item;
  if (s.kind === 'record') return s.value;
  return undefined;
}

/** Follows a dotted path of object keys (arrays and maps are stepped through transparently). */
export function at(schema: v.GenericSchema, path: readonly (string | number)[]): v.GenericSchema | undefined {
  let s: v.GenericSchema | undefined = schema;
  for (const k of path) {
    if (!s) return undefined;
    s = child(s, k);
  }
  return s;
}
