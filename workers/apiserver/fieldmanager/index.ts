/** managedFields and server-side apply: what the REST handlers call. */
export { apply, type ApplyInput, type ApplyResult } from './apply.ts';
export { recordUpdate, type UpdateInput } from './update.ts';
export { fieldManagerOptionsError, managerFromRequest, type OptionsKind } from './request.ts';
export { FieldSet, fromFieldsV1, toFieldsV1 } from './fieldset.ts';
export { fieldSet } from './owned.ts';
export { compareEntries, MAX_UPDATE_MANAGERS } from './managed.ts';
export { LAST_APPLIED } from './lastapplied.ts';
