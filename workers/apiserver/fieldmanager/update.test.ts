import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordUpdate } from './update.ts';
import { at, created, deep, defaulted, deploymentSchema } from './fixtures.test-support.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';

const json = (x: unknown) => JSON.stringify(x);
const schema = deploymentSchema;

/** What `kubectl create deployment nginx --image=nginx` sends. */
const createDeployment = (): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'nginx', namespace: 'default', labels: { app: 'nginx' } },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: 'nginx' } },
    strategy: {},
    template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx', resources: {} }] } },
  },
});

test('kubectl create deployment: the Update entry Kubernetes writes', () => {
  const obj = created(defaulted(createDeployment()));
  const entries = recordUpdate({ live: undefined, updated: obj, schema, manager: 'kubectl-create', apiVersion: 'apps/v1', now: at('2026-09-26T17:17:28.734Z') });
  assert.equal(
    json(entries),
    json([
      {
        manager: 'kubectl-create',
        operation: 'Update',
        apiVersion: 'apps/v1',
        time: '2026-09-26T17:17:28Z',
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
          'f:spec': {
            'f:progressDeadlineSeconds': {},
            'f:replicas': {},
            'f:revisionHistoryLimit': {},
            'f:selector': {},
            'f:strategy': { 'f:rollingUpdate': { '.': {}, 'f:maxSurge': {}, 'f:maxUnavailable': {} }, 'f:type': {} },
            'f:template': {
              'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
              'f:spec': {
                'f:containers': {
                  'k:{"name":"nginx"}': {
                    '.': {},
                    'f:image': {},
                    'f:imagePullPolicy': {},
                    'f:name': {},
                    'f:resources': {},
                    'f:terminationMessagePath': {},
                    'f:terminationMessagePolicy': {},
                  },
                },
                'f:dnsPolicy': {},
                'f:restartPolicy': {},
                'f:schedulerName': {},
                'f:securityContext': {},
                'f:terminationGracePeriodSeconds': {},
              },
            },
          },
        },
      },
    ]),
  );
});

test('a status write is its own entry with subresource, and the writer keeps its other fields', () => {
  const live = created(defaulted(createDeployment()));
  live.metadata.managedFields = recordUpdate({ live: undefined, updated: live, schema, manager: 'kubectl-create', apiVersion: 'apps/v1', now: at('2026-09-26T17:17:28Z') });
  const next = deep(live);
  next.status = { observedGeneration: 1, replicas: 1, conditions: [{ type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable', message: 'ok', lastTransitionTime: '2026-09-26T17:17:30Z' }] };
  const entries = recordUpdate({ live, updated: next, schema, manager: 'kube-controller-manager', apiVersion: 'apps/v1', subresource: 'status', now: at('2026-09-26T17:17:30Z') });
  assert.deepEqual(
    entries.map((e) => [e.manager, e.subresource]),
    [
      ['kubectl-create', undefined],
      ['kube-controller-manager', 'status'],
    ],
  );
  assert.equal(
    json(entries[1].fieldsV1),
    json({
      'f:status': {
        'f:conditions': {
          '.': {},
          'k:{"type":"Available"}': { '.': {}, 'f:lastTransitionTime': {}, 'f:message': {}, 'f:reason': {}, 'f:status': {}, 'f:type': {} },
        },
        'f:observedGeneration': {},
        'f:replicas': {},
      },
    }),
  );
  assert.deepEqual(entries[0], live.metadata.managedFields[0]);
});

test('an update takes the fields it changes from other managers; removed fields leave everyone', () => {
  const live = created(defaulted(createDeployment()));
  live.metadata.managedFields = recordUpdate({ live: undefined, updated: live, schema, manager: 'kubectl-create', apiVersion: 'apps/v1', now: at('2026-09-26T17:00:00Z') });
  const next = deep(live);
  (next.spec as any).template.spec.containers[0].image = 'nginx:1.27';
  delete (next.metadata as any).labels;
  const entries = recordUpdate({ live, updated: next, schema, manager: 'kubectl-edit', apiVersion: 'apps/v1', now: at('2026-09-26T17:05:00Z') });
  const [create, edit] = entries;
  assert.equal(edit.manager, 'kubectl-edit');
  assert.deepEqual(edit.fieldsV1, { 'f:spec': { 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': { 'f:image': {} } } } } } });
  const c = (create.fieldsV1 as any)['f:spec']['f:template']['f:spec']['f:containers']['k:{"name":"nginx"}'];
  assert.equal('f:image' in c, false);
  assert.equal('f:metadata' in (create.fieldsV1 as any), false);
  assert.equal(create.time, '2026-09-26T17:00:00Z', 'an entry that only lost fields keeps its time');
});

test('the same manager accumulates; its time moves only when it changes something', () => {
  const live = created(defaulted(createDeployment()));
  live.metadata.managedFields = recordUpdate({ live: undefined, updated: live, schema, manager: 'kubectl-create', apiVersion: 'apps/v1', now: at('2026-09-26T17:00:00Z') });
  const noop = deep(live);
  noop.metadata.resourceVersion = '9';
  const same = recordUpdate({ live, updated: noop, schema, manager: 'kubectl-create', apiVersion: 'apps/v1', now: at('2026-09-26T18:00:00Z') });
  assert.deepEqual(same, live.metadata.managedFields);
  const nobody = recordUpdate({ live, updated: noop, schema, manager: 'someone', apiVersion: 'apps/v1', now: at('2026-09-26T18:00:00Z') });
  assert.equal(nobody.length, 1, 'a writer that changes nothing gets no entry');
});

test('managedFields sent by the client are used; [{}] clears them', () => {
  const live = created(defaulted(createDeployment()));
  live.metadata.managedFields = recordUpdate({ live: undefined, updated: live, schema, manager: 'kubectl-create', apiVersion: 'apps/v1', now: at('2026-09-26T17:00:00Z') });
  const next = deep(live);
  next.metadata.managedFields = [{}];
  assert.deepEqual(recordUpdate({ live, updated: next, schema, manager: 'x', apiVersion: 'apps/v1', now: at('2026-09-26T18:00:00Z') }), []);
  const mine = deep(live);
  mine.metadata.managedFields = [{ manager: 'mine', operation: 'Update', apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:paused': {} } } }];
  assert.deepEqual(
    recordUpdate({ live, updated: mine, schema, manager: 'x', apiVersion: 'apps/v1', now: at('2026-09-26T18:00:00Z') }).map((e) => e.manager),
    ['mine'],
  );
});

test('reset fields are never owned', () => {
  const obj = created(defaulted(createDeployment()));
  obj.status = { replicas: 3 };
  const [entry] = recordUpdate({ live: undefined, updated: obj, schema, manager: 'm', apiVersion: 'apps/v1', now: at('2026-09-26T17:00:00Z'), resetFields: [['status']] });
  assert.equal('f:status' in (entry.fieldsV1 as any), false);
});
