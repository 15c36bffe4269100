/**
 * Removing owned paths from an object (structured-merge-diff's RemoveItems), used when an applier
 * drops fields nobody else owns. A member path goes with everything below it; atomic values are
 * never entered. A map or list left empty disappears, as a nil Go map or slice would; a removed or
 * emptied non-pointer struct stays as `{}`, as Go's zero value would.
 */
import type * as v from 'valibot';
import type { FieldSet } from './fieldset.ts';
import { fieldSchema, isObject, itemElement, ssaNode } from './node.ts';

export function removeItems(obj: unknown, set: FieldSet, schema: v.GenericSchema | undefined): unknown {
  if (set.isEmpty()) return obj;
  const node = ssaNode(schema);
  if ((node.kind === 'struct' || node.kind === 'map') && isObject(obj)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(obj)) {
      const e = { field: k };
      const childSchema = fieldSchema(node, k);
      if (set.hasMember(e)) {
        if (node.kind === 'struct' && isValueStruct(childSchema)) out[k] = {};
        continue;
      }
      const kept = removeItems(x, set.child(e), childSchema);
      if (kept !== undefined) out[k] = kept;
    }
    return emptied(obj, out, node.kind === 'struct' && node.value);
  }
  if ((node.kind === 'list' || node.kind === 'set') && Array.isArray(obj)) {
    const out: unknown[] = [];
    for (const item of obj) {
      const e = itemElement(node, item);
      if (typeof e === 'string') out.push(item);
      else if (!set.hasMember(e)) out.push(removeItems(item, set.child(e), node.item));
    }
    return obj.length && !out.length ? undefined : out;
  }
  return obj;
}

const isValueStruct = (schema: v.GenericSchema | undefined) => {
  const n = ssaNode(schema);
  return n.kind === 'struct' && n.value;
};

function emptied(before: Record<string, unknown>, after: Record<string, unknown>, valueStruct: boolean): unknown {
  if (Object.keys(after).length || !Object.keys(before).length || valueStruct) return after;
  return undefined;
}
