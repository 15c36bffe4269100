/**
 * Merging an applied configuration into the live object (structured-merge-diff's Merge): leaves
 * and atomic values are replaced by the configuration's, granular structs and maps merge key by
 * key, associative lists and sets merge item by item (matched by key or value). A configuration
 * that sets a granular struct or map to null leaves its live content alone.
 */
import type * as v from 'valibot';
import { fieldSchema, isObject, itemElement, ssaNode, type SsaNode } from './node.ts';
import { serializeElement } from './path.ts';
import { clone } from './values.ts';

/** `live` undefined: absent. `config` is never undefined. */
export function merge(live: unknown, config: unknown, schema: v.GenericSchema | undefined): unknown {
  const node = ssaNode(schema);
  if (node.kind === 'leaf' || live === undefined) return clone(config);
  if (node.kind === 'struct' || node.kind === 'map') {
    if (!isObject(live)) return clone(config);
    if (config === null) return Object.keys(live).length ? clone(live) : null;
    if (!isObject(config)) return clone(config);
    const out: Record<string, unknown> = {};
    // own keys only: a label or data key may be named `constructor` or `toString`
    for (const [k, x] of Object.entries(live)) out[k] = Object.hasOwn(config, k) ? merge(x, config[k], fieldSchema(node, k)) : clone(x);
    for (const [k, x] of Object.entries(config)) if (!Object.hasOwn(live, k)) out[k] = clone(x);
    return out;
  }
  if (!Array.isArray(live)) return clone(config);
  if (config === null) return live.length ? clone(live) : null;
  if (!Array.isArray(config)) return clone(config);
  return mergeItems(node, live, config);
}

type Keyed = { key: string; item: unknown };

function keyed(node: Extract<SsaNode, { kind: 'list' | 'set' }>, items: unknown[]): Keyed[] {
  return items.map((item, i) => {
    const e = itemElement(node, item);
    // items without a key (only possible in a live object) never match anything
    return { key: typeof e === 'string' ? `#${i}` : serializeElement(e), item };
  });
}

/**
 * The merged list keeps live-only items where they were and puts shared and new items in the
 * configuration's order: walking both lists, a live item the configuration also has waits until
 * it is the next shared item the configuration reaches.
 */
function mergeItems(node: Extract<SsaNode, { kind: 'list' | 'set' }>, liveItems: unknown[], configItems: unknown[]): unknown[] {
  const l = keyed(node, liveItems);
  const r = keyed(node, configItems);
  const liveByKey = new Map<string, unknown>();
  for (const x of l) if (!liveByKey.has(x.key)) liveByKey.set(x.key, x.item);
  const inConfig = new Set(r.map((x) => x.key));
  const shared = r.filter((x) => liveByKey.has(x.key)).map((x) => x.key);
  let nextShared = 0;
  const done = new Set<string>();
  const out: unknown[] = [];
  const take = (x: Keyed) => {
    out.push(merge(liveByKey.get(x.key), x.item, node.item));
    done.add(x.key);
    if (shared[nextShared] === x.key) nextShared++;
  };
  let li = 0;
  let ri = 0;
  while (li < l.length || ri < r.length) {
    if (li < l.length && ri < r.length) {
      if (l[li].key === r[ri].key) {
        take(r[ri]);
        li++;
        ri++;
        continue;
      }
      const waiting = shared[nextShared];
      if (inConfig.has(l[li].key) && waiting !== undefined && waiting !== l[li].key) {
        li++;
        continue;
      }
    }
    if (li < l.length) {
      if (!inConfig.has(l[li].key)) {
        out.push(clone(l[li].item));
        li++;
        continue;
      }
      if (done.has(l[li].key)) {
        li++;
        continue;
      }
    }
    if (ri < r.length) take(r[ri++]);
    else li++;
  }
  return out;
}
