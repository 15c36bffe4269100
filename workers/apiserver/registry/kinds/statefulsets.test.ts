import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StatefulSet } from '../../../../lib/api/apps/statefulset.ts';
import type { FieldError } from '../../../../lib/errors.ts';
import statefulsets from './statefulsets.ts';

const messages = (errs: FieldError[]) => errs.map((e) => `${e.field}: ${e.body}`);

const base = (): StatefulSet => ({
  metadata: { name: 'web', namespace: 'ch17', generation: 1, creationTimestamp: '2026-01-01T00:00:00Z' },
  spec: {
    serviceName: 'web',
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', volumeMounts: [{ name: 'www', mountPath: '/data' }] }] } },
    volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
  },
});

const defaulted = () => {
  const s = base();
  statefulsets.defaults!(s);
  return s;
};

test("defaults: OrderedReady, RollingUpdate partition 0, Retain/Retain, 1 replica, 10 revisions, claim templates as claims", () => {
  const s = defaulted();
  assert.equal(s.spec?.podManagementPolicy, 'OrderedReady');
  assert.deepEqual(s.spec?.updateStrategy, { type: 'RollingUpdate', rollingUpdate: { partition: 0 } });
  assert.deepEqual(s.spec?.persistentVolumeClaimRetentionPolicy, { whenDeleted: 'Retain', whenScaled: 'Retain' });
  assert.equal(s.spec?.replicas, 1);
  assert.equal(s.spec?.revisionHistoryLimit, 10);
  assert.equal(s.spec?.volumeClaimTemplates?.[0].spec?.volumeMode, 'Filesystem');
  assert.equal(s.spec?.volumeClaimTemplates?.[0].status?.phase, 'Pending');
  assert.equal(s.spec?.template?.spec?.restartPolicy, 'Always');

  // an explicit RollingUpdate without parameters stays without them; OnDelete gets none
  const explicit = base();
  explicit.spec!.updateStrategy = { type: 'RollingUpdate' };
  statefulsets.defaults!(explicit);
  assert.deepEqual(explicit.spec?.updateStrategy, { type: 'RollingUpdate' });
});

test('a valid set passes: its template may mount claim templates, as the pod spec is not validated', () => {
  assert.deepEqual(messages(statefulsets.validate!(defaulted())), []);
});

test("validation speaks Kubernetes' words", () => {
  const s = defaulted();
  s.spec!.podManagementPolicy = 'Sometimes';
  s.spec!.updateStrategy = { type: 'OnDelete', rollingUpdate: { partition: 1 } };
  s.spec!.persistentVolumeClaimRetentionPolicy = { whenDeleted: 'Keep', whenScaled: 'Retain' };
  s.spec!.replicas = -1;
  s.spec!.selector = { matchLabels: { app: 'other' } };
  s.spec!.template!.spec!.restartPolicy = 'Never';
  assert.deepEqual(messages(statefulsets.validate!(s)), [
    `spec.podManagementPolicy: Invalid value: "Sometimes": must be 'OrderedReady' or 'Parallel'`,
    `spec.updateStrategy.rollingUpdate: Invalid value: "": only allowed for updateStrategy 'RollingUpdate'`,
    'spec.persistentVolumeClaimRetentionPolicy.whenDeleted: Unsupported value: "Keep": supported values: "Retain", "Delete"',
    'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    'spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`',
    'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
  ]);
  const empty = defaulted();
  empty.spec!.selector = {};
  assert.ok(messages(statefulsets.validate!(empty)).includes('spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for statefulset'));
});

test('updates: only replicas, ordinals, template, updateStrategy, revisionHistoryLimit, retention policy and minReadySeconds may change', () => {
  const old = defaulted();
  const ok = defaulted();
  ok.spec!.replicas = 5;
  ok.spec!.template!.spec!.containers![0].image = 'nginx:1.28';
  ok.spec!.persistentVolumeClaimRetentionPolicy = { whenDeleted: 'Delete', whenScaled: 'Delete' };
  assert.deepEqual(statefulsets.validateUpdate!(ok, old), []);
  for (const change of [(s: StatefulSet) => void (s.spec!.serviceName = 'other'), (s: StatefulSet) => void (s.spec!.volumeClaimTemplates = []), (s: StatefulSet) => void (s.spec!.selector = { matchLabels: { app: 'web', x: 'y' } })]) {
    const bad = defaulted();
    change(bad);
    assert.deepEqual(messages(statefulsets.validateUpdate!(bad, old)), [
      "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
    ]);
  }
});

test('status: a fresh one reads 0 replicas; the Table is NAME READY AGE (+ containers, images)', () => {
  const s = defaulted();
  statefulsets.prepareForCreate!(s);
  assert.deepEqual(s.status, { replicas: 0, availableReplicas: 0 });
  s.spec!.replicas = 3;
  s.status = { replicas: 3, readyReplicas: 2 };
  const t = statefulsets.table!;
  assert.deepEqual(t.columns.map((c) => [c.name, c.priority]), [['Name', 0], ['Ready', 0], ['Age', 0], ['Containers', 1], ['Images', 1]]);
  assert.deepEqual(t.cells(s, Date.parse('2026-01-01T00:05:00Z')), ['web', '2/3', '5m', 'nginx', 'nginx:1.27']);
  assert.deepEqual(statefulsets.shortNames, ['sts']);
  assert.deepEqual(statefulsets.subresources, { status: true, scale: true });
});
