/**
 * What Go's typed decoding does to a JSON value, derived from the kind schema: the first type
 * mismatch becomes Go's error text (`json: cannot unmarshal number into Go struct field
 * ObjectMeta.metadata.name of type string`), unknown fields are collected (`spec.containers[0].bogus`)
 * and pruned, and nulls become what Go would re-encode (dropped members, zero list/map elements).
 *
 * Go type names are approximations: a struct is named after the field holding it
 * (`metadata` → ObjectMeta, top-level `spec` → <Kind>Spec, `containers` → Container).
 */
import type * as v from 'valibot';
import { shape, type Shape } from '../../../lib/schema/walk.ts';
import { goKind } from './errors.ts';

export interface Conformed {
  value: unknown;
  /** unknown field paths, in document order */
  unknown: string[];
  /** Go's error for the first value that does not fit its field */
  typeError?: string;
}

const QUANTITY_RE = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;
const QUANTITY_ERR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const RFC3339_RE = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const B64 = /[A-Za-z0-9+/]/;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const singular = (s: string) => (s.endsWith('ies') ? `${s.slice(0, -3)}y` : s.endsWith('ses') ? s.slice(0, -2) : s.endsWith('s') ? s.slice(0, -1) : s);

const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);


interface Ctx {
  /** Go's Field: struct field names from the root, no indices or map keys */
  goPath: string;
  /** the strict-decoding path: with [i] and map keys */
  path: string;
  /** Go's Struct: the innermost struct holding the field */
  struct: string;
  /** JSON name of the field being decoded (names nested structs) */
  field: string;
  /** the kind, to name top-level spec/status structs */
  kind: string;
  depth: number;
}

class Walker {
  readonly unknown: string[] = [];
  typeError?: string;

  /** Records Go's type error (the first one wins) and drops the value. */
  fail(ctx: Ctx, value: string, goType: string): undefined {
    if (this.typeError) return undefined;
    this.typeError = ctx.goPath
      ? `json: cannot unmarshal ${value} into Go struct field ${ctx.struct}.${ctx.goPath} of type ${goType}`
      : `json: cannot unmarshal ${value} into Go value of type ${goType}`;
    return undefined;
  }
  other(message: string) {
    this.typeError ??= message;
  }

  structName(field: string, ctx: Ctx, item: boolean): string {
    if (field === 'metadata') return 'ObjectMeta';
    if (ctx.depth === 1 && (field === 'spec' || field === 'status')) return `${ctx.kind}${cap(field)}`;
    return cap(item ? singular(field) : field);
  }

  goType(s: Shape, ctx: Ctx, item = false): string {
    switch (s.kind) {
      case 'object':
        return `v1.${this.structName(ctx.field, ctx, item)}`;
      case 'array':
        return `[]${this.goType(shape(s.item), ctx, true)}`;
      case 'record':
        return `map[string]${this.goType(shape(s.value), ctx, true)}`;
      case 'string':
        return s.meta.pbType === 'bytes' ? '[]uint8' : 'string';
      case 'integer':
        return s.meta.pbType === 'int64' ? 'int64' : s.meta.pbType === 'int32' ? 'int32' : 'int';
      case 'number':
        return 'float64';
      case 'boolean':
        return 'bool';
      case 'union':
        return s.meta.pbType === 'intOrString' ? 'int32' : s.meta.pbType === 'quantity' ? 'resource.Quantity' : 'interface {}';
      default:
        return 'interface {}';
    }
  }

  zero(s: Shape): unknown {
    switch (s.kind) {
      case 'string':
        return '';
      case 'integer':
      case 'number':
        return 0;
      case 'boolean':
        return false;
      case 'object':
        return {};
      case 'union':
        return s.meta.pbType === 'quantity' ? '0' : 0;
      default:
        return null;
    }
  }

  /** Returns the value as Go would hold it; `undefined` means "leave the field out". */
  walk(x: unknown, schema: v.GenericSchema, ctx: Ctx): unknown {
    const s = shape(schema);
    if (x === null) return undefined;
    switch (s.kind) {
      case 'object':
        return this.object(x, s, ctx);
      case 'array': {
        if (!Array.isArray(x)) return this.fail(ctx, goKind(x), this.goType(s, ctx));
        const itemShape = shape(s.item);
        return x.map((el, i) => {
          const out = this.walk(el, s.item, { ...ctx, path: `${ctx.path}[${i}]` });
          return out === undefined ? this.zero(itemShape) : out;
        });
      }
      case 'record': {
        if (!isPlainObject(x)) return this.fail(ctx, goKind(x), this.goType(s, ctx));
        if (s.meta.pbType === 'fieldsV1') return x;
        const valueShape = shape(s.value);
        const out: Record<string, unknown> = {};
        for (const [k, el] of Object.entries(x)) {
          const r = this.walk(el, s.value, { ...ctx, path: `${ctx.path}.${k}`, field: ctx.field });
          out[k] = r === undefined ? this.zero(valueShape) : r;
        }
        // a map's values carry the map's own encoding (bytesMap, quantityMap)
        if (s.meta.pbType === 'bytes') for (const el of Object.values(out)) this.bytes(el);
        if (s.meta.pbType === 'quantity') for (const el of Object.values(out)) this.quantity(el);
        return out;
      }
      case 'string':
        if (typeof x !== 'string') return this.fail(ctx, goKind(x), this.goType(s, ctx));
        if (s.meta.pbType === 'bytes') this.bytes(x);
        if (s.meta.pbType === 'time' && !RFC3339_RE.test(x))
          this.other(`parsing time ${JSON.stringify(x)} as "2006-01-02T15:04:05Z07:00": cannot parse ${JSON.stringify(x)} as "2006"`);
        return x;
      case 'integer': {
        const t = this.goType(s, ctx);
        if (typeof x !== 'number') return this.fail(ctx, goKind(x), t);
        const limit = t === 'int32' ? 2 ** 31 : 2 ** 63;
        if (!Number.isInteger(x) || x < -limit || x >= limit) return this.fail(ctx, `number ${x}`, t);
        return x;
      }
      case 'number':
        if (typeof x !== 'number') return this.fail(ctx, goKind(x), 'float64');
        return x;
      case 'boolean':
        if (typeof x !== 'boolean') return this.fail(ctx, goKind(x), 'bool');
        return x;
      case 'union':
        if (s.meta.pbType === 'intOrString') {
          if (typeof x === 'string') return x;
          if (typeof x !== 'number') return this.fail(ctx, goKind(x), 'int32');
          if (!Number.isInteger(x) || x < -(2 ** 31) || x >= 2 ** 31) return this.fail(ctx, `number ${x}`, 'int32');
          return x;
        }
        if (s.meta.pbType === 'quantity') return this.quantity(x) ? x : undefined;
        return x;
      default:
        return x;
    }
  }

  object(x: unknown, s: Extract<Shape, { kind: 'object' }>, ctx: Ctx): unknown {
    if (!isPlainObject(x)) return this.fail(ctx, goKind(x), this.goType(s, ctx));
    const struct = ctx.depth === 0 ? ctx.kind : this.structName(ctx.field, ctx, /\]$/.test(ctx.path));
    const out: Record<string, unknown> = {};
    for (const [k, el] of Object.entries(x)) {
      const path = ctx.path ? `${ctx.path}.${k}` : k;
      const child = Object.prototype.hasOwnProperty.call(s.entries, k) ? s.entries[k] : undefined;
      if (!child) {
        this.unknown.push(path);
        continue;
      }
      const r = this.walk(el, child, { goPath: ctx.goPath ? `${ctx.goPath}.${k}` : k, path, struct, field: k, kind: ctx.kind, depth: ctx.depth + 1 });
      if (r !== undefined) out[k] = r;
    }
    return out;
  }

  /** Go's base64.StdEncoding (newlines ignored): `illegal base64 data at input byte N`. */
  bytes(x: unknown) {
    if (typeof x !== 'string') return;
    const data = x.replace(/[\r\n]/g, '');
    for (let i = 0; i < data.length; i++) {
      const c = data[i];
      if (B64.test(c)) continue;
      if (c === '=' && i >= data.length - 2 && data.length % 4 === 0 && /^=*$/.test(data.slice(i))) break;
      return this.other(`illegal base64 data at input byte ${i}`);
    }
    if (data.length % 4 !== 0) this.other(`illegal base64 data at input byte ${data.length - (data.length % 4)}`);
  }

  /** resource.Quantity accepts a number or a string of its grammar. */
  quantity(x: unknown): boolean {
    if (typeof x === 'number') return true;
    if (typeof x === 'string' && QUANTITY_RE.test(x.trim())) return true;
    this.other(QUANTITY_ERR);
    return false;
  }
}

/**
 * Schemas that conform values their own way: custom resources are pruned by their structural
 * schema rather than decoded as Go types (crd/custom-kind.ts).
 */
const ownConform = new WeakMap<object, (value: unknown) => Conformed>();
export const conformWith = (schema: v.GenericSchema, f: (value: unknown) => Conformed): void => void ownConform.set(schema, f);

/** Conforms a decoded JSON value to `schema`; `kind` names the root Go struct. */
export function conform(value: unknown, schema: v.GenericSchema, kind: string): Conformed {
  const own = ownConform.get(schema);
  if (own) return own(value ?? {});
  const w = new Walker();
  const ctx: Ctx = { goPath: '', path: '', struct: kind, field: '', kind, depth: 0 };
  const out = w.walk(value ?? {}, schema, ctx);
  return { value: out ?? {}, unknown: w.unknown, typeError: w.typeError };
}

/** The paths of fields the schema does not know (`spec.foo`, `spec.containers[0].bogus`). */
export function unknownFields(schema: v.GenericSchema, obj: unknown): string[] {
  return conform(obj, schema, '').unknown;
}
