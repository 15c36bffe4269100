import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KubeObject, OwnerReference } from '../../../lib/api/meta.ts';
import { blockingDependents, decide, dependentsOf, dropFinalizerPatch, dropRefsPatch, ownerState, type OwnerState } from './references.ts';

const ref = (uid: string, block = false): OwnerReference => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `rs-${uid}`, uid, controller: true, blockOwnerDeletion: block });
const obj = (meta: Partial<KubeObject['metadata']> = {}): KubeObject => ({ metadata: { name: 'x', namespace: 'ns', uid: 'self', resourceVersion: '7', ...meta } });
const states = (entries: [string, OwnerState][]) => new Map(entries);

test('ownerState: absent or another uid is dangling, foreground deletion is waiting', () => {
  assert.equal(ownerState(undefined, ref('a')), 'dangling');
  assert.equal(ownerState(obj({ uid: 'b' }), ref('a')), 'dangling');
  assert.equal(ownerState(obj({ uid: 'a' }), ref('a')), 'solid');
  assert.equal(ownerState(obj({ uid: 'a', deletionTimestamp: 't', finalizers: ['orphan'] }), ref('a')), 'solid');
  assert.equal(ownerState(obj({ uid: 'a', deletionTimestamp: 't', finalizers: ['foregroundDeletion'] }), ref('a')), 'waiting');
});

test('decide: no owner left → delete in the background, honouring finalizers already there', () => {
  assert.deepEqual(decide(obj({ ownerReferences: [ref('a')] }), states([['a', 'dangling']]), false), { action: 'delete', policy: 'Background' });
  assert.deepEqual(decide(obj({ ownerReferences: [ref('a')], finalizers: ['orphan'] }), states([['a', 'dangling']]), false), { action: 'delete', policy: 'Orphan' });
  assert.deepEqual(decide(obj({ ownerReferences: [ref('a')], finalizers: ['foregroundDeletion'] }), states([['a', 'dangling']]), false), { action: 'delete', policy: 'Foreground' });
});

test('decide: a waiting owner deletes a dependent that has dependents in the foreground', () => {
  assert.deepEqual(decide(obj({ ownerReferences: [ref('a')] }), states([['a', 'waiting']]), true), { action: 'delete', policy: 'Foreground' });
  assert.deepEqual(decide(obj({ ownerReferences: [ref('a')] }), states([['a', 'waiting']]), false), { action: 'delete', policy: 'Background' });
});

test('decide: a remaining owner keeps the object and drops the other references', () => {
  const o = obj({ ownerReferences: [ref('a'), ref('b'), ref('c')] });
  assert.deepEqual(decide(o, states([['a', 'solid'], ['b', 'dangling'], ['c', 'waiting']]), true), { action: 'remove-refs', uids: ['b', 'c'] });
  assert.deepEqual(decide(o, states([['a', 'solid'], ['b', 'solid'], ['c', 'solid']]), true), { action: 'keep' });
});

test('decide: objects without owners, or already being deleted, are left alone', () => {
  assert.deepEqual(decide(obj(), states([]), false), { action: 'keep' });
  assert.deepEqual(decide(obj({ ownerReferences: [ref('a')], deletionTimestamp: 't' }), states([['a', 'dangling']]), false), { action: 'keep' });
});

test('dependents and blocking dependents are found by uid', () => {
  const owner = obj({ uid: 'a' });
  const all = [{ obj: obj({ name: 'p1', ownerReferences: [ref('a', true)] }) }, { obj: obj({ name: 'p2', ownerReferences: [ref('a')] }) }, { obj: obj({ name: 'p3', ownerReferences: [ref('z', true)] }) }];
  const deps = dependentsOf(owner, all);
  assert.deepEqual(deps.map((d) => d.obj.metadata.name), ['p1', 'p2']);
  assert.deepEqual(blockingDependents(owner, deps).map((d) => d.obj.metadata.name), ['p1']);
});

test('patches are conditional on the version read, and drop emptied lists', () => {
  assert.deepEqual(dropRefsPatch(obj({ ownerReferences: [ref('a'), ref('b')] }), ['a']), { metadata: { ownerReferences: [ref('b')], uid: 'self', resourceVersion: '7' } });
  assert.deepEqual(dropRefsPatch(obj({ ownerReferences: [ref('a')] }), ['a']), { metadata: { ownerReferences: null, uid: 'self', resourceVersion: '7' } });
  assert.deepEqual(dropFinalizerPatch(obj({ finalizers: ['orphan', 'x'] }), 'orphan'), { metadata: { finalizers: ['x'], resourceVersion: '7' } });
  assert.deepEqual(dropFinalizerPatch(obj({ finalizers: ['orphan'] }), 'orphan'), { metadata: { finalizers: null, resourceVersion: '7' } });
});
