/**
 * Server-side apply (structured-merge-diff's Apply, with Kubernetes' wrappers around it):
 *
 *   1. merge the configuration into the live object (merge.ts);
 *   2. the applier now owns exactly its configuration's fields;
 *   3. fields it owned last time, owns no longer, and nobody else owns are removed (prune);
 *   4. fields the result adds or changes that other managers own are conflicts: 409, unless
 *      forced, which takes them; removed fields leave every manager;
 *   5. never-tracked fields leave the applier's set; its time moves only if the object changed.
 *
 * The caller (PATCH handler) then defaults, validates and stores the object; fields defaulted
 * afterwards belong to nobody, as in Kubernetes.
 */
import type * as v from 'valibot';
import type { KubeObject, ManagedFieldsEntry } from '../../../lib/api/meta.ts';
import { badRequest, StatusError } from '../../../lib/errors.ts';
import { compare, materialize } from './compare.ts';
import { conflictError } from './conflict.ts';
import type { FieldSet } from './fieldset.ts';
import { CLIENT_SIDE_UPGRADER, lastAppliedFields, withLastApplied } from './lastapplied.ts';
import { decodeManaged, encodeManaged, managerId, type Managers } from './managed.ts';
import { merge } from './merge.ts';
import { fieldSet, namedFieldsAsMembers, typedErrors } from './owned.ts';
import { removeItems } from './remove.ts';
import { fieldManagerOptionsError } from './request.ts';
import { settle } from './settle.ts';
import { resetSet, strip } from './strip.ts';
import { rfc3339Seconds } from './time.ts';
import { deepEqual, dropNulls } from './values.ts';
import { withoutManagedFields } from './update.ts';

export interface ApplyInput {
  /** the stored object; undefined/null when the apply creates it */
  live: KubeObject | null | undefined;
  /** the applied configuration, decoded but not defaulted */
  config: KubeObject;
  schema: v.GenericSchema;
  manager: string;
  force: boolean;
  /** group/version of the endpoint, e.g. `apps/v1` */
  apiVersion: string;
  subresource?: string;
  now: Date;
  /** fields the strategy resets on this endpoint (e.g. `[['status']]`): never owned */
  resetFields?: readonly (readonly string[])[];
}

export interface ApplyResult {
  /** the merged object, carrying `managedFields` (absent when empty) */
  object: KubeObject;
  managedFields: ManagedFieldsEntry[];
}

export function apply(input: ApplyInput): ApplyResult {
  const { config, manager, apiVersion } = input;
  const optionsError = fieldManagerOptionsError('PatchOptions', { fieldManager: manager, apply: true });
  if (optionsError) throw optionsError;
  if (config.metadata?.managedFields !== undefined && config.metadata?.managedFields !== null) throw badRequest('metadata.managedFields must be nil');
  if (config.apiVersion !== apiVersion)
    throw badRequest(`Incorrect version specified in apply patch. Specified patch version: ${config.apiVersion ?? ''}, expected: ${apiVersion}`);
  const errors = typedErrors(config, input.schema);
  if (errors.length) throw typedPatchError(input, errors);

  let managers: Managers;
  try {
    managers = decodeManaged(input.live?.metadata?.managedFields);
  } catch (e) {
    throw unknownError(`failed to decode managed fields: ${(e as Error).message}`);
  }
  try {
    return applyWith(input, managers, input.force);
  } catch (e) {
    if (!(e instanceof Conflicts)) throw e;
    // kubectl's own server-side apply takes over what it applied client-side
    const allowed = manager === CLIENT_SIDE_UPGRADER ? lastAppliedFields(input.live, input.schema) : undefined;
    const remaining = allowed ? e.conflicts.filter((c) => !allowed.has(c.path)) : e.conflicts;
    if (remaining.length) throw conflictError(remaining);
    return applyWith(input, decodeManaged(input.live?.metadata?.managedFields), true);
  }
}

class Conflicts extends Error {
  constructor(readonly conflicts: ReturnType<typeof settle>) {
    super('conflicts');
  }
}

function applyWith(input: ApplyInput, managers: Managers, force: boolean): ApplyResult {
  const { schema, config, manager, apiVersion, subresource } = input;
  const live = input.live ? withoutManagedFields(input.live) : undefined;
  const before = live ?? {};
  const reset = resetSet(input.resetFields);
  const entry = { manager, operation: 'Apply' as const, apiVersion, ...(subresource ? { subresource } : {}) };
  const id = managerId(entry);
  const last = managers.get(id);
  const applied = fieldSet(config, schema);
  managers.set(id, { ...entry, time: last?.time, set: reset ? applied.recursiveDifference(reset) : applied });

  let merged = merge(live, config, schema);
  if (last && !last.set.isEmpty()) merged = prune(merged, last.set, managers, schema);

  const conflicts = settle(managers, id, compare(before, merged, schema), force);
  if (conflicts.length) throw new Conflicts(conflicts);

  const mine = managers.get(id);
  if (mine) {
    const set = strip(mine.set);
    if (set.isEmpty()) managers.delete(id);
    else managers.set(id, { ...mine, set, time: deepEqual(materialize(before, schema), materialize(merged, schema)) ? mine.time : rfc3339Seconds(input.now) });
  }
  const managedFields = encodeManaged(managers);
  let object = dropNulls(merged) as KubeObject;
  if (manager === CLIENT_SIDE_UPGRADER) object = withLastApplied(object, config);
  object = { ...object, metadata: { ...object.metadata } };
  if (managedFields.length) object.metadata.managedFields = managedFields;
  else delete object.metadata.managedFields;
  return { object, managedFields };
}

/** What the applier owned before and nobody (the applier included) owns now leaves the object. */
function prune(merged: unknown, last: FieldSet, managers: Managers, schema: v.GenericSchema): unknown {
  let owned: FieldSet | undefined;
  for (const m of managers.values()) owned = owned ? owned.union(m.set) : m.set;
  const drop = namedFieldsAsMembers(last, schema).difference(namedFieldsAsMembers(owned!, schema));
  return removeItems(merged, drop, schema);
}

/** `failed to create typed patch object (ns/name; apps/v1, Kind=Deployment): ...` — a 500, as in Kubernetes. */
function typedPatchError(input: ApplyInput, errors: string[]): StatusError {
  const { metadata = {}, kind = '' } = input.config;
  const gv = input.apiVersion.includes('/') ? input.apiVersion : `/${input.apiVersion}`;
  const detail = errors.length === 1 ? errors[0] : `errors:\n${errors.map((e) => `  ${e}`).join('\n')}`;
  return unknownError(`failed to create typed patch object (${metadata.namespace ?? ''}/${metadata.name ?? ''}; ${gv}, Kind=${kind}): ${detail}`);
}

/** A Go error that is not an API status: Kubernetes answers 500 with its text and no reason. */
const unknownError = (message: string) => new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code: 500 });
