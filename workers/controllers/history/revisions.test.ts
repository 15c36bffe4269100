import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ControllerRevision } from '../../../lib/api/apps/controllerrevision.ts';
import type { StatefulSet } from '../../../lib/api/apps/statefulset.ts';
import { FakeApi, fakeContext } from '../framework/fake-api.test-support.ts';
import { revisionHash, revisionName, sortedJson } from './hash.ts';
import { newRevision, ownedRevisions, revisionData, syncHistory, templateOf } from './revisions.ts';

const NS = 'ch17';

function world() {
  const api = new FakeApi();
  const ctx = fakeContext(api);
  const set = api.put<StatefulSet>('statefulsets', {
    metadata: { name: 'web', namespace: NS, annotations: { 'kubernetes.io/change-cause': 'first' } },
    spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx:1' }] } } },
  });
  return { api, ctx, set };
}

test('the hash is FNV-32a of the sorted JSON, perturbed by the collision count, in the vowel-free alphabet', () => {
  const data = { spec: { template: { b: 1, a: [2, { d: 1, c: 2 }] } } };
  assert.equal(sortedJson(data), '{"spec":{"template":{"a":[2,{"c":2,"d":1}],"b":1}}}');
  assert.equal(revisionHash(data), revisionHash(structuredClone(data)), 'stable');
  assert.notEqual(revisionHash(data, 1), revisionHash(data));
  assert.match(revisionHash(data), /^[bcdfghjklmnpqrstvwxz2456789]{1,10}$/);
  assert.equal(revisionName('x'.repeat(300), 'abc').length, 223 + 4);
});

test('a new revision: the template patch, the template labels and hash label, the set annotations, a controller reference', async () => {
  const { set } = world();
  const r = newRevision(set, 1, 0);
  const hash = r.metadata.labels?.['controller-revision-hash'];
  assert.equal(r.metadata.name, `web-${hash}`);
  assert.deepEqual(r.metadata.labels, { app: 'web', 'controller-revision-hash': hash });
  assert.deepEqual(r.metadata.annotations, { 'kubernetes.io/change-cause': 'first' });
  assert.equal(r.metadata.ownerReferences?.[0].uid, set.metadata.uid);
  assert.deepEqual(r.data, { spec: { template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx:1' }] }, $patch: 'replace' } } });
  assert.deepEqual(templateOf(r), set.spec?.template);
});

test('a name taken by other data bumps the collision count and names the revision again', async () => {
  const { api, ctx, set } = world();
  const taken = newRevision(set, 1, 0);
  api.put<ControllerRevision>('controllerrevisions', { ...taken, metadata: { ...taken.metadata, ownerReferences: undefined, labels: { other: 'x' } }, data: { spec: { template: { other: true } } } });
  const h = await syncHistory(ctx, set, await ownedRevisions(ctx, set));
  assert.equal(h.collisionCount, 1);
  assert.notEqual(h.update.metadata.name, taken.metadata.name);
  assert.equal(h.update.metadata.name, newRevision(set, 1, 1).metadata.name);
  assert.deepEqual(h.update.data, revisionData(set));
});

test('orphan revisions matching the selector are adopted', async () => {
  const { api, ctx, set } = world();
  const orphan = newRevision(set, 4, 0);
  api.put<ControllerRevision>('controllerrevisions', { ...orphan, metadata: { ...orphan.metadata, ownerReferences: undefined } });
  const owned = await ownedRevisions(ctx, set);
  assert.equal(owned.length, 1);
  assert.equal(owned[0].metadata.ownerReferences?.[0].uid, set.metadata.uid);
  const h = await syncHistory(ctx, set, owned);
  assert.equal(h.update.revision, 4, 'the same template: the adopted revision is the current one');
  assert.equal(api.writes.filter((w) => w.startsWith('create')).length, 0);
});
