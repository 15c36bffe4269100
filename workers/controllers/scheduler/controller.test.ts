import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newScheduler } from './controller.ts';
import { BINDING_STALE_MS } from './cycle.ts';
import { LIST_FROM } from './known-pods.ts';
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

test('nodes and bound pods are listed again only after a pod deletion, the resync or 10 s; a node change lists the nodes alone', async () => {
  const ctx = fakeContext();
  const scheduler = newScheduler();
  const listed = countLists(ctx);
  ctx.put('nodes', makeNode('n1', { cpu: '1' }));
  ctx.put('pods', makePod('a', { cpu: '600m' }));
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(listed.splice(0), ['pods pending', 'nodes', 'pods bound']);

  // the cached snapshot counts `a` as bound: `b` does not fit without any list of bound pods
  ctx.put('pods', makePod('b', { cpu: '600m' }));
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(listed.splice(0), ['pods pending']);
  assert.match(ctx.recorded.at(-1)!.message, /^0\/1 nodes are available: 1 Insufficient cpu\./);

  // a node's status write: the nodes are listed again, `a` stays counted on n1 and `b` still waits
  ctx.put('nodes', makeNode('n1', { cpu: '1' }));
  await scheduler.keysFor(change('nodes', '', 'MODIFIED', 'n1'), ctx);
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(listed.splice(0), ['pods pending', 'nodes']);
  assert.match(ctx.recorded.at(-1)!.message, /^0\/1 nodes are available: 1 Insufficient cpu\./);
  // its capacity grows: `b` fits beside `a`, still without a list of bound pods
  ctx.put('nodes', makeNode('n1', { cpu: '2' }));
  await scheduler.keysFor(change('nodes', '', 'MODIFIED', 'n1'), ctx);
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(listed.splice(0), ['pods pending', 'nodes']);
  assert.equal(ctx.writes.at(-1), 'bind default/b n1');
  ctx.put('nodes', makeNode('n1', { cpu: '1' }));
  ctx.put('pods', makePod('b', { cpu: '600m' }));

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

/** `ctx`'s lists, as they are made: `pods pending`, `pods bound`, `nodes`... */
function countLists(ctx: ReturnType<typeof fakeContext>): string[] {
  const listed: string[] = [];
  const list = ctx.api.list.bind(ctx.api);
  ctx.api.list = (async (res: { resource: string }, opts: { fieldSelector?: string }) => {
    listed.push(`${res.resource}${opts?.fieldSelector?.startsWith('spec.nodeName!=') ? ' bound' : opts?.fieldSelector ? ' pending' : ''}`);
    return list(res as never, opts as never);
  }) as never;
  return listed;
}

/** `ctx` as in a batch whose controllers wrote `names` (their answers: `ctx.written`); its lists counted. */
function writtenBatch(ctx: ReturnType<typeof fakeContext>, names: string[]) {
  ctx.written = ((res: { resource: string }, ns: string, name: string) => (names.includes(name) ? ctx.obj(res.resource, `${ns}/${name}`) : undefined)) as never;
  const listed = countLists(ctx);
  const get = ctx.api.get.bind(ctx.api); // ctx.shared is the same fake api
  ctx.api.get = (async (res: { resource: string }, ns: string, name: string) => {
    listed.push(`get ${name}`);
    return get(res as never, ns, name);
  }) as never;
  return listed;
}

const written = (name: string, type: 'ADDED' | 'MODIFIED' = 'ADDED') => ({ ...change('pods', '', type, name), rev: 1 });

test("a changed pod is placed as the batch has it (a create's answer, or the batch's read), without listing the pending pods", async () => {
  const ctx = fakeContext();
  const scheduler = newScheduler();
  ctx.put('nodes', makeNode('n1'));
  await scheduler.reconcile('pending', ctx); // the first cycle lists, and finds nobody waiting
  ctx.put('pods', makePod('mine-1', { owner: 'rs' }));
  ctx.put('pods', makePod('theirs')); // created by someone else
  ctx.put('pods', makePod('other', { spec: { schedulerName: 'mon-scheduler' } }));
  const listed = writtenBatch(ctx, ['mine-1', 'mine-2']);

  assert.deepEqual(await scheduler.keysFor(written('mine-1'), ctx), ['pending']);
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(listed.splice(0), ['nodes', 'pods bound'], 'no read of the pod, no list of the pending pods (the nodes are listed, at the first placement)');
  assert.deepEqual(ctx.writes, ['bind default/mine-1 n1']);

  ctx.put('pods', makePod('mine-2', { owner: 'rs' }));
  assert.deepEqual(await scheduler.keysFor(written('mine-2'), ctx), ['pending']);
  assert.deepEqual(await scheduler.keysFor(written('theirs'), ctx), ['pending']);
  assert.deepEqual(await scheduler.keysFor(written('other'), ctx), [], "another scheduler's");
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(listed.splice(0), ['get theirs', 'get other'], "the others' pods read (with the batch, shared), none listed");
  assert.deepEqual(ctx.writes.sort(), ['bind default/mine-1 n1', 'bind default/mine-2 n1', 'bind default/theirs n1']);
});

test('a known pod is never bound twice, and a cycle with no known pod (a requeue, the resync) lists', async () => {
  const ctx = fakeContext();
  const scheduler = newScheduler();
  ctx.put('nodes', makeNode('n1'));
  await scheduler.reconcile('pending', ctx);
  ctx.put('pods', makePod('late', { owner: 'rs' }));
  const listed = writtenBatch(ctx, ['late']);
  // a cycle that lists takes `late` from its list...
  await scheduler.resync!(ctx);
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(listed.splice(0), ['pods pending', 'nodes', 'pods bound']);
  assert.deepEqual(ctx.writes, ['bind default/late n1']);
  // ...and its create's answer, seen after, does not make it bound again
  await scheduler.keysFor(written('late'), ctx);
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(ctx.writes, ['bind default/late n1']);
  assert.deepEqual(listed.splice(0), ['pods pending'], 'nothing known left: the cycle lists');

  // a requeue (no change behind it) lists as well
  ctx.put('pods', makePod('requeued'));
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(listed.splice(0), ['pods pending']);
  assert.deepEqual(ctx.writes.at(-1), 'bind default/requeued n1');
});

test('while a pod waits unschedulable, a known pod does not spare the list (it may be the one that makes room)', async () => {
  const ctx = fakeContext();
  const scheduler = newScheduler();
  ctx.put('nodes', makeNode('n1'));
  ctx.put('pods', makePod('big', { cpu: '64' }));
  await scheduler.reconcile('pending', ctx);
  ctx.put('pods', makePod('mine', { owner: 'rs' }));
  const listed = writtenBatch(ctx, ['mine']);
  await scheduler.keysFor(written('mine'), ctx);
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(listed.splice(0), ['pods pending']);
  assert.equal(ctx.writes.filter((w) => w.startsWith('bind')).join(), 'bind default/mine n1');
});

test('a burst of known pods is placed with one list, which also finds the pods whose changes are still queued', async () => {
  const ctx = fakeContext();
  const scheduler = newScheduler();
  ctx.put('nodes', makeNode('n1', { pods: '500' }));
  await scheduler.reconcile('pending', ctx);
  const names = Array.from({ length: LIST_FROM }, (_, i) => `p${i}`);
  for (const n of [...names, 'queued']) ctx.put('pods', makePod(n));
  const listed = writtenBatch(ctx, names);
  for (const n of names) await scheduler.keysFor(written(n), ctx);
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(listed.splice(0).filter((l) => l === 'pods pending'), ['pods pending']);
  assert.equal(ctx.writes.length, LIST_FROM + 1);
  assert.ok(ctx.writes.includes('bind default/queued n1'));
});

test('a cycle whose request the runtime cancelled (it never ends) holds the scheduler a minute at most', async (t) => {
  t.mock.timers.enable({ apis: ['Date'], now: Date.parse('2026-01-01T00:00:00Z') });
  const scheduler = newScheduler();
  const cancelled = fakeContext();
  cancelled.api.list = () => new Promise(() => {}); // its continuations never run again
  void scheduler.reconcile('pending', cancelled);
  const ctx = fakeContext();
  ctx.put('nodes', makeNode('n1'));
  ctx.put('pods', makePod('a'));
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(ctx.writes, [], 'a cycle is under way: this one only asks for another');
  t.mock.timers.tick(BINDING_STALE_MS + 1);
  await scheduler.reconcile('pending', ctx);
  assert.deepEqual(ctx.writes, ['bind default/a n1'], 'past the bound the stuck cycle is presumed gone');
});
