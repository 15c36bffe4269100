/**
 * Strategic merge patch (`application/strategic-merge-patch+json`), as apimachinery applies it
 * on the server (MergeParallelList, IgnoreUnmatchedNulls), with the patch strategies and merge
 * keys read from the kind schema:
 * - `null` deletes a key; maps and structs merge key by key; scalars replace;
 * - lists replace, unless the field's strategy is `merge`: objects merge by `patchMergeKey`,
 *   scalars take the union; `{key: v, $patch: delete}` removes elements, `{$patch: replace}`
 *   makes the list exactly the patch's other elements;
 * - `$patch: replace|delete` inside an object; `$patch: merge` is rejected;
 * - `$deleteFromPrimitiveList/<f>`, `$setElementOrder/<f>` and `$retainKeys` (see strategic-lists.ts).
 * A malformed patch is a 400 StatusError (never a 500). Inputs are not modified.
 */
import type * as v from 'valibot';
import { child, shape } from '../../../lib/schema/walk.ts';
import { badRequest } from '../../../lib/errors.ts';
import { badStrategicPatch, goFormat } from './errors.ts';
import {
  checkSetElementOrder,
  deepEqual,
  DIRECTIVE,
  elementKind,
  findByKey,
  isObject,
  noMergeKey,
  normalizeOrder,
  partition,
  type Json,
  type JsonObject,
} from './strategic-lists.ts';

const RETAIN_KEYS = '$retainKeys';
const DELETE_FROM = '$deleteFromPrimitiveList';
const SET_ORDER = '$setElementOrder';

type Schema = v.GenericSchema | undefined;

interface FieldInfo {
  schema: Schema;
  /** the list element's / map value's schema */
  item: Schema;
  merge: boolean;
  replace: boolean;
  mergeKey: string;
}

function fieldInfo(parent: Schema, key: string): FieldInfo {
  const schema = parent ? child(parent, key) : undefined;
  if (!schema) return { schema, item: undefined, merge: false, replace: false, mergeKey: '' };
  const s = shape(schema);
  const strategies = (s.meta.patchStrategy ?? '').split(',');
  const item = s.kind === 'array' ? s.item : s.kind === 'record' ? s.value : undefined;
  return { schema, item, merge: strategies.includes('merge'), replace: strategies.includes('replace'), mergeKey: s.meta.patchMergeKey ?? '' };
}

const itemSchema = (list: Schema) => {
  if (!list) return undefined;
  const s = shape(list);
  return s.kind === 'array' ? s.item : undefined;
};

/** `$deleteFromPrimitiveList/finalizers` → `finalizers`. */
function extractKey(k: string, prefix: string): string {
  const i = k.indexOf('/');
  if (i < 0 || k.slice(0, i) !== prefix) {
    throw badStrategicPatch(prefix === DELETE_FROM ? 'invalid patch format of primitive list' : 'invalid patch format of setElementOrder list');
  }
  return k.slice(i + 1);
}

/** `$patch` inside an object: replace keeps the patch as the value, delete empties it. */
function objectDirective(directive: unknown, patch: JsonObject): JsonObject {
  if (directive === 'replace') {
    delete patch[DIRECTIVE];
    return patch;
  }
  if (directive === 'delete') return {};
  throw badStrategicPatch(`unknown patch type: ${goFormat(directive)} in map: ${goFormat(patch)}`);
}

/** `$retainKeys`: clear live keys not named; every non-null patch key must be named. */
function retainKeys(original: JsonObject, patch: JsonObject): void {
  if (!(RETAIN_KEYS in patch)) return;
  const list = patch[RETAIN_KEYS];
  delete patch[RETAIN_KEYS];
  if (!Array.isArray(list)) throw badStrategicPatch('invalid patch format of retainKeys');
  const keep = new Set(list);
  for (const [k, val] of Object.entries(patch)) {
    if (val === null || k.startsWith(`${DELETE_FROM}/`) || k.startsWith(`${SET_ORDER}/`)) continue;
    if (!keep.has(k)) throw badStrategicPatch('invalid patch format of retainKeys');
  }
  for (const k of Object.keys(original)) if (!keep.has(k)) delete original[k];
}

/** `$setElementOrder/<f>`: merges `<f>` now and orders it; both keys leave the patch. */
function setElementOrders(original: JsonObject, patch: JsonObject, schema: Schema): void {
  for (const k of Object.keys(patch)) {
    if (!k.startsWith(`${SET_ORDER}/`)) continue;
    const order = patch[k];
    if (!Array.isArray(order)) throw badStrategicPatch('invalid patch format of setElementOrder list');
    const key = extractKey(k, SET_ORDER);
    const info = fieldInfo(schema, key);
    const live = original[key];
    const pl = patch[key];
    if (live !== undefined && live !== null && !Array.isArray(live)) throw badStrategicPatch(`expected a []interface {}, but received a ${typeof live}`);
    if (pl !== undefined && pl !== null && !Array.isArray(pl)) throw badStrategicPatch(`expected a []interface {}, but received a ${typeof pl}`);
    const liveList = (live ?? []) as Json[];
    const patchList = (pl ?? []) as Json[];
    delete patch[k];
    if (pl === null) continue; // an explicit null deletes the list; the main loop does it
    delete patch[key];
    let merged: Json[];
    if (info.merge) {
      checkSetElementOrder(patchList, order, info.mergeKey);
      merged = mergeList(liveList, patchList, info, false);
    } else merged = pl !== undefined ? patchList : liveList;
    const kind = elementKind(liveList, patchList, merged);
    if (kind) {
      const [inOrder, serverOnly] = partition(merged, order, info.mergeKey && kind === 'map' ? info.mergeKey : '');
      merged = normalizeOrder(inOrder, serverOnly, order, liveList, info.mergeKey, kind);
    }
    if (live !== undefined || merged.length) original[key] = merged;
  }
}

/** `{key: v, $patch: delete}` and `{$patch: replace}` elements of an object merge list. */
function listDirectives(original: Json[], patch: Json[], key: string): [Json[], Json[]] {
  const rest: Json[] = [];
  let replace = false;
  for (const el of patch) {
    if (!isObject(el) || !(DIRECTIVE in el)) {
      rest.push(el);
      continue;
    }
    switch (el[DIRECTIVE]) {
      case 'delete': {
        if (!(key in el)) throw noMergeKey(el, key);
        original = original.filter((o) => !(isObject(o) && key in o && deepEqual(o[key], el[key])));
        break;
      }
      case 'replace':
        replace = true;
        break;
      case 'merge':
        throw badStrategicPatch('merging lists cannot yet be specified in the patch');
      default:
        throw badStrategicPatch(`unknown patch type: ${goFormat(el[DIRECTIVE])} in map: ${goFormat(el)}`);
    }
  }
  return replace ? [rest, []] : [original, rest];
}

/** mergeSlice: a merge-strategy list (or a `$deleteFromPrimitiveList`). */
function mergeList(original: Json[], patch: Json[], info: FieldInfo, isDeleteList: boolean): Json[] {
  if (!original.length && !patch.length) return original;
  const kind = elementKind(original, patch);
  if (kind === 'scalar' || kind === undefined) {
    if (isDeleteList) return original.filter((x) => !patch.some((p) => deepEqual(x, p)));
    const merged: Json[] = [];
    for (const x of [...original, ...patch]) if (!merged.some((m) => deepEqual(m, x))) merged.push(x);
    const [inPatch, serverOnly] = partition(merged, patch, '');
    return normalizeOrder(inPatch, serverOnly, patch, original, '', 'scalar');
  }
  const key = info.mergeKey;
  if (!key) throw badStrategicPatch(`cannot merge lists without merge key for ${info.schema ? 'the field' : 'an unknown field'}`);
  const [base, elements] = listDirectives([...original], patch, key);
  const merged = [...base];
  for (const el of elements) {
    if (!isObject(el)) throw badStrategicPatch(`value for key ${key} is not a map`);
    if (!(key in el)) throw noMergeKey(el, key);
    const at = findByKey(merged, key, el[key]);
    if (at >= 0) merged[at] = mergeObject(merged[at] as JsonObject, el, info.item);
    else merged.push(fresh(el, info.item));
  }
  const [inPatch, serverOnly] = partition(merged, elements, key);
  return normalizeOrder(inPatch, serverOnly, elements, base, key, 'map');
}

/**
 * A patch value for a key the live object lacks: nulls dropped and directives applied, as if
 * merged into an empty value (so no `$patch`/`$retainKeys` ever reaches storage).
 */
function fresh(value: Json, schema: Schema): Json {
  if (isObject(value)) return mergeObject({}, value, schema);
  if (Array.isArray(value)) {
    const s = schema ? shape(schema) : undefined;
    const strategies = (s?.meta.patchStrategy ?? '').split(',');
    if (strategies.includes('merge')) return mergeList([], value, { schema, item: itemSchema(schema), merge: true, replace: false, mergeKey: s?.meta.patchMergeKey ?? '' }, false);
    return value.map((x) => (isObject(x) ? mergeObject({}, x, itemSchema(schema)) : x));
  }
  return value;
}

/** mergeMap: merges `patch` into `original` (both owned by the caller) and returns the result. */
function mergeObject(original: JsonObject, patch: JsonObject, schema: Schema): JsonObject {
  if (DIRECTIVE in patch) return objectDirective(patch[DIRECTIVE], patch);
  retainKeys(original, patch);
  setElementOrders(original, patch, schema);
  for (const [k, pv] of Object.entries(patch)) {
    let key = k;
    let isDeleteList = false;
    if (k.startsWith(`${DELETE_FROM}/`)) {
      key = extractKey(k, DELETE_FROM);
      isDeleteList = true;
    }
    if (pv === null) {
      delete original[key];
      continue;
    }
    const info = fieldInfo(schema, key);
    const ov = original[key];
    const sameType = ov !== undefined && ov !== null && (isObject(ov) ? isObject(pv) : Array.isArray(ov) ? Array.isArray(pv) : !isObject(pv) && !Array.isArray(pv));
    if (!sameType) {
      if (isDeleteList) continue;
      if (isObject(pv) && pv[DIRECTIVE] === 'delete') delete original[key];
      else original[key] = fresh(pv, info.schema);
      continue;
    }
    if (isObject(ov)) original[key] = info.replace ? pv : mergeObject(ov, pv as JsonObject, info.schema);
    else if (Array.isArray(ov)) original[key] = info.merge || isDeleteList ? mergeList(ov, pv as Json[], info, isDeleteList) : fresh(pv, info.schema);
    else original[key] = pv;
  }
  return original;
}

/** Applies a strategic merge patch (a parsed JSON object) to `live` under the kind `schema`. */
export function strategicMerge(live: unknown, patch: unknown, schema: v.GenericSchema): unknown {
  if (patch === null || patch === undefined) return structuredClone(live);
  if (!isObject(patch)) {
    const k = Array.isArray(patch) ? 'array' : typeof patch === 'boolean' ? 'bool' : typeof patch;
    throw badRequest(`json: cannot unmarshal ${k} into Go value of type map[string]interface {}`);
  }
  const original = isObject(live) ? structuredClone(live) : {};
  return mergeObject(original, structuredClone(patch), schema);
}
