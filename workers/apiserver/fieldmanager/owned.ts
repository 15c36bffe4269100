/**
 * The field set of an object (structured-merge-diff's ToFieldSet): what an applier owns when it
 * applies this object as its configuration. Members are scalar leaves, atomic lists/maps/structs,
 * associative-list and set items, granular-map entries, and struct fields set to null or `{}`;
 * a struct field with content is not itself a member.
 */
import type * as v from 'valibot';
import { FieldSet } from './fieldset.ts';
import { fieldSchema, isObject, itemElement, ssaNode } from './node.ts';
import { pathString, serializeElement, type Path, type PathElement } from './path.ts';

/** The owned paths of `obj`, never-tracked fields included (see strip.ts). Items without a key are skipped. */
export function fieldSet(obj: unknown, schema: v.GenericSchema): FieldSet {
  const set = new FieldSet();
  walk(obj, schema, [], set, []);
  return set;
}

/** What structured-merge-diff would refuse in an applied configuration, as `<path>: <reason>`. */
export function typedErrors(obj: unknown, schema: v.GenericSchema): string[] {
  const errors: string[] = [];
  walk(obj, schema, [], new FieldSet(), errors);
  return errors;
}

function walk(value: unknown, schema: v.GenericSchema | undefined, path: PathElement[], set: FieldSet, errors: string[]): void {
  const node = ssaNode(schema);
  if (node.kind === 'leaf') {
    set.insert(path);
    return;
  }
  if (value === null || value === undefined) return;
  if (node.kind === 'struct' || node.kind === 'map') {
    if (!isObject(value)) {
      errors.push(`${pathString(path)}: expected map, got ${JSON.stringify(value)}`);
      return;
    }
    for (const [k, child] of Object.entries(value)) {
      const declared = node.kind === 'struct' && Object.hasOwn(node.fields, k);
      const childSchema = fieldSchema(node, k);
      const childPath = [...path, { field: k }];
      walk(child, childSchema, childPath, set, errors);
      if (child === null || (isObject(child) && Object.keys(child).length === 0) || !declared) set.insert(childPath);
    }
    return;
  }
  if (!Array.isArray(value)) {
    errors.push(`${pathString(path)}: expected list, got ${JSON.stringify(value)}`);
    return;
  }
  const seen = new Set<string>();
  value.forEach((item, i) => {
    const e = itemElement(node, item);
    if (typeof e === 'string') {
      errors.push(`${pathString(path)}: element ${i}: ${e}`);
      return;
    }
    const k = serializeElement(e);
    if (seen.has(k)) errors.push(`${pathString(path)}: duplicate entries for key ${pathString([e])}`);
    seen.add(k);
    const itemPath = [...path, e];
    walk(item, node.item, itemPath, set, errors);
    set.insert(itemPath);
  });
}

/**
 * structured-merge-diff's EnsureNamedFieldsAreMembers: every struct field with owned content
 * counts as owned itself, so that pruning can remove whole struct fields.
 */
export function namedFieldsAsMembers(set: FieldSet, schema: v.GenericSchema | undefined, prefix: Path = []): FieldSet {
  const out = new FieldSet();
  const node = ssaNode(schema);
  for (const { element, member, set: sub } of set.entries()) {
    const path = [...prefix, element];
    const named = node.kind === 'struct' && 'field' in element && element.field in node.fields;
    if (member || named) out.insert(path);
    if (!sub.isEmpty()) for (const p of namedFieldsAsMembers(sub, childSchema(schema, element), path).paths()) out.insert(p);
  }
  return out;
}

/** The schema below one path element. */
export function childSchema(schema: v.GenericSchema | undefined, e: PathElement): v.GenericSchema | undefined {
  const node = ssaNode(schema);
  if (node.kind === 'struct') return 'field' in e ? fieldSchema(node, e.field) : undefined;
  if (node.kind === 'leaf') return undefined;
  return node.item;
}
