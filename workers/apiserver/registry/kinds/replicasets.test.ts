import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import { replicaSetSchema, type ReplicaSet } from '../../../../lib/api/apps/replicaset.ts';
import { invalid, type FieldError } from '../../../../lib/errors.ts';
import replicasets from './replicasets.ts';

const messages = (errs: FieldError[]) => errs.map((e) => `${e.field}: ${e.body}`);

/** As the deployment controller writes one. */
const rs = (): ReplicaSet => ({
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: {
    name: 'vitrine-7d9c6b5f8',
    namespace: 'default',
    labels: { app: 'vitrine', 'pod-template-hash': '7d9c6b5f8' },
    annotations: { 'deployment.kubernetes.io/revision': '1', 'deployment.kubernetes.io/desired-replicas': '3', 'deployment.kubernetes.io/max-replicas': '4' },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'vitrine', uid: '0b1c', controller: true, blockOwnerDeletion: true }],
  },
  spec: {
    replicas: 3,
    minReadySeconds: 0,
    selector: { matchLabels: { app: 'vitrine', 'pod-template-hash': '7d9c6b5f8' } },
    template: {
      metadata: { labels: { app: 'vitrine', 'pod-template-hash': '7d9c6b5f8' } },
      spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
    },
  },
  status: {
    replicas: 3,
    fullyLabeledReplicas: 3,
    readyReplicas: 2,
    availableReplicas: 2,
    observedGeneration: 1,
    conditions: [{ type: 'ReplicaFailure', status: 'False', lastTransitionTime: '2025-01-01T12:00:00Z', reason: 'r', message: 'm' }],
  },
});
const defaulted = (r: ReplicaSet) => (replicasets.defaults!(r), r);

test('the schema keeps every field of a controller-written ReplicaSet', () => {
  const input = rs();
  assert.deepEqual(v.parse(replicaSetSchema, input), input);
});

test('defaults: replicas 1 and the template defaults', () => {
  const r = rs();
  delete r.spec!.replicas;
  defaulted(r);
  assert.equal(r.spec!.replicas, 1);
  assert.equal(r.spec!.template!.spec!.containers![0].imagePullPolicy, 'IfNotPresent');
  assert.equal(r.spec!.template!.spec!.schedulerName, 'default-scheduler');
  assert.equal(r.spec!.template!.metadata!.creationTimestamp, null);
  assert.deepEqual(replicasets.validate!(r), []);
});

test('validation: selector required and matching the template, replicas >= 0', () => {
  const r = defaulted(rs());
  r.spec!.replicas = -2;
  r.spec!.template!.metadata!.labels = { app: 'other' };
  assert.equal(
    invalid({ group: 'apps', kind: 'ReplicaSet' }, r.metadata.name!, replicasets.validate!(r)).status.message,
    'ReplicaSet.apps "vitrine-7d9c6b5f8" is invalid: [spec.replicas: Invalid value: -2: must be greater than or equal to 0, spec.template.metadata.labels: Invalid value: map[string]string{"app":"other"}: `selector` does not match template `labels`]',
  );
  const noSelector = defaulted(rs());
  delete noSelector.spec!.selector;
  delete noSelector.spec!.template!.metadata!.labels;
  assert.deepEqual(messages(replicasets.validate!(noSelector)), [
    'spec.selector: Required value',
    'spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels`',
  ]);
  const badOperator = defaulted(rs());
  badOperator.spec!.selector = { matchExpressions: [{ key: 'app', operator: 'Is', values: ['x'] }] };
  assert.deepEqual(messages(replicasets.validate!(badOperator)), [
    'spec.selector.matchExpressions[0].operator: Invalid value: "Is": not a valid selector operator',
    'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"app", Operator:"Is", Values:[]string{"x"}}}}: invalid label selector',
  ]);
});

test('update: selector immutable; status kept; a status write keeps the spec', () => {
  const old = defaulted(rs());
  const next = structuredClone(old);
  next.spec!.selector = { matchLabels: { app: 'vitrine' } };
  assert.equal(messages(replicasets.validateUpdate!(next, old)).length, 1);
  next.status = { replicas: 0 };
  replicasets.prepareForUpdate!(next, old);
  assert.equal(next.status!.replicas, 3);
  const status = structuredClone(old);
  status.spec!.replicas = 10;
  status.status = { replicas: 3, readyReplicas: 3 };
  replicasets.prepareForStatusUpdate!(status, old);
  assert.equal(status.spec!.replicas, 3);
  assert.equal(status.status!.readyReplicas, 3);
  const fresh = defaulted(rs());
  replicasets.prepareForCreate!(fresh);
  assert.deepEqual(fresh.status, { replicas: 0 });
});

test('table: DESIRED, CURRENT and READY are integers; the selector is formatted', () => {
  const r = defaulted(rs());
  r.metadata.creationTimestamp = '2025-01-01T12:00:00Z';
  const cells = replicasets.table!.cells(r, Date.parse('2025-01-01T12:03:02Z'));
  assert.deepEqual(cells, ['vitrine-7d9c6b5f8', 3, 3, 2, '3m2s', 'nginx', 'nginx:1.27', 'app=vitrine,pod-template-hash=7d9c6b5f8']);
  assert.deepEqual(
    replicasets.table!.columns.map((c) => [c.name, c.type, c.priority]),
    [
      ['Name', 'string', 0],
      ['Desired', 'integer', 0],
      ['Current', 'integer', 0],
      ['Ready', 'integer', 0],
      ['Age', 'string', 0],
      ['Containers', 'string', 1],
      ['Images', 'string', 1],
      ['Selector', 'string', 1],
    ],
  );
  delete r.spec!.selector;
  assert.equal(replicasets.table!.cells(r, 0)[7], '<none>');
  assert.equal(replicasets.fieldSelectors!['status.replicas'](r), '3');
});
