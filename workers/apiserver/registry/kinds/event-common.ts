/**
 * What core/v1 and events.k8s.io/v1 Events share: Kubernetes keeps one internal Event type, prints
 * and validates both through it. Here the newer shape is mapped onto the core one.
 */
import type { Event } from '../../../../lib/api/core/event.ts';
import type { EventsV1Event } from '../../../../lib/api/events.ts';
import { fieldErr, type FieldError } from '../../../../lib/errors.ts';
import { age, column, NAME_DOC } from '../printing.ts';
import type { TableColumn } from '../types.ts';
import { dns1123Subdomain, qualifiedName } from '../validation.ts';

/** Drops the fields a conversion left undefined, so converted objects compare and print as stored ones. */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as T;
}

/**
 * events.k8s.io/v1 → core/v1, as Kubernetes' Convert_v1_Event_To_core_Event: the same fields
 * under the old names (reportingController is core/v1's reportingComponent).
 */
export function toCoreEvent(e: EventsV1Event): Event {
  return defined({
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { ...e.metadata },
    involvedObject: e.regarding ?? {},
    reason: e.reason,
    message: e.note,
    source: e.deprecatedSource,
    firstTimestamp: e.deprecatedFirstTimestamp,
    lastTimestamp: e.deprecatedLastTimestamp,
    count: e.deprecatedCount,
    type: e.type,
    eventTime: e.eventTime,
    series: e.series,
    action: e.action,
    related: e.related,
    reportingComponent: e.reportingController,
    reportingInstance: e.reportingInstance,
  });
}

/**
 * core/v1 → events.k8s.io/v1, the inverse (Convert_core_Event_To_v1_Event). No fallback from
 * source.component to reportingController: Kubernetes keeps that in deprecatedSource only.
 * eventTime is always present (null for old-style events), as Kubernetes serializes it.
 */
export function fromCoreEvent(e: Event): EventsV1Event {
  return defined({
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: { ...e.metadata },
    eventTime: e.eventTime ?? null,
    series: e.series as EventsV1Event['series'],
    reportingController: e.reportingComponent,
    reportingInstance: e.reportingInstance,
    action: e.action,
    reason: e.reason,
    regarding: e.involvedObject,
    related: e.related,
    note: e.message,
    type: e.type,
    deprecatedSource: e.source,
    deprecatedFirstTimestamp: e.firstTimestamp,
    deprecatedLastTimestamp: e.lastTimestamp,
    deprecatedCount: e.count,
  });
}

export const eventColumns: TableColumn[] = [
  column('Last Seen', 'string', 'The time at which the most recent occurrence of this event was recorded.'),
  column('Type', 'string', 'Type of this event (Normal, Warning), new types could be added in the future'),
  column('Reason', 'string', "This should be a short, machine understandable string that gives the reason for the transition into the object's current status."),
  column('Object', 'string', 'The object that this event is about.'),
  column('Subobject', 'string', 'The subobject (fieldPath) of the object that this event is about.', 1),
  column('Source', 'string', 'The component reporting this event. Should be a short machine understandable string.', 1),
  column('Message', 'string', 'A human-readable description of the status of this operation.'),
  column('First Seen', 'string', 'The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)', 1),
  column('Count', 'string', 'The number of times this event has occurred.', 1),
  column('Name', 'string', NAME_DOC, 1, 'name'),
];

/** printers.md §2.13: the cells of one event, first column Last Seen. */
export function eventCells(e: Event, now: number): unknown[] {
  const first = e.firstTimestamp ? age(e.firstTimestamp, now) : age(e.eventTime, now);
  let last = e.lastTimestamp ? age(e.lastTimestamp, now) : first;
  let count = e.count ?? 0;
  if (e.series) {
    last = age(e.series.lastObservedTime, now);
    count = e.series.count ?? 0;
  } else if (count === 0) count = 1; // singleton events of the new API have no count
  const kind = (e.involvedObject?.kind ?? '').toLowerCase();
  const target = e.involvedObject?.name ? `${kind}/${e.involvedObject.name}` : kind;
  const component = e.source?.component || e.reportingComponent || '';
  const host = e.source?.host || e.reportingInstance || '';
  return [
    last,
    e.type ?? '',
    e.reason ?? '',
    target,
    e.involvedObject?.fieldPath ?? '',
    host ? `${component}, ${host}` : component,
    (e.message ?? '').trim(),
    first,
    count,
    e.metadata.name,
  ];
}

const LIMIT_128 = 128;
const NOTE_LIMIT = 1024;

/**
 * legacyValidateEvent (both APIs) plus, for events.k8s.io/v1 (`strict`), the rules of new-API
 * events. `reportingField` is how the reporting controller is named in the request's version.
 */
export function validateEvent(e: Event, strict: boolean, reportingField: string): FieldError[] {
  const errs: FieldError[] = [];
  const ns = e.metadata.namespace ?? '';
  const involvedNs = e.involvedObject?.namespace ?? '';
  const mismatch = () => fieldErr.invalid('involvedObject.namespace', involvedNs, 'does not match event.namespace');
  if (!e.eventTime) {
    // old-style events: the event lives in its object's namespace (cluster-scoped objects: "default")
    if (involvedNs ? ns !== involvedNs : ns !== '' && ns !== 'default') errs.push(mismatch());
  } else {
    if (!involvedNs && ns !== 'default' && ns !== 'kube-system') errs.push(mismatch());
    const controller = e.reportingComponent ?? '';
    if (!controller) errs.push(fieldErr.required(reportingField));
    for (const m of qualifiedName(controller)) errs.push(fieldErr.invalid(reportingField, controller, m));
    const tooLong = (f: string, limit: number) => fieldErr.invalid(f, '', `can have at most ${limit} characters`);
    if (!e.reportingInstance) errs.push(fieldErr.required('reportingInstance'));
    if ((e.reportingInstance ?? '').length > LIMIT_128) errs.push(tooLong('reportingInstance', LIMIT_128));
    if (!e.action) errs.push(fieldErr.required('action'));
    if ((e.action ?? '').length > LIMIT_128) errs.push(tooLong('action', LIMIT_128));
    if (!e.reason) errs.push(fieldErr.required('reason'));
    if ((e.reason ?? '').length > LIMIT_128) errs.push(tooLong('reason', LIMIT_128));
    if ((e.message ?? '').length > NOTE_LIMIT) errs.push(tooLong('message', NOTE_LIMIT));
  }
  for (const m of dns1123Subdomain(ns)) errs.push(fieldErr.invalid('namespace', ns, m));
  if (!strict) return errs;

  if (e.series) {
    if ((e.series.count ?? 0) < 2) errs.push(fieldErr.invalid('series.count', '', 'should be at least 2'));
    if (!e.series.lastObservedTime) errs.push(fieldErr.required('series.lastObservedTime'));
  }
  if (!e.eventTime) errs.push(fieldErr.required('eventTime'));
  if (e.type !== 'Normal' && e.type !== 'Warning') errs.push(fieldErr.invalid('type', '', `has invalid value: ${e.type ?? ''}`));
  if (e.firstTimestamp) errs.push(fieldErr.invalid('firstTimestamp', '', 'needs to be unset'));
  if (e.lastTimestamp) errs.push(fieldErr.invalid('lastTimestamp', '', 'needs to be unset'));
  if (e.count) errs.push(fieldErr.invalid('count', '', 'needs to be unset'));
  if (e.source?.component || e.source?.host) errs.push(fieldErr.invalid('source', '', 'needs to be unset'));
  return errs;
}
