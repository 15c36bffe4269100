import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { noteWatched, pokeHub, pokeHubs } from './hub-pokes.ts';

function fakeEnv(watchers: () => number, delay = 0) {
  const pokes: string[] = [];
  const env = {
    WATCH_HUB: {
      idFromName: (n: string) => n,
      get: (n: string) => ({
        poke: async () => {
          pokes.push(n);
          await new Promise((r) => setTimeout(r, delay));
          return watchers();
        },
      }),
    },
  } as unknown as AppEnv['Bindings'];
  return { env, pokes };
}
const desc = (resource: string) => ({ group: '', resource }) as KindDescriptor;

test('a hub without watchers is not poked again for a while; a watch opened here makes it poked again at once', async () => {
  const { env, pokes } = fakeEnv(() => 0);
  await pokeHub(env, 'c', desc('configmaps'), 1);
  await pokeHub(env, 'c', desc('configmaps'), 2);
  await pokeHub(env, 'c', desc('configmaps'), 3);
  assert.deepEqual(pokes, ['c//configmaps'], 'the first poke learnt nobody watches');
  await pokeHub(env, 'other', desc('configmaps'), 4);
  assert.equal(pokes.length, 2, 'hubs are told apart by cluster');
  noteWatched('c', desc('configmaps'));
  await pokeHub(env, 'c', desc('configmaps'), 5);
  assert.equal(pokes.length, 3);
});

test('a hub with watchers is poked at every write; a watch opened while a poke is on its way keeps it poked', async () => {
  let n = 1;
  const { env, pokes } = fakeEnv(() => n, 5);
  for (let rev = 1; rev <= 3; rev++) await pokeHub(env, 'c', desc('pods'), rev);
  assert.equal(pokes.length, 3);
  n = 0;
  const inFlight = pokeHub(env, 'c', desc('pods'), 4);
  noteWatched('c', desc('pods'));
  await inFlight;
  await pokeHub(env, 'c', desc('pods'), 5);
  assert.equal(pokes.length, 5, 'its "nobody" predates the watch');
});

test('a watch opened here whose request has not reached the hub yet keeps it poked', async () => {
  const { env, pokes } = fakeEnv(() => 0);
  noteWatched('c', desc('secrets'));
  await new Promise((r) => setTimeout(r, 20)); // the writes come after the watch was opened
  // the hub answers "nobody" (the watch is still on its way to it): the next writes poke it all the same
  for (let rev = 1; rev <= 3; rev++) await pokeHub(env, 'c', desc('secrets'), rev);
  assert.equal(pokes.length, 3);
});

test("a write is news to one hub per resource, however many of its versions are served", async () => {
  const { env, pokes } = fakeEnv(() => 1);
  const v = (group: string, resource: string, version: string) => ({ group, resource, version }) as KindDescriptor;
  await Promise.all(pokeHubs(env, 'c', [v('autoscaling', 'horizontalpodautoscalers', 'v2'), v('autoscaling', 'horizontalpodautoscalers', 'v1'), v('events.k8s.io', 'events', 'v1')], 1));
  assert.deepEqual(pokes.sort(), ['c/autoscaling/horizontalpodautoscalers', 'c/events.k8s.io/events']);
});
