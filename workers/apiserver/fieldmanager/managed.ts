/**
 * managedFields entries as a table of managers. A manager is identified as Kubernetes does, by
 * the JSON of its entry without fields and time: manager + operation + subresource, plus
 * apiVersion for Update entries only (re-applying from another version keeps one Apply entry).
 */
import type { ManagedFieldsEntry } from '../../../lib/api/meta.ts';
import { FieldSet } from './fieldset.ts';

export interface Manager {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  subresource?: string;
  /** RFC 3339, as stored; absent when the entry never recorded a change */
  time?: string;
  set: FieldSet;
}

/** identifier → manager */
export type Managers = Map<string, Manager>;

export const MAX_UPDATE_MANAGERS = 10;
const ANCIENT_CHANGES = 'ancient-changes';

export function managerId(m: Pick<Manager, 'manager' | 'operation' | 'apiVersion' | 'subresource'>): string {
  const id: Record<string, string> = {};
  if (m.manager) id.manager = m.manager;
  id.operation = m.operation;
  if (m.operation === 'Update' && m.apiVersion) id.apiVersion = m.apiVersion;
  if (m.subresource) id.subresource = m.subresource;
  return JSON.stringify(id);
}

/** Throws on an entry Kubernetes could not decode. */
export function decodeManaged(entries: readonly ManagedFieldsEntry[] | null | undefined): Managers {
  const out: Managers = new Map();
  (entries ?? []).forEach((e, i) => {
    if (e.operation !== 'Apply' && e.operation !== 'Update') throw new Error('operation must be `Apply` or `Update`');
    if (!e.apiVersion) throw new Error('apiVersion must not be empty');
    if (!e.fieldsType) throw new Error(`missing fieldsType in managed fields entry ${i}`);
    if (e.fieldsType !== 'FieldsV1') throw new Error(`invalid fieldsType ${JSON.stringify(e.fieldsType)} in managed fields entry ${i}`);
    const m: Manager = { manager: e.manager ?? '', operation: e.operation, apiVersion: e.apiVersion, set: FieldSet.fromFieldsV1(e.fieldsV1 ?? {}) };
    if (e.subresource) m.subresource = e.subresource;
    if (e.time) m.time = e.time;
    out.set(managerId(m), m);
  });
  return out;
}

/** The same table when decoding fails: Kubernetes then starts over rather than failing the write. */
export function decodeManagedOrEmpty(entries: readonly ManagedFieldsEntry[] | null | undefined): Managers {
  try {
    return decodeManaged(entries);
  } catch {
    return new Map();
  }
}

/** `[{}]` is the documented way to clear managedFields. */
export const isReset = (entries: readonly ManagedFieldsEntry[] | null | undefined) =>
  entries?.length === 1 && Object.values(entries[0] ?? {}).every((x) => x === undefined || x === null || x === '');

/** Entries in Kubernetes' key order and sort order; managers owning nothing are left out. */
export function encodeManaged(managers: Managers): ManagedFieldsEntry[] {
  const out: ManagedFieldsEntry[] = [];
  for (const m of managers.values()) {
    if (m.set.isEmpty()) continue;
    const e: ManagedFieldsEntry = { manager: m.manager, operation: m.operation, apiVersion: m.apiVersion };
    if (m.time) e.time = m.time;
    e.fieldsType = 'FieldsV1';
    e.fieldsV1 = m.set.toFieldsV1();
    if (m.subresource) e.subresource = m.subresource;
    out.push(e);
  }
  return out.sort(compareEntries);
}

const seconds = (t: string | undefined) => (t ? Math.floor(Date.parse(t) / 1000) || 0 : 0);
const cmp = (a = '', b = '') => (a < b ? -1 : a > b ? 1 : 0);

/** Apply before Update, then oldest first, then manager, apiVersion, subresource. */
export function compareEntries(p: ManagedFieldsEntry, q: ManagedFieldsEntry): number {
  return cmp(p.operation, q.operation) || seconds(p.time) - seconds(q.time) || cmp(p.manager, q.manager) || cmp(p.apiVersion, q.apiVersion) || cmp(p.subresource, q.subresource);
}

/**
 * Keeps at most `max` Update managers: the oldest are merged, per apiVersion, into an
 * `ancient-changes` entry that takes the time of the newest update merged into it.
 */
export function capUpdateManagers(managers: Managers, max = MAX_UPDATE_MANAGERS): void {
  const updaters = [...managers.entries()].filter(([, m]) => m.operation === 'Update');
  if (updaters.length <= max) return;
  updaters.sort(([ia, a], [ib, b]) => seconds(a.time) - seconds(b.time) || cmp(ia, ib));
  const firstOfVersion = new Map<string, string>();
  let count = updaters.length;
  for (const [id, m] of updaters) {
    if (count <= max) break;
    const bucketId = managerId({ manager: ANCIENT_CHANGES, operation: 'Update', apiVersion: m.apiVersion });
    const first = firstOfVersion.get(m.apiVersion);
    if (first === undefined) {
      firstOfVersion.set(m.apiVersion, id);
      continue;
    }
    let bucket = managers.get(bucketId);
    if (!bucket) {
      // the first updater seen for this version becomes the bucket
      bucket = { ...managers.get(first)!, manager: ANCIENT_CHANGES, subresource: undefined };
      managers.delete(first);
    }
    if (id === bucketId) continue;
    managers.set(bucketId, { ...bucket, set: bucket.set.union(m.set), time: m.time });
    managers.delete(id);
    count--;
  }
}
