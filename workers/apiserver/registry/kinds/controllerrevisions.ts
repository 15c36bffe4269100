/**
 * apps/v1 controllerrevisions: the immutable snapshots of StatefulSet and DaemonSet templates
 * that `kubectl rollout history/undo` read. Only the revision number and metadata may change.
 */
import { controllerRevisionSchema, type ControllerRevision } from '../../../../lib/api/apps/controllerrevision.ts';
import { fieldErr, type FieldError } from '../../../../lib/errors.ts';
import { age, ageColumn, column, nameColumn } from '../printing.ts';
import type { KindDescriptor } from '../types.ts';
import { canonicalJson } from '../../../../lib/json/canonical.ts';
import { groupOf } from '../../../../lib/api/group-version.ts';
import { nonNegative } from './pod/messages.ts';

/** `statefulset.apps/web`: the controller as printers' formatResourceName writes it. */
function controllerName(r: ControllerRevision): string {
  const ref = r.metadata.ownerReferences?.find((o) => o.controller);
  if (!ref) return '<none>';
  const group = groupOf(ref.apiVersion);
  const kind = group ? `${ref.kind}.${group}` : ref.kind;
  return `${kind.toLowerCase()}/${ref.name}`;
}

const controllerrevisions: KindDescriptor<ControllerRevision> = {
  group: 'apps',
  version: 'v1',
  kind: 'ControllerRevision',
  resource: 'controllerrevisions',
  singular: 'controllerrevision',
  namespaced: true,
  schema: controllerRevisionSchema,
  openapiName: 'io.k8s.api.apps.v1.ControllerRevision',
  nameRule: 'subdomain',

  validate(r) {
    const errs: FieldError[] = [];
    if (r.data === undefined || r.data === null) errs.push(fieldErr.required('data', 'data is mandatory'));
    errs.push(...nonNegative(r.revision ?? 0, 'revision'));
    return errs;
  },

  validateUpdate(r, old) {
    return canonicalJson(r.data) === canonicalJson(old.data) ? [] : [fieldErr.invalid('data', 'runtime.RawExtension', 'field is immutable')];
  },

  table: {
    columns: [nameColumn, column('Controller', 'string', 'Controller of the object'), column('Revision', 'integer', 'Revision of the ControllerRevision'), ageColumn],
    cells: (r, now) => [r.metadata.name ?? '', controllerName(r), r.revision ?? 0, age(r.metadata.creationTimestamp, now)],
  },
};

export default controllerrevisions;
