/**
 * The difference between two versions of an object (structured-merge-diff's Compare), which an
 * Update takes ownership of and which apply checks for conflicts.
 *
 * Kubernetes compares Go objects, where a non-pointer struct always exists (as `{}`) and a slice
 * without omitempty is `null` rather than absent. `materialize` puts both sides in that form first,
 * so that creating a Deployment adds `.spec.strategy.rollingUpdate` (a pointer) as a node of its
 * own (`f:rollingUpdate: {".": {}, ...}`) but not `.spec` or `.spec.strategy`.
 */
import type * as v from 'valibot';
import { FieldSet } from './fieldset.ts';
import { fieldSchema, isObject, itemElement, keptWhenEmpty, ssaNode, type SsaNode } from './node.ts';
import { serializeElement, type PathElement } from './path.ts';
import { deepEqual } from './values.ts';

export interface Comparison {
  added: FieldSet;
  modified: FieldSet;
  removed: FieldSet;
}

export function compare(lhs: unknown, rhs: unknown, schema: v.GenericSchema): Comparison {
  const c: Comparison = { added: new FieldSet(), modified: new FieldSet(), removed: new FieldSet() };
  walk(isBlank(lhs) ? materializedEmpty(schema) : lhs, rhs, schema, [], c);
  return c;
}

const isEmpty = (x: unknown) => x === undefined || x === null || (Array.isArray(x) ? x.length === 0 : isObject(x) && Object.keys(x).length === 0);

/**
 * `l`/`r` undefined: absent on that side. Both are materialized a level at a time, as the walk
 * reaches them, and a subtree equal on both sides is not walked: an update (a pod's status) leaves
 * most of the object as it was, and materializing and walking all of it was most of its cost.
 * `path` is one stack for the whole walk (pushed and popped): the sets copy what they keep.
 */
function walk(rawL: unknown, rawR: unknown, schema: v.GenericSchema | undefined, path: PathElement[], c: Comparison): void {
  // equal values materialize alike, and equal trees hold no change (neither side is absent)
  if (rawL !== undefined && rawR !== undefined && deepEqual(rawL, rawR)) return;
  const node = ssaNode(schema);
  const l = node.kind === 'struct' ? materializeLevel(rawL, node) : rawL;
  const r = node.kind === 'struct' ? materializeLevel(rawR, node) : rawR;
  if (node.kind === 'leaf' || (isEmpty(l) && isEmpty(r)) || !shapeOk(node, l) || !shapeOk(node, r)) {
    if (path.length === 0) return;
    if (l === undefined) c.added.insert(path);
    else if (r === undefined) c.removed.insert(path);
    else if (!deepEqual(l, r)) c.modified.insert(path);
    return;
  }
  if (node.kind === 'struct' || node.kind === 'map') {
    const lo = (l ?? {}) as Record<string, unknown>;
    const ro = (r ?? {}) as Record<string, unknown>;
    // own keys only: a label or data key may be named `constructor` or `toString`
    for (const k of Object.keys(lo)) below({ field: k }, lo[k], Object.hasOwn(ro, k) ? ro[k] : undefined, fieldSchema(node, k), path, c);
    for (const k of Object.keys(ro)) if (!Object.hasOwn(lo, k)) below({ field: k }, undefined, ro[k], fieldSchema(node, k), path, c);
  } else {
    const li = indexItems(node, (l ?? []) as unknown[]);
    const ri = indexItems(node, (r ?? []) as unknown[]);
    for (const [k, { element, item }] of li) below(element, item, ri.get(k)?.item, node.item, path, c);
    for (const [k, { element, item }] of ri) if (!li.has(k)) below(element, undefined, item, node.item, path, c);
  }
  if (path.length === 0) return;
  if (l === undefined) c.added.insert(path);
  else if (r === undefined) c.removed.insert(path);
}

function below(element: PathElement, l: unknown, r: unknown, schema: v.GenericSchema | undefined, path: PathElement[], c: Comparison): void {
  path.push(element);
  walk(l, r, schema, path, c);
  path.pop();
}

const shapeOk = (node: SsaNode, x: unknown) => x === undefined || x === null || (node.kind === 'list' || node.kind === 'set' ? Array.isArray(x) : isObject(x));

/** Items by their path element; items without a usable key are left out (first one wins on duplicates). */
function indexItems(node: Extract<ReturnType<typeof ssaNode>, { kind: 'list' | 'set' }>, items: unknown[]) {
  const out = new Map<string, { element: PathElement; item: unknown }>();
  for (const item of items) {
    const element = itemElement(node, item);
    if (typeof element === 'string') continue;
    const k = serializeElement(element);
    if (!out.has(k)) out.set(k, { element, item });
  }
  return out;
}

/** A copy of `obj` as Go would render it: non-pointer structs present, kept slices/maps `null`. */
export function materialize(obj: unknown, schema: v.GenericSchema | undefined): unknown {
  const node = ssaNode(schema);
  if (node.kind === 'struct' && isObject(obj)) {
    // a copy: materializeLevel returns `obj` itself when Go renders nothing more at this level
    const out = { ...(materializeLevel(obj, node) as Record<string, unknown>) };
    for (const k of Object.keys(obj)) out[k] = materialize(obj[k], fieldSchema(node, k));
    return out;
  }
  if (node.kind === 'map' && isObject(obj)) return Object.fromEntries(Object.entries(obj).map(([k, x]) => [k, materialize(x, node.item)]));
  if ((node.kind === 'list' || node.kind === 'set') && Array.isArray(obj)) return obj.map((x) => materialize(x, node.item));
  return obj;
}

/** A struct's own level materialized: its fields as they are, the absent ones Go would render added. */
function materializeLevel(obj: unknown, node: Extract<SsaNode, { kind: 'struct' }>): unknown {
  if (!isObject(obj)) return obj;
  let out: Record<string, unknown> | undefined;
  for (const [k, value] of renderedWhenAbsent(node)) {
    if (Object.hasOwn(obj, k)) continue;
    out ??= { ...obj };
    out[k] = value();
  }
  return out ?? obj;
}

const rendered = new WeakMap<object, [string, () => unknown][]>();

/** The fields of a struct that Go renders when absent, with what it renders (most fields: nothing). */
function renderedWhenAbsent(node: Extract<SsaNode, { kind: 'struct' }>): [string, () => unknown][] {
  let fields = rendered.get(node);
  if (fields) return fields;
  fields = [];
  for (const [k, field] of Object.entries(node.fields)) {
    const f = ssaNode(field);
    if (f.kind === 'struct' && f.value) fields.push([k, () => materializedEmpty(field)]);
    else if (f.kind !== 'struct' && f.kind !== 'leaf' && keptWhenEmpty(field)) fields.push([k, () => null]);
  }
  rendered.set(node, fields);
  return fields;
}

const isBlank = (x: unknown) => isObject(x) && Object.keys(x).length === 0;

const empties = new WeakMap<object, unknown>();

/**
 * `materialize({}, schema)`, made once per schema (a create compares against it, and every
 * absent non-pointer struct is one). Shared, so frozen: its readers (walk, deepEqual) never write.
 */
function materializedEmpty(schema: v.GenericSchema): unknown {
  let e = empties.get(schema);
  if (e === undefined) empties.set(schema, (e = deepFreeze(materialize({}, schema))));
  return e;
}

function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}
