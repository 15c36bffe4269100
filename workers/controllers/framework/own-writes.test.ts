import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RESOURCES } from '../../../lib/client/resources.ts';
import { alreadyHandled, changeOf, markHandled } from './own-writes.ts';

const pod = (rv: string, more: object = {}) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns', resourceVersion: rv, ...more } });

test("a create's change is ADDED, with whether it has owners, as the apiserver says it", () => {
  assert.deepEqual(changeOf('c', RESOURCES.pods, pod('7', { ownerReferences: [{ uid: 'u' }] }) as never), {
    cluster: 'c', rev: 7, group: '', resource: 'pods', namespace: 'ns', name: 'p', type: 'ADDED', deleting: false, ownersChanged: true,
  });
  assert.equal(changeOf('c', RESOURCES.replicasets, { metadata: { name: 'r', namespace: 'ns', resourceVersion: '8' } })?.group, 'apps');
});

test('an update that made a new revision is MODIFIED; one answered with the revision it was given changed nothing', () => {
  assert.equal(changeOf('c', RESOURCES.pods, pod('9') as never, '8')?.type, 'MODIFIED');
  assert.equal(changeOf('c', RESOURCES.pods, pod('8') as never, '8'), undefined);
  assert.equal(changeOf('c', RESOURCES.pods, pod('9', { ownerReferences: [] }) as never, '8')?.ownersChanged, undefined, "an update's owners are unknown");
});

test('events, and answers without a name or a revision, make no change', () => {
  assert.equal(changeOf('c', RESOURCES.events, { metadata: { name: 'e', namespace: 'ns', resourceVersion: '3' } }), undefined);
  assert.equal(changeOf('c', RESOURCES.pods, { metadata: { name: 'p', namespace: 'ns' } }), undefined);
});

test("the queue's copy of a change handled here is recognized once, by cluster, object and revision", () => {
  const m = changeOf('own-writes-test', RESOURCES.pods, pod('11') as never)!;
  markHandled(m);
  assert.equal(alreadyHandled({ ...m, rev: 12 }), false, 'another revision');
  assert.equal(alreadyHandled({ ...m, cluster: 'other' }), false, 'another cluster');
  assert.equal(alreadyHandled({ ...m, type: 'ADDED', ownersChanged: false }), true, "the queue's copy (its facts may differ)");
  assert.equal(alreadyHandled(m), false, 'forgotten once recognized');
});
