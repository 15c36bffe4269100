/**
 * The 409 an apply gets when it would change fields other managers own, worded as Kubernetes
 * words it (kubectl adds its own advice about --force-conflicts below the message).
 */
import { StatusError } from '../../../lib/errors.ts';
import type { Manager } from './managed.ts';
import { pathString, type Path } from './path.ts';

export interface Conflict {
  /** the manager's identifier (managed.ts) */
  id: string;
  manager: Manager;
  path: Path;
}

/** `"kubectl" with subresource "scale" using apps/v1`; Apply managers have no version. */
export function describeManager(m: Manager): string {
  let s = JSON.stringify(m.manager);
  if (m.subresource) s += ` with subresource ${JSON.stringify(m.subresource)}`;
  if (m.operation === 'Update') s += ` using ${m.apiVersion}`;
  return s;
}

/** `conflicts` in manager-identifier order, each manager's paths in set order. */
export function conflictError(conflicts: Conflict[]): StatusError {
  const causes = conflicts.map((c) => ({ reason: 'FieldManagerConflict', message: `conflict with ${describeManager(c.manager)}`, field: pathString(c.path) }));
  let message: string;
  if (conflicts.length === 1) {
    message = `Apply failed with 1 conflict: conflict with ${describeManager(conflicts[0].manager)}: ${pathString(conflicts[0].path)}`;
  } else {
    const lines: string[] = [];
    let last: string | undefined;
    for (const c of conflicts) {
      if (c.id !== last) lines.push(`conflicts with ${describeManager(c.manager)}:`);
      last = c.id;
      lines.push(`- ${pathString(c.path)}`);
    }
    message = `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
  }
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'Conflict', details: { causes }, code: 409 });
}
