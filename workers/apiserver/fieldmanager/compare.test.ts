import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compare, materialize } from './compare.ts';
import { pathString } from './path.ts';
import { deep, defaulted, deploymentSchema, vitrineConfig } from './fixtures.test-support.ts';
import type { FieldSet } from './fieldset.ts';

const paths = (s: FieldSet) => s.paths().map(pathString);

function frozen<T>(x: T): T {
  if (x !== null && typeof x === 'object') {
    Object.freeze(x);
    for (const v of Object.values(x)) frozen(v);
  }
  return x;
}

test('materialize and compare leave their inputs as they were (apply materializes the live object)', () => {
  const config = defaulted(vitrineConfig(2)) as any;
  delete config.spec.template.spec.containers[0].resources;
  const live = frozen(config);
  const changed = frozen({ ...deep(live), spec: { ...deep(live.spec as object), replicas: 3 } });
  const before = JSON.stringify(live);
  // a frozen input would throw on any write (modules are strict)
  const rendered = materialize(live, deploymentSchema) as any;
  compare(live, changed, deploymentSchema);
  assert.equal(JSON.stringify(live), before);
  // what Go renders (a non-pointer struct) is in materialize's copy only
  assert.deepEqual(rendered.spec.template.spec.containers[0].resources, {});
  assert.equal('resources' in config.spec.template.spec.containers[0], false);
});

test('compare names each change by its whole path, at any depth, in lists keyed by name', () => {
  const live = defaulted(vitrineConfig(2));
  const next = deep(live) as any;
  next.spec.replicas = 3;
  next.spec.template.spec.containers[0].image = 'nginx:2';
  next.spec.template.spec.containers.push({ name: 'sidecar', image: 'busybox' });
  delete next.spec.template.spec.containers[0].args;
  const c = compare(live, next, deploymentSchema);
  assert.deepEqual(paths(c.modified), ['.spec.replicas', '.spec.template.spec.containers[name="web"].image']);
  // resources: a non-pointer struct, which Go renders (as kubectl create's entry owns `f:resources`)
  const sidecar = '.spec.template.spec.containers[name="sidecar"]';
  assert.deepEqual(paths(c.added), [sidecar, `${sidecar}.image`, `${sidecar}.name`, `${sidecar}.resources`]);
  assert.deepEqual(paths(c.removed), ['.spec.template.spec.containers[name="web"].args']);
});

test('map keys named like Object.prototype members are keys like any other', () => {
  const live = defaulted(vitrineConfig(2)) as any;
  live.metadata.labels = { toString: 'a' };
  const next = deep(live);
  next.metadata.labels = { constructor: 'b' };
  const c = compare(live, next, deploymentSchema);
  assert.deepEqual(paths(c.added), ['.metadata.labels.constructor']);
  assert.deepEqual(paths(c.removed), ['.metadata.labels.toString']);
});
