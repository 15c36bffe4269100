/** events.k8s.io/v1 Event: the newer shape of core/v1 Event (regarding/note/reportingController). */
import * as v from 'valibot';
import { int32, message, obj, str, time } from '../schema/fields.ts';
import { objectEntries, type KubeObject } from './meta.ts';
import { objectReference, type ObjectReference } from './core/refs.ts';
import { eventSource, type EventSource } from './core/event.ts';

export const eventSeries = message({
  count: int32(1, { keep: true, doc: 'The number of occurrences in this series up to the last heartbeat time.' }),
  lastObservedTime: time(2, { keep: true, doc: 'The time when the last Event from the series was seen before the last heartbeat (MicroTime).' }),
});

export const eventsV1Event = v.object({
  ...objectEntries,
  eventTime: time(2, { keep: true, doc: 'The time when this Event was first observed (MicroTime). Required.' }),
  series: obj(3, eventSeries, { ptr: true, doc: "Data about the Event series this event represents, or nil if it's a singleton Event." }),
  reportingController: str(4, { doc: 'The name of the controller that emitted this Event, e.g. `kubernetes.io/kubelet`.' }),
  reportingInstance: str(5, { doc: 'The ID of the controller instance, e.g. `kubelet-xyzf` (at most 128 characters).' }),
  action: str(6, { doc: 'What action was taken/failed regarding the regarding object (at most 128 characters).' }),
  reason: str(7, { doc: 'Why the action was taken (at most 128 characters).' }),
  regarding: obj(8, objectReference, { doc: 'The object this Event is about.' }),
  related: obj(9, objectReference, { ptr: true, doc: 'Optional secondary object for more complex actions.' }),
  note: str(10, { doc: 'A human-readable description of the status of this operation (at most 1kB).' }),
  type: str(11, { doc: 'The type of this event (Normal, Warning).' }),
  deprecatedSource: obj(12, eventSource, { doc: 'Deprecated: core/v1 Event source, for backward compatibility.' }),
  deprecatedFirstTimestamp: time(13, { doc: 'Deprecated: core/v1 Event firstTimestamp.' }),
  deprecatedLastTimestamp: time(14, { doc: 'Deprecated: core/v1 Event lastTimestamp.' }),
  deprecatedCount: int32(15, { doc: 'Deprecated: core/v1 Event count.' }),
});

export interface EventsV1Event extends KubeObject {
  eventTime: string | null;
  series?: { count: number; lastObservedTime: string };
  reportingController?: string;
  reportingInstance?: string;
  action?: string;
  reason?: string;
  regarding?: ObjectReference;
  related?: ObjectReference;
  note?: string;
  type?: string;
  deprecatedSource?: EventSource;
  deprecatedFirstTimestamp?: string | null;
  deprecatedLastTimestamp?: string | null;
  deprecatedCount?: number;
}
