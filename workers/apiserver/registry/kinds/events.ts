/** core/v1 events. No defaults; the apiserver expires them (1 h). */
import { event, type Event } from '../../../../lib/api/core/event.ts';
import type { KindDescriptor } from '../types.ts';
import { eventCells, eventColumns, validateEvent } from './event-common.ts';

const desc: KindDescriptor<Event> = {
  group: '',
  version: 'v1',
  kind: 'Event',
  resource: 'events',
  singular: 'event',
  namespaced: true,
  shortNames: ['ev'],
  schema: event,
  openapiName: 'io.k8s.api.core.v1.Event',
  nameRule: 'subdomain',

  validate: (e) => validateEvent(e, false, 'reportingComponent'),

  table: { columns: eventColumns, cells: eventCells },
  fieldSelectors: {
    'involvedObject.kind': (e) => e.involvedObject?.kind ?? '',
    'involvedObject.namespace': (e) => e.involvedObject?.namespace ?? '',
    'involvedObject.name': (e) => e.involvedObject?.name ?? '',
    'involvedObject.uid': (e) => e.involvedObject?.uid ?? '',
    'involvedObject.apiVersion': (e) => e.involvedObject?.apiVersion ?? '',
    'involvedObject.resourceVersion': (e) => e.involvedObject?.resourceVersion ?? '',
    'involvedObject.fieldPath': (e) => e.involvedObject?.fieldPath ?? '',
    reason: (e) => e.reason ?? '',
    reportingComponent: (e) => e.reportingComponent ?? '',
    source: (e) => e.source?.component || e.reportingComponent || '',
    type: (e) => e.type ?? '',
  },
};

export default desc;
