import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apply, type ApplyInput } from './apply.ts';
import { recordUpdate } from './update.ts';
import { LAST_APPLIED } from './lastapplied.ts';
import { at, created, deep, defaulted, deploymentSchema, vitrineConfig } from './fixtures.test-support.ts';
import { StatusError } from '../../../lib/errors.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';

const schema = deploymentSchema;
const base = { schema, apiVersion: 'apps/v1', force: false };
const replicas = (o: KubeObject) => (o.spec as { replicas?: number }).replicas;
const who = (o: KubeObject) => (o.metadata.managedFields ?? []).map((e) => ({ manager: e.manager, operation: e.operation, subresource: e.subresource ?? null }));

/** What the store does after apply: defaults, then keeps the computed managedFields. */
function store(result: { object: KubeObject }, live?: KubeObject): KubeObject {
  const o = defaulted(result.object);
  return live ? { ...o, metadata: { ...o.metadata, resourceVersion: String(Number(live.metadata.resourceVersion) + 1) } } : created(o);
}

function serverSideApply(live: KubeObject | undefined, config: KubeObject, rest: Partial<ApplyInput> & { manager: string; now: Date }): KubeObject {
  return store(apply({ ...base, live, config, ...rest }), live);
}

/** `kubectl scale deploy vitrine --replicas=n`: an Update by `kubectl` on the scale subresource. */
function scale(live: KubeObject, n: number, now: Date): KubeObject {
  const next = deep(live);
  (next.spec as { replicas: number }).replicas = n;
  next.metadata.managedFields = recordUpdate({ live, updated: next, schema, manager: 'kubectl', apiVersion: 'apps/v1', subresource: 'scale', now });
  return next;
}

/** The Deployment controller writes status. */
function controllerStatus(live: KubeObject, now: Date): KubeObject {
  const next = deep(live);
  next.status = { observedGeneration: 1, replicas: replicas(live), readyReplicas: replicas(live) };
  next.metadata.managedFields = recordUpdate({ live, updated: next, schema, manager: 'kube-controller-manager', apiVersion: 'apps/v1', subresource: 'status', now });
  return next;
}

function conflictOf(fn: () => unknown): StatusError {
  try {
    fn();
  } catch (e) {
    if (e instanceof StatusError) return e;
    throw e;
  }
  assert.fail('expected a StatusError');
}

test('the chapter: apply, scale, re-apply conflicts with the exact message, --force-conflicts takes the field', () => {
  let live = serverSideApply(undefined, vitrineConfig(2), { manager: 'equipe-web', now: at('2026-09-26T17:17:28Z') });
  assert.equal(live.metadata.managedFields![0].time, '2026-09-26T17:17:28Z');
  live = controllerStatus(live, at('2026-09-26T17:17:30Z'));
  live = scale(live, 4, at('2026-09-26T17:18:00Z'));
  assert.deepEqual(who(live), [
    { manager: 'equipe-web', operation: 'Apply', subresource: null },
    { manager: 'kube-controller-manager', operation: 'Update', subresource: 'status' },
    { manager: 'kubectl', operation: 'Update', subresource: 'scale' },
  ]);
  assert.deepEqual(live.metadata.managedFields![2].fieldsV1, { 'f:spec': { 'f:replicas': {} } });

  const err = conflictOf(() => apply({ ...base, live, config: vitrineConfig(2), manager: 'equipe-web', now: at('2026-09-26T17:19:00Z') }));
  assert.equal(err.code, 409);
  assert.deepEqual(err.status, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas',
    reason: 'Conflict',
    details: { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "kubectl" with subresource "scale" using apps/v1', field: '.spec.replicas' }] },
    code: 409,
  });

  live = serverSideApply(live, vitrineConfig(2), { manager: 'equipe-web', force: true, now: at('2026-09-26T17:20:00Z') });
  assert.equal(replicas(live), 2);
  assert.deepEqual(who(live), [
    { manager: 'equipe-web', operation: 'Apply', subresource: null },
    { manager: 'kube-controller-manager', operation: 'Update', subresource: 'status' },
  ]);
});

test('the brief: created by client-side apply, scaled, then another applier changing replicas conflicts with scale', () => {
  const config = vitrineConfig(2);
  const obj = created(defaulted(config));
  obj.metadata.annotations = { [LAST_APPLIED]: JSON.stringify(config) + '\n' };
  obj.metadata.managedFields = recordUpdate({ live: undefined, updated: obj, schema, manager: 'kubectl-client-side-apply', apiVersion: 'apps/v1', now: at('2026-09-26T17:00:00Z') });
  const csa = obj.metadata.managedFields[0].fieldsV1 as any;
  assert.deepEqual(csa['f:metadata'], { 'f:annotations': { '.': {}, [`f:${LAST_APPLIED}`]: {} } });
  assert.ok('f:replicas' in csa['f:spec']);

  const scaled = scale(obj, 4, at('2026-09-26T17:01:00Z'));
  assert.equal('f:replicas' in (scaled.metadata.managedFields![0].fieldsV1 as any)['f:spec'], false, 'scale took replicas from the creator');

  const err = conflictOf(() => apply({ ...base, live: scaled, config: vitrineConfig(3), manager: 'equipe-web', now: at('2026-09-26T17:02:00Z') }));
  assert.equal(err.status.message, 'Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas');

  // the same value is no conflict: both own it
  const shared = serverSideApply(scaled, vitrineConfig(4), { manager: 'equipe-web', now: at('2026-09-26T17:03:00Z') });
  const owners = shared.metadata.managedFields!.filter((e) => 'f:replicas' in ((e.fieldsV1 as any)['f:spec'] ?? {})).map((e) => e.manager);
  assert.deepEqual(owners, ['equipe-web', 'kubectl']);
});

test('exercise 3: dropping replicas keeps it when scale owns it, removes it when the applier was alone', () => {
  // (a) after kubectl scale: the field stays at 4
  let a = serverSideApply(undefined, vitrineConfig(2), { manager: 'equipe-web', now: at('2026-09-26T17:00:00Z') });
  a = scale(a, 4, at('2026-09-26T17:01:00Z'));
  const resultA = apply({ ...base, live: a, config: vitrineConfig(), manager: 'equipe-web', now: at('2026-09-26T17:02:00Z') });
  assert.equal(replicas(resultA.object), 4);

  // (b) sole owner: the field is removed, and defaulting brings it back to 1
  const b = serverSideApply(undefined, vitrineConfig(2), { manager: 'equipe-web', now: at('2026-09-26T17:00:00Z') });
  assert.equal(replicas(b), 2);
  const resultB = apply({ ...base, live: b, config: vitrineConfig(), manager: 'equipe-web', now: at('2026-09-26T17:02:00Z') });
  assert.equal(replicas(resultB.object), undefined);
  assert.equal(replicas(defaulted(resultB.object)), 1);
  // fields nobody applied (defaults) are not pruned
  assert.equal((resultB.object.spec as any).progressDeadlineSeconds, 600);
});

test('several conflicts: counted, grouped by manager, managers sorted', () => {
  let live = serverSideApply(undefined, vitrineConfig(2), { manager: 'a-team', now: at('2026-09-26T17:00:00Z') });
  const other = vitrineConfig(2);
  other.metadata.labels = { tier: 'web' };
  live = serverSideApply(live, other, { manager: 'b-team', now: at('2026-09-26T17:01:00Z') });
  const next = vitrineConfig(5);
  next.metadata.labels = { tier: 'front' };
  (next.spec as any).template.spec.containers[0].image = 'nginx';
  const err = conflictOf(() => apply({ ...base, live, config: next, manager: 'c-team', now: at('2026-09-26T17:02:00Z') }));
  assert.equal(
    err.status.message,
    [
      'Apply failed with 5 conflicts: conflicts with "a-team":',
      '- .spec.replicas',
      '- .spec.template.spec.containers[name="web"].image',
      'conflicts with "b-team":',
      '- .metadata.labels.tier',
      '- .spec.replicas',
      '- .spec.template.spec.containers[name="web"].image',
    ].join('\n'),
  );
  assert.equal(err.status.details!.causes!.length, 5);
  assert.deepEqual(err.status.details!.causes![2], { reason: 'FieldManagerConflict', message: 'conflict with "b-team"', field: '.metadata.labels.tier' });
});

test('associative lists merge by key: another applier adds a container without touching the first', () => {
  let live = serverSideApply(undefined, vitrineConfig(2), { manager: 'equipe-web', now: at('2026-09-26T17:00:00Z') });
  const sidecar: KubeObject = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'vitrine' },
    spec: { template: { spec: { containers: [{ name: 'proxy', image: 'envoy', ports: [{ containerPort: 9901 }] }] } } },
  };
  live = serverSideApply(live, sidecar, { manager: 'mesh', now: at('2026-09-26T17:01:00Z') });
  const containers = (live.spec as any).template.spec.containers;
  assert.deepEqual(containers.map((c: { name: string }) => c.name), ['web', 'proxy']);
  assert.equal(containers[0].image, 'registry.k8s.io/e2e-test-images/agnhost:2.61');
  const mesh = live.metadata.managedFields!.find((e) => e.manager === 'mesh')!;
  assert.deepEqual(mesh.fieldsV1, {
    'f:spec': {
      'f:template': {
        'f:spec': {
          'f:containers': { 'k:{"name":"proxy"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:ports': { 'k:{"containerPort":9901,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } } } },
        },
      },
    },
  });
  // the mesh drops its container: it goes, the team's stays
  const dropped = { ...sidecar, spec: { template: { spec: { containers: [] } } } };
  const after = apply({ ...base, live, config: dropped, manager: 'mesh', now: at('2026-09-26T17:02:00Z') });
  assert.deepEqual((after.object.spec as any).template.spec.containers.map((c: { name: string }) => c.name), ['web']);
  assert.deepEqual(who(after.object).map((w) => w.manager), ['equipe-web'], 'a manager left with nothing disappears');
});

test('a no-op re-apply keeps the entry time; a change moves it', () => {
  const live = serverSideApply(undefined, vitrineConfig(2), { manager: 'equipe-web', now: at('2026-09-26T17:00:00Z') });
  const again = apply({ ...base, live, config: vitrineConfig(2), manager: 'equipe-web', now: at('2026-09-26T18:00:00Z') });
  assert.equal(again.managedFields[0].time, '2026-09-26T17:00:00Z');
  const changed = apply({ ...base, live, config: vitrineConfig(3), manager: 'equipe-web', now: at('2026-09-26T18:00:00Z') });
  assert.equal(changed.managedFields[0].time, '2026-09-26T18:00:00Z');
  assert.equal(changed.object.metadata.managedFields, changed.managedFields);
});

test('kubectl server-side apply takes over its own client-side apply without conflicts, and rewrites the annotation', () => {
  const config = vitrineConfig(2);
  const obj = created(defaulted(config));
  obj.metadata.annotations = { [LAST_APPLIED]: JSON.stringify(config) };
  obj.metadata.managedFields = recordUpdate({ live: undefined, updated: obj, schema, manager: 'kubectl-client-side-apply', apiVersion: 'apps/v1', now: at('2026-09-26T17:00:00Z') });
  const next = vitrineConfig(3);
  assert.throws(() => apply({ ...base, live: obj, config: next, manager: 'someone-else', now: at('2026-09-26T17:01:00Z') }), /Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps\/v1: .spec.replicas/);
  const res = apply({ ...base, live: obj, config: next, manager: 'kubectl', now: at('2026-09-26T17:01:00Z') });
  assert.equal(replicas(res.object), 3);
  const annotation = res.object.metadata.annotations![LAST_APPLIED];
  assert.ok(annotation.endsWith('\n'));
  assert.equal(JSON.parse(annotation).spec.replicas, 3);
  assert.ok(annotation.startsWith('{"apiVersion":"apps/v1","kind":"Deployment","metadata":'), 'keys sorted as Go writes them');
});

test('refusals: missing fieldManager, managedFields in the config, wrong version, unkeyed items', () => {
  const live = serverSideApply(undefined, vitrineConfig(2), { manager: 'equipe-web', now: at('2026-09-26T17:00:00Z') });
  const noManager = conflictOf(() => apply({ ...base, live, config: vitrineConfig(2), manager: '', now: at('2026-09-26T17:00:00Z') }));
  assert.deepEqual(noManager.status, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
    reason: 'Invalid',
    details: { group: 'meta.k8s.io', kind: 'PatchOptions', causes: [{ reason: 'FieldValueRequired', message: 'Required value: is required for apply patch', field: 'fieldManager' }] },
    code: 422,
  });
  const withManaged = vitrineConfig(2);
  withManaged.metadata.managedFields = [];
  assert.equal(conflictOf(() => apply({ ...base, live, config: withManaged, manager: 'm', now: at('2026-09-26T17:00:00Z') })).status.message, 'metadata.managedFields must be nil');
  const v1 = { ...vitrineConfig(2), apiVersion: 'apps/v1beta1' };
  assert.equal(
    conflictOf(() => apply({ ...base, live, config: v1, manager: 'm', now: at('2026-09-26T17:00:00Z') })).status.message,
    'Incorrect version specified in apply patch. Specified patch version: apps/v1beta1, expected: apps/v1',
  );
  const unkeyed = vitrineConfig(2);
  (unkeyed.spec as any).template.spec.containers.push({ image: 'x' });
  const err = conflictOf(() => apply({ ...base, live, config: unkeyed, manager: 'm', now: at('2026-09-26T17:00:00Z') }));
  assert.equal(err.code, 500);
  assert.equal(
    err.status.message,
    `failed to create typed patch object (ch34/vitrine; apps/v1, Kind=Deployment): .spec.template.spec.containers: element 1: associative list with keys has an element that omits key field "name" (and doesn't have default value)`,
  );
});

test('a field co-owned by two appliers survives when one drops it; only ownership is released', () => {
  let live = serverSideApply(undefined, vitrineConfig(2), { manager: 'a', now: at('2026-09-26T17:00:00Z') });
  live = serverSideApply(live, vitrineConfig(2), { manager: 'b', now: at('2026-09-26T17:01:00Z') });
  const res = apply({ ...base, live, config: vitrineConfig(), manager: 'a', now: at('2026-09-26T17:02:00Z') });
  assert.equal(replicas(res.object), 2);
  const owners = res.managedFields.filter((e) => 'f:replicas' in (e.fieldsV1 as any)['f:spec']).map((e) => e.manager);
  assert.deepEqual(owners, ['b']);
});

test('reset fields in an applied configuration are not owned', () => {
  const config = { ...vitrineConfig(2), status: { replicas: 7 } };
  const res = apply({ ...base, live: undefined, config, manager: 'a', now: at('2026-09-26T17:00:00Z'), resetFields: [['status']] });
  assert.equal('f:status' in (res.managedFields[0].fieldsV1 as any), false);
  assert.ok('f:spec' in (res.managedFields[0].fieldsV1 as any));
});
