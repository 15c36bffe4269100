import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ControllerRevision } from '../../../../lib/api/apps/controllerrevision.ts';
import controllerrevisions from './controllerrevisions.ts';

const rev = (): ControllerRevision => ({
  metadata: {
    name: 'web-7b8c9d',
    namespace: 'ch17',
    creationTimestamp: '2026-01-01T00:00:00Z',
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'u1', controller: true, blockOwnerDeletion: true }],
  },
  data: { spec: { template: { $patch: 'replace', spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } } },
  revision: 2,
});

test('the Table: NAME CONTROLLER REVISION AGE, the controller as kind.group/name', () => {
  const t = controllerrevisions.table!;
  assert.deepEqual(t.columns.map((c) => c.name), ['Name', 'Controller', 'Revision', 'Age']);
  assert.deepEqual(t.cells(rev(), Date.parse('2026-01-01T00:01:00Z')), ['web-7b8c9d', 'statefulset.apps/web', 2, '60s']);
  const orphan = rev();
  delete orphan.metadata.ownerReferences;
  assert.equal(t.cells(orphan, 0)[1], '<none>');
});

test('data is required and immutable; the revision number may change', () => {
  const none = rev();
  delete none.data;
  assert.deepEqual(controllerrevisions.validate!(none).map((e) => `${e.field}: ${e.body}`), ['data: Required value: data is mandatory']);
  const renumbered = { ...rev(), revision: 5 };
  assert.deepEqual(controllerrevisions.validateUpdate!(renumbered, rev()), []);
  const edited = rev();
  (edited.data as { spec: { template: { spec: { containers: { image: string }[] } } } }).spec.template.spec.containers[0].image = 'x';
  assert.deepEqual(controllerrevisions.validateUpdate!(edited, rev()).map((e) => e.field), ['data']);
});
