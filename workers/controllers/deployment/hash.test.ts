import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PodTemplateSpec } from '../../../lib/api/core/pod.ts';
import { canonical, equalIgnoreHash, templateHash } from './hash.ts';

const template = (image: string, extra: Record<string, unknown> = {}): PodTemplateSpec =>
  ({ metadata: { labels: { app: 'vitrine' }, ...extra }, spec: { containers: [{ name: 'nginx', image }], restartPolicy: 'Always' } }) as PodTemplateSpec;

test('the same template gives the same hash, spelled like Kubernetes spells it', () => {
  const h = templateHash(template('nginx:1.30-alpine'));
  assert.match(h, /^[bcdfghjklmnpqrstvwxz2456789]{1,10}$/);
  assert.equal(templateHash(template('nginx:1.30-alpine')), h);
  // key order and empty maps do not matter
  assert.equal(templateHash({ spec: { restartPolicy: 'Always', containers: [{ image: 'nginx:1.30-alpine', name: 'nginx' }] }, metadata: { labels: { app: 'vitrine' }, annotations: {} } } as PodTemplateSpec), h);
  assert.notEqual(templateHash(template('nginx:1.31-alpine')), h);
});

test('a collision count gives another hash for the same template', () => {
  const t = template('nginx:1.30-alpine');
  assert.notEqual(templateHash(t, 1), templateHash(t));
  assert.notEqual(templateHash(t, 1), templateHash(t, 2));
  assert.equal(templateHash(t, 1), templateHash(t, 1));
});

test('equalIgnoreHash: same template whatever the pod-template-hash label; null and empty are absent', () => {
  const withHash = template('nginx:1.30-alpine');
  withHash.metadata!.labels = { app: 'vitrine', 'pod-template-hash': 'abc' };
  assert.ok(equalIgnoreHash(withHash, template('nginx:1.30-alpine')));
  assert.ok(equalIgnoreHash(template('nginx:1.30-alpine', { creationTimestamp: null, annotations: {} }), template('nginx:1.30-alpine')));
  assert.ok(!equalIgnoreHash(template('nginx:1.30-alpine'), template('nginx:1.31-alpine')));
  assert.ok(!equalIgnoreHash(template('nginx:1.30-alpine', { labels: { app: 'other' } }), template('nginx:1.30-alpine')));
});

test('canonical sorts keys and drops nothing that matters', () => {
  assert.deepEqual(canonical({ b: 1, a: [0, false, ''], c: null, d: [], e: {} }), { a: [0, false, ''], b: 1 });
  assert.equal(JSON.stringify(canonical({ z: 1, a: { y: 2, x: 3 } })), '{"a":{"x":3,"y":2},"z":1}');
});
