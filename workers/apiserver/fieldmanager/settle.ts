/**
 * The ownership step every write ends with (structured-merge-diff's update): fields an operation
 * adds or changes are conflicts for the other managers that own them, taken from them when forced
 * (an Update always is); fields it removes leave every manager; managers left with nothing go.
 */
import type { Comparison } from './compare.ts';
import type { Conflict } from './conflict.ts';
import type { Managers } from './managed.ts';

/** Mutates `managers` unless it returns conflicts (only when `force` is false). `self` is skipped. */
export function settle(managers: Managers, self: string | undefined, changes: Comparison, force: boolean): Conflict[] {
  const changed = changes.modified.union(changes.added);
  const conflicts: Conflict[] = [];
  const taken = new Map<string, ReturnType<typeof changed.intersection>>();
  for (const id of [...managers.keys()].sort()) {
    if (id === self) continue;
    const m = managers.get(id)!;
    const lost = m.set.intersection(changed);
    if (lost.isEmpty()) continue;
    taken.set(id, lost);
    for (const path of lost.paths()) conflicts.push({ id, manager: m, path });
  }
  if (conflicts.length && !force) return conflicts;
  for (const [id, m] of managers) {
    if (id === self) continue;
    const lost = taken.get(id);
    const set = (lost ? m.set.difference(lost) : m.set).difference(changes.removed);
    managers.set(id, { ...m, set });
  }
  for (const [id, m] of managers) if (m.set.isEmpty()) managers.delete(id);
  return [];
}
