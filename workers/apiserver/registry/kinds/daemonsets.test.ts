import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DaemonSet } from '../../../../lib/api/apps/daemonset.ts';
import type { FieldError } from '../../../../lib/errors.ts';
import daemonsets from './daemonsets.ts';

const messages = (errs: FieldError[]) => errs.map((e) => `${e.field}: ${e.body}`);
const GEN = 'deprecated.daemonset.template.generation';

const defaulted = (): DaemonSet => {
  const d: DaemonSet = {
    metadata: { name: 'agent', namespace: 'kube-system', creationTimestamp: '2026-01-01T00:00:00Z' },
    spec: { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image: 'agent:1' }] } } },
  };
  daemonsets.defaults!(d);
  return d;
};

test('defaults: RollingUpdate with maxUnavailable 1 and maxSurge 0, 10 revisions', () => {
  const d = defaulted();
  assert.deepEqual(d.spec?.updateStrategy, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } });
  assert.equal(d.spec?.revisionHistoryLimit, 10);
  assert.deepEqual(messages(daemonsets.validate!(d)), []);
});

test('the template generation annotation starts at 1 and grows with each template change only', () => {
  const d = defaulted();
  daemonsets.prepareForCreate!(d);
  assert.equal(d.metadata.annotations?.[GEN], '1');
  assert.deepEqual(d.status, { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 });
  const scaled = structuredClone(d);
  scaled.spec!.minReadySeconds = 5;
  delete scaled.metadata.annotations;
  daemonsets.prepareForUpdate!(scaled, d);
  assert.equal(scaled.metadata.annotations?.[GEN], '1', 'kept, even when the update drops it');
  const changed = structuredClone(d);
  changed.spec!.template!.spec!.containers![0].image = 'agent:2';
  daemonsets.prepareForUpdate!(changed, d);
  assert.equal(changed.metadata.annotations?.[GEN], '2');
});

test("validation speaks Kubernetes' words", () => {
  const d = defaulted();
  d.spec!.updateStrategy = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 1 } };
  d.spec!.template!.spec!.restartPolicy = 'OnFailure';
  d.spec!.template!.spec!.activeDeadlineSeconds = 5;
  assert.deepEqual(messages(daemonsets.validate!(d)), [
    'spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
    'spec.template.spec.activeDeadlineSeconds: Invalid value: 5: activeDeadlineSeconds must be nil for daemon set',
    'spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:0, IntVal:1, StrVal:""}: may not be set when maxUnavailable is non-zero',
  ]);
  const zero = defaulted();
  zero.spec!.updateStrategy = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 0 } };
  assert.deepEqual(messages(daemonsets.validate!(zero)), ['spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0']);
  const other = defaulted();
  other.spec!.updateStrategy = { type: 'Sometimes' };
  assert.deepEqual(messages(daemonsets.validate!(other)), [
    'spec.updateStrategy: Unsupported value: apps.DaemonSetUpdateStrategy{Type:"Sometimes", RollingUpdate:(*apps.RollingUpdateDaemonSet)(nil)}: supported values: "RollingUpdate", "OnDelete"',
  ]);
  const moved = defaulted();
  moved.spec!.selector = { matchLabels: { app: 'x' } };
  assert.deepEqual(daemonsets.validateUpdate!(moved, defaulted()).map((e) => e.field), ['spec.selector']);
});

test('the Table: NAME DESIRED CURRENT READY UP-TO-DATE AVAILABLE NODE SELECTOR AGE', () => {
  const d = defaulted();
  d.spec!.template!.spec!.nodeSelector = { 'kubernetes.io/os': 'linux' };
  d.status = { desiredNumberScheduled: 3, currentNumberScheduled: 3, numberReady: 2, updatedNumberScheduled: 3, numberAvailable: 2, numberMisscheduled: 0 };
  const t = daemonsets.table!;
  assert.deepEqual(t.columns.filter((c) => c.priority === 0).map((c) => c.name), ['Name', 'Desired', 'Current', 'Ready', 'Up-to-date', 'Available', 'Node Selector', 'Age']);
  assert.deepEqual(t.cells(d, Date.parse('2026-01-01T00:00:30Z')), ['agent', 3, 3, 2, 3, 2, 'kubernetes.io/os=linux', '30s', 'a', 'agent:1', 'app=agent']);
});
