import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Event } from '../../../../lib/api/core/event.ts';
import type { EventsV1Event } from '../../../../lib/api/events.ts';
import { fromCoreEvent, toCoreEvent } from './event-common.ts';
import eventsV1Kind from './events-k8s-io.ts';
import coreEventsKind from './events.ts';
import type { KindDescriptor } from '../types.ts';
import { storageKey, storagePrefix, sharingStorage } from '../index.ts';

// the registry's generic view of the two kinds
const eventsV1 = eventsV1Kind as unknown as KindDescriptor;
const coreEvents = coreEventsKind as unknown as KindDescriptor;

const meta = { name: 'web.17a', namespace: 'default', uid: 'u-1', resourceVersion: '42', creationTimestamp: '2025-01-01T11:00:00Z', managedFields: [{ manager: 'kubectl', operation: 'Update' as const, apiVersion: 'v1' }] };

/** A core event with every field core/v1 and events.k8s.io/v1 share. */
const core: Event = {
  apiVersion: 'v1',
  kind: 'Event',
  metadata: meta,
  involvedObject: { kind: 'Pod', namespace: 'default', name: 'web', uid: 'p-1', apiVersion: 'v1', resourceVersion: '7', fieldPath: 'spec.containers{app}' },
  reason: 'BackOff',
  message: 'Back-off restarting failed container',
  source: { component: 'kubelet', host: 'n1' },
  firstTimestamp: '2025-01-01T11:00:00Z',
  lastTimestamp: '2025-01-01T11:05:00Z',
  count: 5,
  type: 'Warning',
  eventTime: '2025-01-01T11:00:00.123456Z',
  series: { count: 4, lastObservedTime: '2025-01-01T11:05:00.000001Z' },
  action: 'Restarting',
  related: { kind: 'Node', name: 'n1' },
  reportingComponent: 'kubelet',
  reportingInstance: 'kubelet-n1',
};

test('core → events.k8s.io/v1: every field under its new name', () => {
  const v1 = fromCoreEvent(core);
  assert.deepEqual(v1, {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: meta,
    eventTime: '2025-01-01T11:00:00.123456Z',
    series: { count: 4, lastObservedTime: '2025-01-01T11:05:00.000001Z' },
    reportingController: 'kubelet',
    reportingInstance: 'kubelet-n1',
    action: 'Restarting',
    reason: 'BackOff',
    regarding: core.involvedObject,
    related: { kind: 'Node', name: 'n1' },
    note: 'Back-off restarting failed container',
    type: 'Warning',
    deprecatedSource: { component: 'kubelet', host: 'n1' },
    deprecatedFirstTimestamp: '2025-01-01T11:00:00Z',
    deprecatedLastTimestamp: '2025-01-01T11:05:00Z',
    deprecatedCount: 5,
  });
  assert.notEqual(v1.metadata, core.metadata, 'metadata is copied, not shared');
});

test('round trips keep every field', () => {
  assert.deepEqual(toCoreEvent(fromCoreEvent(core)), core);
  const v1 = fromCoreEvent(core);
  assert.deepEqual(fromCoreEvent(toCoreEvent(v1)), v1);
});

test('an old-style core event: eventTime null, no reportingController made up from source', () => {
  const old: Event = { metadata: { name: 'x', namespace: 'default' }, involvedObject: { kind: 'Pod', name: 'web' }, reason: 'Pulled', source: { component: 'kubelet' }, count: 1 };
  const v1 = fromCoreEvent(old);
  assert.equal(v1.eventTime, null);
  assert.equal('reportingController' in v1, false);
  assert.deepEqual(v1.deprecatedSource, { component: 'kubelet' });
  assert.equal('note' in v1, false, 'absent fields stay absent');
  // the new API's field selectors see the converted fields
  assert.equal(eventsV1.fieldSelectors!['regarding.name'](v1), 'web');
  assert.equal(eventsV1.fieldSelectors!.reason(v1), 'Pulled');
});

test('a new-API event seen through core/v1 keeps its fields', () => {
  const v1: EventsV1Event = { metadata: { name: 'y', namespace: 'default' }, eventTime: '2025-01-01T11:00:00.000000Z', reportingController: 'example.com/ctl', reportingInstance: 'ctl-1', action: 'Sync', reason: 'Synced', regarding: { kind: 'Deployment', name: 'web' }, note: 'ok', type: 'Normal' };
  const c = toCoreEvent(v1);
  assert.equal(c.apiVersion, 'v1');
  assert.equal(c.reportingComponent, 'example.com/ctl');
  assert.equal(c.message, 'ok');
  assert.deepEqual(coreEvents.validate!(c), []);
});

test('events.k8s.io/v1 events live under the core events keys', () => {
  assert.equal(storageKey(eventsV1, 'default', 'x'), '/registry/events/default/x');
  assert.equal(storagePrefix(eventsV1), storagePrefix(coreEvents));
  assert.deepEqual(sharingStorage(coreEvents).map((d) => d.group).sort(), ['', 'events.k8s.io']);
  assert.deepEqual(sharingStorage(eventsV1).length, 2);
});
