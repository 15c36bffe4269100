import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Event } from '../../../../lib/api/core/event.ts';
import type { EventsV1Event } from '../../../../lib/api/events.ts';
import events from './events.ts';
import eventsV1 from './events-k8s-io.ts';

const NOW = Date.parse('2025-01-01T12:00:00Z');
const ev = (x: Partial<Event>): Event => ({
  metadata: { name: 'web.1', namespace: 'default' },
  involvedObject: { kind: 'Pod', name: 'web', namespace: 'default', fieldPath: 'spec.containers{app}' },
  ...x,
});

test('core event cells: Last Seen first, count 0 shown as 1, source "component, host"', () => {
  const e = ev({
    type: 'Normal',
    reason: 'Pulled',
    message: '  Successfully pulled image  ',
    source: { component: 'kubelet', host: 'n1' },
    firstTimestamp: '2025-01-01T11:50:00Z',
    lastTimestamp: '2025-01-01T11:59:00Z',
  });
  assert.equal(events.table!.columns[0].name, 'Last Seen');
  assert.deepEqual(events.table!.cells(e, NOW), ['60s', 'Normal', 'Pulled', 'pod/web', 'spec.containers{app}', 'kubelet, n1', 'Successfully pulled image', '10m', 1, 'web.1']);
});

test('core event cells: eventTime, series, reportingController fallbacks', () => {
  const e = ev({
    involvedObject: { kind: 'Node' },
    eventTime: '2025-01-01T11:00:00.000000Z',
    series: { count: 4, lastObservedTime: '2025-01-01T11:59:30.000000Z' },
    reportingComponent: 'default-scheduler',
    reportingInstance: '',
  });
  const cells = events.table!.cells(e, NOW);
  assert.deepEqual([cells[0], cells[3], cells[5], cells[7], cells[8]], ['30s', 'node', 'default-scheduler', '60m', 4]);
});

test('field selectors kubectl describe uses', () => {
  const e = ev({ reason: 'Started', type: 'Normal', involvedObject: { kind: 'Pod', name: 'web', namespace: 'default', uid: 'u1' }, reportingComponent: 'kubelet' });
  const f = events.fieldSelectors!;
  assert.deepEqual(
    ['involvedObject.kind', 'involvedObject.name', 'involvedObject.namespace', 'involvedObject.uid', 'involvedObject.fieldPath', 'reason', 'type', 'source', 'reportingComponent'].map((k) => f[k](e)),
    ['Pod', 'web', 'default', 'u1', '', 'Started', 'Normal', 'kubelet', 'kubelet'],
  );
});

test('legacy validation: namespaces must agree; new-style events need reporting fields', () => {
  const texts = (e: Event) => events.validate!(e).map((x) => `${x.field}: ${x.body}`);
  assert.deepEqual(texts(ev({})), []);
  assert.deepEqual(texts(ev({ involvedObject: { kind: 'Node', name: 'n1' } })), []);
  assert.deepEqual(texts(ev({ metadata: { name: 'x', namespace: 'other' } })), ['involvedObject.namespace: Invalid value: "default": does not match event.namespace']);
  assert.deepEqual(texts(ev({ eventTime: '2025-01-01T11:00:00.000000Z' })), [
    'reportingComponent: Required value',
    `reportingComponent: Invalid value: "": name part must be non-empty`,
    `reportingComponent: Invalid value: "": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
    'reportingInstance: Required value',
    'action: Required value',
    'reason: Required value',
  ]);
});

test('events.k8s.io/v1: strict rules, printed like core events', () => {
  const e: EventsV1Event = {
    metadata: { name: 'x', namespace: 'default' },
    eventTime: '2025-01-01T11:59:00.000000Z',
    reportingController: 'example.com/ctl',
    reportingInstance: 'ctl-1',
    action: 'Sync',
    reason: 'Synced',
    regarding: { kind: 'Deployment', name: 'web', namespace: 'default' },
    note: 'ok',
    type: 'Normal',
  };
  assert.deepEqual(eventsV1.validate!(e), []);
  assert.deepEqual(
    eventsV1.validate!({ ...e, type: 'Info', deprecatedCount: 3 }).map((x) => `${x.field}: ${x.body}`),
    ['type: Invalid value: "": has invalid value: Info', 'count: Invalid value: "": needs to be unset'],
  );
  assert.deepEqual(eventsV1.table!.cells(e, NOW), ['60s', 'Normal', 'Synced', 'deployment/web', '', 'example.com/ctl, ctl-1', 'ok', '60s', 1, 'x']);
  assert.equal(eventsV1.fieldSelectors!['regarding.name'](e), 'web');
});
