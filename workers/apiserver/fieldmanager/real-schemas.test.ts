/** The same expectations against the real kind schemas (lib/api), which other parts maintain. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deploymentSchema } from '../../../lib/api/apps/deployment.ts';
import { configMap } from '../../../lib/api/core/configmap.ts';
import { recordUpdate } from './update.ts';
import { apply } from './apply.ts';
import { at, created, deep, defaulted, vitrineConfig } from './fixtures.test-support.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';

const json = (x: unknown) => JSON.stringify(x);

test('apps/v1 Deployment: kubectl create deployment records the Update entry Kubernetes writes', () => {
  const sent: KubeObject = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'nginx', namespace: 'default', labels: { app: 'nginx' } },
    spec: { replicas: 1, selector: { matchLabels: { app: 'nginx' } }, strategy: {}, template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx', resources: {} }] } } },
  };
  const [entry] = recordUpdate({ live: undefined, updated: created(defaulted(sent)), schema: deploymentSchema, manager: 'kubectl-create', apiVersion: 'apps/v1', now: at('2026-09-26T17:17:28Z') });
  assert.equal(
    json(entry.fieldsV1),
    json({
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
              'k:{"name":"nginx"}': { '.': {}, 'f:image': {}, 'f:imagePullPolicy': {}, 'f:name': {}, 'f:resources': {}, 'f:terminationMessagePath': {}, 'f:terminationMessagePolicy': {} },
            },
            'f:dnsPolicy': {},
            'f:restartPolicy': {},
            'f:schedulerName': {},
            'f:securityContext': {},
            'f:terminationGracePeriodSeconds': {},
          },
        },
      },
    }),
  );
});

test('apps/v1 Deployment: the chapter apply owns exactly its file, and conflicts with scale', () => {
  const first = apply({ live: undefined, config: vitrineConfig(2), schema: deploymentSchema, manager: 'equipe-web', force: false, apiVersion: 'apps/v1', now: at('2026-09-26T17:17:28Z') });
  assert.equal(
    json(first.managedFields[0].fieldsV1),
    json({
      'f:spec': {
        'f:replicas': {},
        'f:selector': {},
        'f:template': {
          'f:metadata': { 'f:labels': { 'f:app': {} } },
          'f:spec': { 'f:containers': { 'k:{"name":"web"}': { '.': {}, 'f:args': {}, 'f:image': {}, 'f:name': {}, 'f:resources': { 'f:requests': { 'f:cpu': {}, 'f:memory': {} } } } } },
        },
      },
    }),
  );
  const live = created(defaulted(first.object));
  const scaled = deep(live);
  (scaled.spec as { replicas: number }).replicas = 4;
  scaled.metadata.managedFields = recordUpdate({ live, updated: scaled, schema: deploymentSchema, manager: 'kubectl', apiVersion: 'apps/v1', subresource: 'scale', now: at('2026-09-26T17:18:00Z') });
  assert.throws(
    () => apply({ live: scaled, config: vitrineConfig(2), schema: deploymentSchema, manager: 'equipe-web', force: false, apiVersion: 'apps/v1', now: at('2026-09-26T17:19:00Z') }),
    { message: 'Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas' },
  );
});

test('v1 ConfigMap: data keys are owned one by one', () => {
  const cm: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'reglages', namespace: 'ch34' }, data: { couleur: 'bleu', taille: 'M' } };
  const [entry] = recordUpdate({ live: undefined, updated: created(cm), schema: configMap, manager: 'kubectl-create', apiVersion: 'v1', now: at('2026-09-26T17:00:00Z') });
  assert.deepEqual(entry.fieldsV1, { 'f:data': { '.': {}, 'f:couleur': {}, 'f:taille': {} } });
});
