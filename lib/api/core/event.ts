/**
 * core/v1 Event. Timestamps: firstTimestamp/lastTimestamp are meta/v1 Time (seconds), eventTime and
 * series.lastObservedTime are MicroTime (microseconds); the DSL carries both as `time`.
 */
import * as v from 'valibot';
import { int32, message, obj, str, time } from '../../schema/fields.ts';
import { objectEntries, type KubeObject } from '../meta.ts';
import { objectReference, type ObjectReference } from './refs.ts';

export const eventSource = message({
  component: str(1, { doc: 'Component from which the event is generated.' }),
  host: str(2, { doc: 'Node name on which the event is generated.' }),
});

export const coreEventSeries = message({
  count: int32(1, { doc: 'Number of occurrences in this series up to the last heartbeat time.' }),
  lastObservedTime: time(2, { doc: 'Time of the last occurrence observed.' }),
});

export const event = v.object({
  ...objectEntries,
  involvedObject: obj(2, objectReference, { keep: true, doc: 'The object that this event is about.' }),
  reason: str(3, { doc: "A short, machine understandable string that gives the reason for the transition into the object's current status." }),
  message: str(4, { doc: 'A human-readable description of the status of this operation.' }),
  source: obj(5, eventSource, { doc: 'The component reporting this event.' }),
  firstTimestamp: time(6, { doc: 'The time at which the event was first recorded.' }),
  lastTimestamp: time(7, { doc: 'The time at which the most recent occurrence of this event was recorded.' }),
  count: int32(8, { doc: 'The number of times this event has occurred.' }),
  type: str(9, { doc: 'Type of this event (Normal, Warning).' }),
  eventTime: time(10, { doc: 'Time when this Event was first observed (MicroTime).' }),
  series: obj(11, coreEventSeries, { ptr: true, doc: "Data about the Event series this event represents, or nil if it's a singleton Event." }),
  action: str(12, { doc: 'What action was taken/failed regarding the involved object.' }),
  related: obj(13, objectReference, { ptr: true, doc: 'Optional secondary object for more complex actions.' }),
  reportingComponent: str(14, { keep: true, doc: 'Name of the controller that emitted this Event, e.g. `kubernetes.io/kubelet`.' }),
  reportingInstance: str(15, { keep: true, doc: 'ID of the controller instance, e.g. `kubelet-xyzf`.' }),
});

export interface EventSource {
  component?: string;
  host?: string;
}

export interface Event extends KubeObject {
  involvedObject: ObjectReference;
  reason?: string;
  message?: string;
  source?: EventSource;
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  count?: number;
  type?: 'Normal' | 'Warning' | string;
  eventTime?: string | null;
  series?: { count?: number; lastObservedTime?: string };
  action?: string;
  related?: ObjectReference;
  reportingComponent?: string;
  reportingInstance?: string;
}
