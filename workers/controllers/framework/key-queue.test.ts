import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RESOURCES } from '../../../lib/client/resources.ts';
import { KeyQueue } from './key-queue.ts';
import { Work } from './work.ts';

const tick = () => new Promise((r) => setTimeout(r, 1));

test('a key is never worked on twice at once; added while worked on, it is worked on again after, with fresh reads', async () => {
  const work = new Work();
  const runs: string[] = [];
  let running = 0;
  let most = 0;
  const q = new KeyQueue(5, work, async (key, { fresh }) => {
    most = Math.max(most, ++running);
    runs.push(`${key}${fresh ? ' fresh' : ''}`);
    await tick();
    running--;
  });
  q.addAll(['a', 'a'], { fresh: false });
  q.add('a', { fresh: true }); // while a runs
  q.add('a', { fresh: false }); // merged with the pending rerun, which stays fresh
  await work.idle();
  assert.deepEqual(runs, ['a', 'a fresh']);
  assert.equal(most, 1);
});

test('distinct keys run side by side up to the workers; the queue is idle only once every rerun is done', async () => {
  const work = new Work();
  const runs: string[] = [];
  let running = 0;
  let most = 0;
  const q = new KeyQueue(2, work, async (key) => {
    most = Math.max(most, ++running);
    runs.push(key);
    await tick();
    running--;
    if (key === 'c' && runs.filter((k) => k === 'c').length === 1) q.add('c', { fresh: true }); // a reconcile whose write leads back to itself
  });
  q.addAll(['a', 'b', 'c'], { fresh: false });
  await work.idle();
  assert.equal(most, 2);
  assert.deepEqual(runs.sort(), ['a', 'b', 'c', 'c']);
});

test('a failing reconcile does not stop the queue', async () => {
  const work = new Work();
  const runs: string[] = [];
  const q = new KeyQueue(1, work, async (key) => {
    runs.push(key);
    if (key === 'a') throw new Error('boom');
  });
  q.addAll(['a', 'b'], { fresh: false });
  await work.idle();
  assert.deepEqual(runs, ['a', 'b']);
});

test('a rerun takes, of each object written meanwhile, the latest revision, whatever order the writes were seen in', async () => {
  const work = new Work();
  const seen: (string | undefined)[] = [];
  let release!: () => void;
  const first = new Promise<void>((r) => (release = r));
  const q = new KeyQueue(1, work, async (_key, { seeds }) => {
    seen.push(seeds?.get('/rs')?.object.metadata.resourceVersion);
    if (seen.length === 1) await first;
  });
  const seed = (rev: number) => ({ fresh: true, seeds: new Map([['/rs', { rev, object: { metadata: { name: 'rs', resourceVersion: String(rev) } }, res: RESOURCES.replicasets }]]) });
  q.add('k', { fresh: false });
  q.add('k', seed(7));
  q.add('k', seed(5));
  release();
  await work.idle();
  assert.deepEqual(seen, [undefined, '7']);
});
