/**
 * managedFields after an Update operation (create, PUT, any non-apply PATCH, subresource writes).
 * The writer's entry (keyed by manager, apiVersion and subresource) owns what it owned before,
 * less what was removed, plus what it added or changed, taking those from every other manager.
 * Its time moves only when it changed something. Then at most 10 Update entries are kept.
 */
import type * as v from 'valibot';
import type { KubeObject, ManagedFieldsEntry } from '../../../lib/api/meta.ts';
import { compare } from './compare.ts';
import { capUpdateManagers, decodeManaged, decodeManagedOrEmpty, encodeManaged, isReset, managerId, type Managers } from './managed.ts';
import { settle } from './settle.ts';
import { resetSet, strip } from './strip.ts';
import { rfc3339Seconds } from './time.ts';

export interface UpdateInput {
  /** the object before the write; undefined/null on create */
  live: KubeObject | null | undefined;
  /** the object as it will be stored (its own managedFields are read, see below) */
  updated: KubeObject;
  schema: v.GenericSchema;
  manager: string;
  /** group/version of the request, e.g. `apps/v1` */
  apiVersion: string;
  subresource?: string;
  now: Date;
  /** fields the strategy resets on this endpoint (e.g. `[['status']]`): never owned */
  resetFields?: readonly (readonly string[])[];
}

/** The managedFields to store with `updated` ([] means none: omit the field). */
export function recordUpdate(input: UpdateInput): ManagedFieldsEntry[] {
  const { live, updated, schema, manager, apiVersion, subresource } = input;
  const managers = startingManagers(live, updated, !!subresource);
  const before = live ? withoutManagedFields(live) : {};
  const changes = compare(before, withoutManagedFields(updated), schema);
  settle(managers, undefined, changes, true);

  const own = strip(changes.modified.union(changes.added), resetSet(input.resetFields));
  if (!own.isEmpty()) {
    const entry = { manager, operation: 'Update' as const, apiVersion, ...(subresource ? { subresource } : {}) };
    const id = managerId(entry);
    const previous = managers.get(id)?.set;
    managers.set(id, { ...entry, time: rfc3339Seconds(input.now), set: previous ? previous.union(own) : own });
  }
  capUpdateManagers(managers);
  return encodeManaged(managers);
}

/**
 * A client may write managedFields itself (then they are used as sent; `[{}]` clears them);
 * otherwise, or when they do not decode, the live object's carry over. Subresource writes always
 * start from the live object's.
 */
function startingManagers(live: KubeObject | null | undefined, updated: KubeObject, subresource: boolean): Managers {
  const fromLive = () => decodeManagedOrEmpty(live?.metadata?.managedFields);
  if (subresource) return fromLive();
  const sent = updated.metadata?.managedFields;
  if (isReset(sent)) return new Map();
  try {
    const m = decodeManaged(sent);
    return m.size ? m : fromLive();
  } catch {
    return fromLive();
  }
}

export function withoutManagedFields(obj: KubeObject): KubeObject {
  if (!obj.metadata || !('managedFields' in obj.metadata)) return obj;
  const { managedFields: _, ...metadata } = obj.metadata;
  return { ...obj, metadata };
}
