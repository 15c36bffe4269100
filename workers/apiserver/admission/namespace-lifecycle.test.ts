import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { StatusError } from '../../../lib/errors.ts';
import { byResource } from '../registry/index.ts';
import type { Storage } from '../storage/types.ts';
import type { AdmissionContext } from './index.ts';
import { forgetNamespace, namespaceLifecycle } from './namespace-lifecycle.ts';

const configMaps = byResource('', 'v1', 'configmaps')!;
const cm = (): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'ns' } });

/** A namespace read that waits until `release()`: what the requests meanwhile do shows. */
function slowNamespaces() {
  let namespace: KubeObject | undefined = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns' } };
  const reads: (() => void)[] = [];
  const storage = { get: async () => (await new Promise<void>((r) => reads.push(r)), namespace) } as unknown as Storage;
  return {
    ctx: { storage } as AdmissionContext,
    reads: () => reads.length,
    release: () => reads.splice(0).forEach((r) => r()),
    set: (ns: KubeObject | undefined) => (namespace = ns),
  };
}
const settle = () => new Promise((r) => setImmediate(r));
const admitted = (p: Promise<void>) => p.then(() => 'admitted', (e: StatusError) => e.status.message);

test('NamespaceLifecycle: an active namespace is read once a second; the creates meanwhile, and while it is read again, are not', async (t) => {
  t.mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
  const db = slowNamespaces();
  // never seen: every create reads it until one read says it is active
  const first = [admitted(namespaceLifecycle(db.ctx, configMaps, cm()) as Promise<void>), admitted(namespaceLifecycle(db.ctx, configMaps, cm()) as Promise<void>)];
  await settle();
  assert.equal(db.reads(), 2);
  db.release();
  assert.deepEqual(await Promise.all(first), ['admitted', 'admitted']);
  await namespaceLifecycle(db.ctx, configMaps, cm());
  assert.equal(db.reads(), 0, 'known active: no read');

  // a second later: one create reads it again, the others keep the answer meanwhile
  t.mock.timers.tick(1000);
  const again = admitted(namespaceLifecycle(db.ctx, configMaps, cm()) as Promise<void>);
  await settle();
  const meanwhile = [admitted(namespaceLifecycle(db.ctx, configMaps, cm()) as Promise<void>), admitted(namespaceLifecycle(db.ctx, configMaps, cm()) as Promise<void>)];
  await settle();
  assert.equal(db.reads(), 1, 'one read');
  assert.deepEqual(await Promise.all(meanwhile), ['admitted', 'admitted'], 'the others admitted on the answer of a second ago');
  db.set({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns', deletionTimestamp: '2026-12-05T00:00:00Z' } });
  db.release();
  assert.equal(await again, 'configmaps "c" is forbidden: unable to create new content in namespace ns because it is being terminated');

  // terminating: read by every create
  const refused = admitted(namespaceLifecycle(db.ctx, configMaps, cm()) as Promise<void>);
  await settle();
  assert.equal(db.reads(), 1);
  db.set(undefined);
  db.release();
  assert.equal(await refused, 'namespaces "ns" not found');
});

test('NamespaceLifecycle: a namespace this isolate deletes while it is read is not kept as active', async () => {
  const db = slowNamespaces();
  const reading = namespaceLifecycle(db.ctx, configMaps, cm()) as Promise<void>;
  await settle();
  forgetNamespace(db.ctx.storage, 'ns');
  db.release();
  await reading;
  const next = admitted(namespaceLifecycle(db.ctx, configMaps, cm()) as Promise<void>);
  await settle();
  assert.equal(db.reads(), 1, 'read again');
  db.release();
  assert.equal(await next, 'admitted');
});
