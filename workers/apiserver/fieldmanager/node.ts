/**
 * What a schema node is to server-side apply, read from the field markers through `shape()`:
 * a leaf (scalar, or an atomic list/map/struct), a granular struct or map, an associative list
 * keyed by its listMapKeys, or a set. When listType is absent the SSA fallback applies
 * (patchStrategy merge → keyed by patchMergeKey, or a set without one; otherwise atomic).
 */
import type * as v from 'valibot';
import { shape } from '../../../lib/schema/walk.ts';
import { keyElement, type PathElement } from './path.ts';

export type SsaNode =
  | { kind: 'leaf' }
  /** `value`: a Go non-pointer struct, always present (as `{}`) when its parent is */
  | { kind: 'struct'; fields: Record<string, v.GenericSchema>; value: boolean }
  | { kind: 'map'; item: v.GenericSchema }
  | { kind: 'list'; item: v.GenericSchema; keys: string[] }
  | { kind: 'set'; item: v.GenericSchema };

const LEAF: SsaNode = { kind: 'leaf' };
const nodes = new WeakMap<object, SsaNode>();

/** `undefined` (a field the schema does not declare) is an atomic leaf. */
export function ssaNode(schema: v.GenericSchema | undefined): SsaNode {
  if (!schema) return LEAF;
  let node = nodes.get(schema);
  if (!node) nodes.set(schema, (node = describe(schema)));
  return node;
}

function describe(schema: v.GenericSchema): SsaNode {
  const s = shape(schema);
  const m = s.meta;
  switch (s.kind) {
    case 'object':
      return m.structType === 'atomic' ? LEAF : { kind: 'struct', fields: s.entries, value: !m.ptr };
    case 'record':
      return m.mapType === 'atomic' ? LEAF : { kind: 'map', item: s.value };
    case 'array': {
      const type = m.listType ?? (m.patchStrategy?.startsWith('merge') ? (m.patchMergeKey ? 'map' : 'set') : 'atomic');
      if (type === 'map') return { kind: 'list', item: s.item, keys: m.listMapKeys ?? (m.patchMergeKey ? [m.patchMergeKey] : []) };
      if (type === 'set') return { kind: 'set', item: s.item };
      return LEAF;
    }
    default:
      return LEAF;
  }
}

/** The schema of a struct's field (undefined: one the struct does not declare) or of a map's values. */
export const fieldSchema = (node: Extract<SsaNode, { kind: 'struct' | 'map' }>, k: string): v.GenericSchema | undefined =>
  node.kind === 'map' ? node.item : Object.hasOwn(node.fields, k) ? node.fields[k] : undefined;

/** Go fields without omitempty that are nil slices or maps render as `null`, not absent. */
export const keptWhenEmpty = (schema: v.GenericSchema | undefined) => !!schema && !!shape(schema).meta.keep;

/**
 * Key fields the OpenAPI schema defaults, so an item that omits them still has a key
 * (ContainerPort, ServicePort and EndpointPort `protocol`).
 */
const KEY_DEFAULTS: Record<string, unknown> = { protocol: 'TCP' };

export const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

/** The path element of a list item, or the reason it has none (structured-merge-diff wording). */
export function itemElement(node: Extract<SsaNode, { kind: 'list' | 'set' }>, item: unknown): PathElement | string {
  if (node.kind === 'set') {
    if (isObject(item) || Array.isArray(item)) return "associative list without keys has an element that's a map type";
    return { value: item };
  }
  if (!isObject(item)) return 'associative list with keys has an element that is not a map type';
  const fields: [string, unknown][] = [];
  for (const k of node.keys) {
    const value = item[k] ?? KEY_DEFAULTS[k];
    if (value === undefined || value === null) return `associative list with keys has an element that omits key field ${JSON.stringify(k)} (and doesn't have default value)`;
    fields.push([k, value]);
  }
  return keyElement(fields);
}
