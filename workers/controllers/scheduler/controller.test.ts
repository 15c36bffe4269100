import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newScheduler } from './controller.ts';
import { fakeContext, makeNode, makePod } from '../nodelifecycle/fake-context.test-support.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';

const change = (resource: string, group = '', type: 'ADDED' | 'MODIFIED' | 'DELETED' = 'ADDED', name = 'x') => ({ cluster: 'default', rev: 1, group, resource, namespace: 'default', name, type });

test('before its first cycle, every pod or node change maps to the one key of the pending pods', async () => {
  const ctx = fakeContext();
  const scheduler = newScheduler();
  assert.deepEqual(await scheduler.keysFor(change('pods'), ctx), ['pending']);
  assert.deepEqual(await scheduler.keysFor(change('nodes'), ctx), ['pending']);
  assert.deepEqual(await scheduler.keysFor(change('events'), ctx), []);
  assert.deepEqual(await scheduler.keysFor(change('replicasets', 'apps'), ctx), []);
  assert.deepEqual(await scheduler.resync!(ctx), ['pending']);
  assert.equal(scheduler.name, 'default-scheduler');
  assert.equal(scheduler.fieldManager, 'default-scheduler');
});

test('once every pod is placed, only the change of a pending pod maps to a cycle', async () => {
  const ctx = fakeContext();
  const scheduler = newScheduler();
  ctx.put('nodes', makeNode('n1'));
  ctx.put('pods', makePod('placed', { node: 'n1' }));
  await scheduler.reconcile('pending', ctx);
  ctx.put('pods', makePod('new'));
  assert.deepEqual(await scheduler.keysFor(change('pods', '', 'ADDED', 'new'), ctx), ['pending']);
  assert.deepEqual(await scheduler.keysFor(change('pods', '', 'MODIFIED', 'placed'), ctx), [], 'a bound pod');
  assert.deepEqual(await scheduler.keysFor(change('pods', '', 'MODIFIED', 'gone'), ctx), [], 'a pod that is no more');
  assert.deepEqual(await scheduler.keysFor(change('pods', '', 'DELETED', 'placed'), ctx), [], 'room freed, but nobody waits');
  assert.deepEqual(await scheduler.keysFor(change('nodes', '', 'MODIFIED', 'n1'), ctx), []);
});

test('while a pod cannot be placed, any pod or node change maps to a cycle', async () => {
  const ctx = fakeContext();
  const scheduler = newScheduler();
  ctx.put('nodes', makeNode('n1'));
  ctx.put('pods', makePod('placed', { node: 'n1' }));
  ctx.put('pods', makePod('big', { cpu: '64' }));
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(await scheduler.keysFor(change('pods', '', 'MODIFIED', 'placed'), ctx), ['pending']);
  assert.deepEqual(await scheduler.keysFor(change('nodes', '', 'ADDED', 'n2'), ctx), ['pending']);
});

test('a cycle binds the pending pods and reports Scheduled; gated, terminating and foreign pods wait', async () => {
  const ctx = fakeContext();
  const scheduler = newScheduler();
  ctx.put('nodes', makeNode('n1'));
  ctx.put('pods', makePod('a'));
  ctx.put('pods', makePod('gated', { spec: { schedulingGates: [{ name: 'attends' }] } }));
  ctx.put('pods', makePod('other', { spec: { schedulerName: 'mon-scheduler' } }));
  const going = makePod('going');
  going.metadata.deletionTimestamp = '2026-01-01T00:00:00Z';
  ctx.put('pods', going);
  ctx.put('pods', makePod('done', { spec: {} }));
  const done = ctx.obj<Pod>('pods', 'default/done')!;
  ctx.put('pods', { ...done, status: { phase: 'Succeeded' } } as Pod);

  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(ctx.writes, ['bind default/a n1']);
  assert.deepEqual(ctx.recorded, [{ type: 'Normal', reason: 'Scheduled', message: 'Successfully assigned default/a to n1', object: 'default/a' }]);
  assert.deepEqual(ctx.requeued, []);
});

test('an unschedulable pod: FailedScheduling and PodScheduled=False once, a retry later, bound when a node fits', async () => {
  const ctx = fakeContext();
  const scheduler = newScheduler();
  ctx.put('nodes', makeNode('n1'));
  ctx.put('pods', makePod('big', { cpu: '8' }));
  const message = '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..';

  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(ctx.recorded, [{ type: 'Warning', reason: 'FailedScheduling', message, object: 'default/big' }]);
  assert.deepEqual(ctx.writes, ['patch pods/status default/big']);
  const cond = ctx.obj<Pod>('pods', 'default/big')!.status!.conditions!.find((c) => c.type === 'PodScheduled')!;
  assert.deepEqual({ status: cond.status, reason: cond.reason, message: cond.message, lastProbeTime: cond.lastProbeTime }, { status: 'False', reason: 'Unschedulable', message, lastProbeTime: null });
  assert.deepEqual(ctx.requeued, [{ key: 'pending', seconds: 30 }]);

  ctx.clock.now += 5_000;
  await scheduler.reconcile('pending', ctx);
  assert.equal(ctx.recorded.length, 1, 'same message: no new event');
  assert.equal(ctx.writes.length, 1, 'same condition: no write');
  assert.equal(ctx.requeued.length, 1, 'a retry is already pending');

  ctx.put('nodes', makeNode('n2', { cpu: '16' }));
  await scheduler.keysFor(change('nodes'), ctx);
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(ctx.writes.at(-1), 'bind default/big n2');
  assert.equal(ctx.recorded.at(-1)!.reason, 'Scheduled');
});

test('a changed message is reported again; a pod bound by someone else meanwhile is skipped', async () => {
  const ctx = fakeContext();
  const scheduler = newScheduler();
  ctx.put('nodes', makeNode('n1'));
  ctx.put('pods', makePod('big', { cpu: '8' }));
  await scheduler.reconcile('pending', ctx);
  ctx.put('nodes', makeNode('n2'));
  await scheduler.keysFor(change('nodes'), ctx);
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(
    ctx.recorded.map((r) => r.message),
    [
      '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..',
      '0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod..',
    ],
  );

  // the list says pending, the binding finds it taken: a 409, skipped without error
  const race = fakeContext();
  race.put('nodes', makeNode('n1'));
  race.put('pods', makePod('p'));
  const list = race.api.list.bind(race.api);
  race.api.list = (async (res: never, opts: never) => {
    const r = await list(res, opts);
    const p = race.obj<Pod>('pods', 'default/p')!;
    if (!p.spec!.nodeName) race.put('pods', { ...p, spec: { ...p.spec!, nodeName: 'elsewhere' } } as Pod);
    return r;
  }) as never;
  await newScheduler().reconcile('pending', race);
  assert.deepEqual(race.writes, []);
  assert.deepEqual(race.recorded, []);
});

test('a reconcile arriving during a cycle makes that cycle run again instead of running beside it', async () => {
  const ctx = fakeContext();
  const scheduler = newScheduler();
  ctx.put('nodes', makeNode('n1'));
  ctx.put('pods', makePod('first'));
  let lists = 0;
  const list = ctx.api.list.bind(ctx.api);
  ctx.api.list = (async (res: never, opts: never) => {
    lists++;
    return list(res, opts);
  }) as never;
  let firstDone = false;
  const running = scheduler.reconcile('pending', ctx).then(() => (firstDone = true));
  ctx.put('pods', makePod('second'));
  await scheduler.reconcile('pending', ctx);
  assert.equal(firstDone, false, 'the second reconcile returns at once');
  await running;
  assert.deepEqual(ctx.writes.sort(), ['bind default/first n1', 'bind default/second n1']);
  assert.equal(lists, 4, 'two cycles, one after the other; the second lists only the pending pods');
});

test('nodes and bound pods are listed again only after a node change, a pod deletion, the resync or 10 s', async () => {
  const ctx = fakeContext();
  const scheduler = newScheduler();
  const listed: string[] = [];
  const list = ctx.api.list.bind(ctx.api);
  ctx.api.list = (async (res: { resource: string }, opts: { fieldSelector?: string }) => {
    listed.push(`${res.resource}${opts?.fieldSelector?.startsWith('spec.nodeName!=') ? ' bound' : opts?.fieldSelector ? ' pending' : ''}`);
    return list(res as never, opts as never);
  }) as never;
  ctx.put('nodes', makeNode('n1', { cpu: '1' }));
  ctx.put('pods', makePod('a', { cpu: '600m' }));
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(listed.splice(0), ['pods pending', 'nodes', 'pods bound']);

  // the cached snapshot counts `a` as bound: `b` does not fit without any list of bound pods
  ctx.put('pods', makePod('b', { cpu: '600m' }));
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(listed.splice(0), ['pods pending']);
  assert.match(ctx.recorded.at(-1)!.message, /^0\/1 nodes are available: 1 Insufficient cpu\./);

  // `a` goes away: its deletion makes the next cycle list again, and `b` fits
  ctx.objects.delete('pods:default/a');
  await scheduler.keysFor(change('pods', '', 'DELETED'), ctx);
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(listed.splice(0), ['pods pending', 'nodes', 'pods bound']);
  assert.equal(ctx.writes.at(-1), 'bind default/b n1');

  ctx.put('pods', makePod('c'));
  await scheduler.keysFor(change('pods', '', 'MODIFIED'), ctx);
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(listed.splice(0), ['pods pending'], 'a pod change alone keeps the cache');
  await scheduler.resync!(ctx);
  ctx.put('pods', makePod('d'));
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(listed.splice(0), ['pods pending', 'nodes', 'pods bound']);
  ctx.clock.now += 11_000;
  ctx.put('pods', makePod('e'));
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(listed.splice(0), ['pods pending', 'nodes', 'pods bound']);
});

test('in a batch, a cycle ends once its bindings are started; the next one neither binds those pods again nor forgets what they take', async () => {
  const ctx = fakeContext();
  const deferred: Promise<unknown>[] = [];
  ctx.defer = (work) => void deferred.push(work);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const post = ctx.api.post.bind(ctx.api);
  ctx.api.post = (async (...args: Parameters<typeof post>) => {
    await held;
    return post(...args);
  }) as typeof ctx.api.post;
  const scheduler = newScheduler();
  ctx.put('nodes', makeNode('n1', { cpu: '1' }));
  ctx.put('pods', makePod('a', { cpu: '600m' }));

  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(ctx.writes, [], 'the binding of a is under way');
  assert.equal(deferred.length, 1);

  // a node change makes the next cycle list the nodes and bound pods again: a is not among them yet
  ctx.put('pods', makePod('b', { cpu: '600m' }));
  await scheduler.keysFor(change('nodes', '', 'MODIFIED', 'n1'), ctx);
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(ctx.writes, ['patch pods/status default/b'], 'a is not bound twice, and b does not fit beside it');

  release();
  await Promise.all(deferred);
  assert.deepEqual(ctx.writes, ['patch pods/status default/b', 'bind default/a n1']);
  assert.deepEqual(ctx.recorded.map((e) => `${e.reason} ${e.object}`), ['FailedScheduling default/b', 'Scheduled default/a']);
});
