/**
 * events.k8s.io/v1 events: the core/v1 events served in their newer shape (Kubernetes stores one
 * Event and converts it for each API), printed and validated like them.
 */
import { eventsV1Event, type EventsV1Event } from '../../../../lib/api/events.ts';
import type { Event } from '../../../../lib/api/core/event.ts';
import type { KindDescriptor } from '../types.ts';
import coreEvents from './events.ts';
import { eventCells, eventColumns, fromCoreEvent, toCoreEvent, validateEvent } from './event-common.ts';

const desc: KindDescriptor<EventsV1Event> = {
  group: 'events.k8s.io',
  version: 'v1',
  kind: 'Event',
  resource: 'events',
  singular: 'event',
  namespaced: true,
  shortNames: ['ev'],
  schema: eventsV1Event,
  openapiName: 'io.k8s.api.events.v1.Event',
  nameRule: 'subdomain',
  storedAs: { kind: coreEvents as KindDescriptor, toStorage: (e) => toCoreEvent(e as EventsV1Event), fromStorage: (e) => fromCoreEvent(e as Event) },

  validate: (e) => validateEvent(toCoreEvent(e), true, 'reportingController'),

  table: { columns: eventColumns, cells: (e, now) => eventCells(toCoreEvent(e), now) },
  fieldSelectors: {
    'regarding.kind': (e) => e.regarding?.kind ?? '',
    'regarding.namespace': (e) => e.regarding?.namespace ?? '',
    'regarding.name': (e) => e.regarding?.name ?? '',
    'regarding.uid': (e) => e.regarding?.uid ?? '',
    'regarding.apiVersion': (e) => e.regarding?.apiVersion ?? '',
    'regarding.resourceVersion': (e) => e.regarding?.resourceVersion ?? '',
    'regarding.fieldPath': (e) => e.regarding?.fieldPath ?? '',
    reason: (e) => e.reason ?? '',
    reportingController: (e) => e.reportingController ?? '',
    type: (e) => e.type ?? '',
  },
};

export default desc;
