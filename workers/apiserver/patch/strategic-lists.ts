/**
 * Strategic merge patch, the list half: merging lists element by element (by patchMergeKey) or
 * as sets of scalars, the `{$patch: delete|replace}` list elements, and the ordering rules
 * (apimachinery strategicpatch): `$setElementOrder` first, then the patch's order, then the live
 * order; server-only items are slotted in by their live position.
 */
import { badStrategicPatch, goFormat, patchNotApplicable } from './errors.ts';

export type Json = unknown;
export type JsonObject = Record<string, unknown>;
export type Kind = 'map' | 'scalar';

export const DIRECTIVE = '$patch';
export const isObject = (x: unknown): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x);

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => deepEqual(x, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as JsonObject)[k], (b as JsonObject)[k]));
}

export const noMergeKey = (m: unknown, key: string) => badStrategicPatch(`map: ${goFormat(m)} does not contain declared merge key: ${key}`);

/** The kind shared by every element of the lists (sliceElementType). */
export function elementKind(...lists: Json[][]): Kind | undefined {
  let kind: Kind | undefined;
  let first: string | undefined;
  for (const list of lists) {
    for (const x of list) {
      if (Array.isArray(x)) throw patchNotApplicable(); // lists of lists are not supported
      const t = isObject(x) ? 'map' : x === null ? 'null' : typeof x;
      if (first === undefined) first = t;
      else if (first !== t) throw badStrategicPatch(`list element types are not identical: ${goFormat(lists)}`);
      kind = t === 'map' ? 'map' : 'scalar';
    }
  }
  return kind;
}

/** findMapInSliceBasedOnKeyValue: the first element whose merge key equals `value`. */
export function findByKey(list: Json[], key: string, value: unknown): number {
  for (let i = 0; i < list.length; i++) {
    const el = list[i];
    if (!isObject(el)) throw badStrategicPatch(`value for key ${i} is not a map`);
    if (Object.prototype.hasOwnProperty.call(el, key) && deepEqual(el[key], value)) return i;
  }
  return -1;
}

const keyOf = (x: Json, key: string, kind: Kind) => (kind === 'map' ? (isObject(x) ? x[key] : undefined) : x);
const indexIn = (list: Json[], x: Json, key: string, kind: Kind) => {
  const want = keyOf(x, key, kind);
  return list.findIndex((y) => deepEqual(keyOf(y, key, kind), want));
};

/** Splits `list` into the elements present in `by` (by merge key or value) and the others. */
export function partition(list: Json[], by: Json[], key: string): [Json[], Json[]] {
  const present: Json[] = [];
  const others: Json[] = [];
  for (const x of list) {
    if (key) {
      if (!isObject(x)) throw badStrategicPatch(`expected a map[string]interface {}, but received a ${typeof x}`);
      if (!Object.prototype.hasOwnProperty.call(x, key)) throw noMergeKey(x, key);
      (findByKey(by, key, x[key]) >= 0 ? present : others).push(x);
    } else (by.some((y) => deepEqual(x, y)) ? present : others).push(x);
  }
  return [present, others];
}

/** Elements of a merge list that carry `$patch: delete` (extractToDeleteItems). */
export function splitDeletes(list: Json[]): { keep: Json[]; remove: Json[] } {
  const keep: Json[] = [];
  const remove: Json[] = [];
  for (const x of list) {
    if (!isObject(x)) throw badStrategicPatch(`expected a map[string]interface {}, but received a ${typeof x}`);
    (x[DIRECTIVE] === 'delete' ? remove : keep).push(x);
  }
  return { keep, remove };
}

/** Sorts `toSort` by the positions in `order`, dropping what `order` marks `$patch: delete`. */
function sortBy(toSort: Json[], order: Json[], key: string, kind: Kind): Json[] {
  let removeList: Json[] = [];
  if (kind === 'map') {
    for (const x of [...toSort, ...order]) if (!isObject(x) || !Object.prototype.hasOwnProperty.call(x, key)) throw noMergeKey(x, key);
    removeList = splitDeletes(order).remove;
  }
  const ranked = toSort.map((x, i) => ({ x, i, at: indexIn(order, x, key, kind) }));
  ranked.sort((a, b) => (a.at < 0 || b.at < 0 ? a.i - b.i : a.at - b.at || a.i - b.i));
  const sorted = ranked.map((r) => r.x);
  return kind === 'map' ? partition(sorted, removeList, key)[1] : sorted;
}

/**
 * normalizeElementOrder: patch items in `patchOrder`, server-only items in `serverOrder`, then
 * the server-only items are inserted among the patch items where the live order puts them.
 */
export function normalizeOrder(patchItems: Json[], serverOnly: Json[], patchOrder: Json[], serverOrder: Json[], key: string, kind: Kind): Json[] {
  const right = sortBy(patchItems, patchOrder, key, kind);
  const left = sortBy(serverOnly, serverOrder, key, kind);
  const out: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++]);
    else if (j >= right.length) out.push(left[i++]);
    else {
      const li = indexIn(serverOrder, left[i], key, kind);
      const ri = indexIn(serverOrder, right[j], key, kind);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}

/** The `$setElementOrder` list must list the patch's (non-delete) items in the same relative order. */
export function checkSetElementOrder(patchList: Json[], order: Json[], key: string): void {
  if (!order.length || !patchList.length) return;
  const items = key ? splitDeletes(patchList).keep : patchList;
  let p = 0;
  let o = 0;
  while (p < items.length && o < order.length) {
    const item = items[p];
    if (isObject(item) && DIRECTIVE in item) {
      p++;
      continue;
    }
    let equal: boolean;
    if (!key) equal = deepEqual(item, order[o]);
    else {
      const a = item as JsonObject;
      const b = order[o];
      if (!isObject(b)) throw badStrategicPatch(`expected a map[string]interface {}, but received a ${typeof b}`);
      if (!(key in a)) throw noMergeKey(a, key);
      if (!(key in b)) throw noMergeKey(b, key);
      equal = deepEqual(a[key], b[key]);
    }
    if (equal) p++;
    o++;
  }
  if (p < items.length && o >= order.length)
    throw badStrategicPatch(`The order in patch list:\n${goFormat(patchList)}\n doesn't match $setElementOrder list:\n${goFormat(order)}\n`);
}
