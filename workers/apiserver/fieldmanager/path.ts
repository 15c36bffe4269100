/**
 * Path elements of server-side apply, as structured-merge-diff names them: a struct field or map
 * key, the key fields of an associative-list item, a set item's value, or a list index. Their
 * order is the order of fieldsV1 keys and of conflict listings: fields < keys < values < indexes,
 * then by content (numbers compare as numbers, so `k:{"port":80}` sorts before `k:{"port":443}`).
 */

export type PathElement =
  | { field: string }
  | { key: [name: string, value: unknown][] }
  | { value: unknown }
  | { index: number };

export type Path = readonly PathElement[];

const rank = (e: PathElement) => ('field' in e ? 0 : 'key' in e ? 1 : 'value' in e ? 2 : 3);

export function compareElements(a: PathElement, b: PathElement): number {
  const d = rank(a) - rank(b);
  if (d) return d;
  if ('field' in a) return compareStrings(a.field, (b as { field: string }).field);
  if ('key' in a) return compareKeys(a.key, (b as { key: [string, unknown][] }).key);
  if ('value' in a) return compareValues(a.value, (b as { value: unknown }).value);
  return a.index - (b as { index: number }).index;
}

const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Shorter key lists first, then field by field (names, then values). */
function compareKeys(a: [string, unknown][], b: [string, unknown][]): number {
  if (a.length !== b.length) return a.length - b.length;
  for (let i = 0; i < a.length; i++) {
    const byName = compareStrings(a[i][0], b[i][0]);
    if (byName) return byName;
    const byValue = compareValues(a[i][1], b[i][1]);
    if (byValue) return byValue;
  }
  return 0;
}

/** structured-merge-diff's value order: numbers < strings < booleans < lists < maps < null. */
const typeRank = (v: unknown) =>
  typeof v === 'number' ? 0 : typeof v === 'string' ? 1 : typeof v === 'boolean' ? 2 : Array.isArray(v) ? 3 : v !== null && typeof v === 'object' ? 4 : 5;

export function compareValues(a: unknown, b: unknown): number {
  const d = typeRank(a) - typeRank(b);
  if (d) return d;
  if (typeof a === 'number') return a - (b as number);
  if (typeof a === 'string') return compareStrings(a, b as string);
  if (typeof a === 'boolean') return Number(a) - Number(b);
  if (Array.isArray(a)) {
    const bl = b as unknown[];
    for (let i = 0; i < Math.min(a.length, bl.length); i++) {
      const c = compareValues(a[i], bl[i]);
      if (c) return c;
    }
    return a.length - bl.length;
  }
  if (a !== null && typeof a === 'object') {
    const fields = (o: object) => Object.entries(o).sort(([x], [y]) => compareStrings(x, y));
    return compareKeys(fields(a), fields(b as object));
  }
  return 0;
}

/** Go's encoding/json output: compact, map keys sorted, HTML-sensitive characters escaped. */
export function goJson(v: unknown): string {
  const sorted = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(sorted)
      : x !== null && typeof x === 'object'
        ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => compareStrings(a, b)).map(([k, y]) => [k, sorted(y)]))
        : x;
  return JSON.stringify(sorted(v)).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Elements are values: never changed once made, so an element's serialized form is kept with it,
 * and an element parsed from a string is shared by every parse of that string. A pod's status
 * update decodes, compares and encodes its managedFields, whose key elements (`k:{"type":"Ready"}`)
 * are the same in every pod: serializing them (Go's sorted JSON) and parsing them again was half
 * of the update's field-manager cost.
 */
const serialized = new WeakMap<PathElement, string>();
const parsed = new Map<string, PathElement>();
const MAX_PARSED = 10_000;

/** The fieldsV1 key of an element: `f:name`, `k:{...}`, `v:...`, `i:n`. */
export function serializeElement(e: PathElement): string {
  if ('field' in e) return `f:${e.field}`;
  if ('index' in e) return `i:${e.index}`;
  let s = serialized.get(e);
  if (s === undefined) serialized.set(e, (s = 'key' in e ? `k:${goJson(Object.fromEntries(e.key))}` : `v:${goJson(e.value)}`));
  return s;
}

export function parseElement(s: string): PathElement {
  let e = parsed.get(s);
  if (e === undefined) {
    e = parseNew(s);
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(s, e);
  }
  return e;
}

function parseNew(s: string): PathElement {
  const body = s.slice(2);
  switch (s.slice(0, 2)) {
    case 'f:':
      return { field: body };
    case 'k:': {
      const obj = JSON.parse(body) as Record<string, unknown>;
      if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) throw new Error(`invalid key element ${s}`);
      return keyElement(Object.entries(obj));
    }
    case 'v:':
      return { value: JSON.parse(body) };
    case 'i:': {
      const n = Number(body);
      if (!Number.isInteger(n)) throw new Error(`invalid index element ${s}`);
      return { index: n };
    }
  }
  throw new Error(`unknown path element ${JSON.stringify(s)}`);
}

export const keyElement = (fields: [string, unknown][]): PathElement => ({ key: [...fields].sort(([a], [b]) => compareStrings(a, b)) });

/** Go's %v of a value in conflict paths: strings quoted, the rest as JSON. */
const goString = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : goJson(v));

/** A path as conflicts print it: `.spec.replicas`, `[name="web"]`, `[=value]`, `[0]`. */
export function pathString(path: Path): string {
  return path
    .map((e) => {
      if ('field' in e) return `.${e.field}`;
      if ('key' in e) return `[${e.key.map(([k, v]) => `${k}=${goString(v)}`).join(',')}]`;
      if ('value' in e) return `[=${goString(e.value)}]`;
      return `[${e.index}]`;
    })
    .join('');
}
