/** The cron's visit list: tenants written since the last visit, served ones only, never the idle. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createClient, type Client } from '@libsql/client';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { createStorage, migrate, type Storage } from '../storage/index.ts';
import { scopedStorage } from '../storage/scoped.ts';
import { clusterRecordKey, recordWritten } from './records.ts';
import { resetCursor, tenantsChangedSinceLastVisit } from './changed.ts';

const dir = mkdtempSync(join(tmpdir(), 'timonier-changed-'));
let client: Client;
let root: Storage;

before(async () => {
  client = createClient({ url: `file:${join(dir, 'db.sqlite')}` });
  await migrate(client);
  root = createStorage(client);
  for (const name of ['a', 'b', 'idle']) {
    assert.ok((await root.create(clusterRecordKey(name), { apiVersion: 'tenancy.timonier.dev/v1alpha1', kind: 'Cluster', metadata: { name } })).ok);
    recordWritten(name);
  }
  resetCursor();
});
after(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

/** writes of a bootstrap, in these tests */
const BOOTSTRAP = 3;
let n = 0;
const write = async (cluster: string) => {
  const cm: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm${++n}`, namespace: 'default' } };
  assert.ok((await scopedStorage(root, cluster).create(`/registry/configmaps/default/cm${n}`, cm)).ok);
};

test('a first visit (no cursor) starts at the compaction point; later ones after the previous', async () => {
  await write('a');
  await write('a');
  await write('default');
  assert.deepEqual(await tenantsChangedSinceLastVisit(root, BOOTSTRAP), ['a']);
  assert.deepEqual(await tenantsChangedSinceLastVisit(root, BOOTSTRAP), [], 'nothing since');
  await write('b');
  await write('a');
  assert.deepEqual((await tenantsChangedSinceLastVisit(root, BOOTSTRAP)).sort(), ['a', 'b']);
});

test('writes under the prefix of a cluster without a live record are not visited', async () => {
  await write('gone');
  const rec = await root.get(clusterRecordKey('b'));
  assert.ok((await root.update(clusterRecordKey('b'), { ...rec!, metadata: { ...rec!.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } }, Number(rec!.metadata.resourceVersion))).ok);
  recordWritten('b');
  await write('b');
  assert.deepEqual(await tenantsChangedSinceLastVisit(root, BOOTSTRAP), []);
});

test('a cluster whose only writes are the creations of its bootstrap is not visited; a write more and it is', async () => {
  await tenantsChangedSinceLastVisit(root, BOOTSTRAP);
  for (let i = 0; i < BOOTSTRAP; i++) await write('a');
  assert.deepEqual(await tenantsChangedSinceLastVisit(root, BOOTSTRAP), []);
  for (let i = 0; i < BOOTSTRAP + 1; i++) await write('a');
  assert.deepEqual(await tenantsChangedSinceLastVisit(root, BOOTSTRAP), ['a']);
  // as many writes as a bootstrap, but not all creations
  for (let i = 0; i < BOOTSTRAP - 1; i++) await write('a');
  const cm = await scopedStorage(root, 'a').get(`/registry/configmaps/default/cm${n}`);
  assert.ok((await scopedStorage(root, 'a').update(`/registry/configmaps/default/cm${n}`, { ...cm!, data: { x: 'y' } }, Number(cm!.metadata.resourceVersion))).ok);
  assert.deepEqual(await tenantsChangedSinceLastVisit(root, BOOTSTRAP), ['a']);
});
