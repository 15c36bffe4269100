/**
 * Fields no manager ever owns (Kubernetes' stripMeta): type and identity fields, and what the
 * server sets on every write. They are removed from a manager's set after each operation, not
 * before, so that an apply configuration's `metadata.name` still keeps `metadata` from pruning.
 */
import { FieldSet } from './fieldset.ts';
import type { Path } from './path.ts';

const meta = (field: string): Path => [{ field: 'metadata' }, { field }];

export const NEVER_TRACKED = FieldSet.of(
  [{ field: 'apiVersion' }],
  [{ field: 'kind' }],
  [{ field: 'metadata' }],
  ...['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'clusterName', 'generation', 'managedFields', 'resourceVersion'].map(meta),
);

/** `set` without the never-tracked fields and without `reset` (fields the strategy resets, recursively). */
export function strip(set: FieldSet, reset?: FieldSet): FieldSet {
  const kept = set.difference(NEVER_TRACKED);
  return reset ? kept.recursiveDifference(reset) : kept;
}

/** Top-level-style field paths (`[['status']]`, `[['metadata', 'labels']]`) as a set. */
export const resetSet = (paths?: readonly (readonly string[])[]) =>
  paths?.length ? FieldSet.of(...paths.map((p) => p.map((field) => ({ field })))) : undefined;
