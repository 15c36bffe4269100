import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ROOT_CLUSTER } from '../../../lib/auth/tokens.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { Env } from '../env.ts';
import { withApiGate } from './api-gate.ts';
import { contextFor } from './runner.ts';
import { SharedReads } from './shared-reads.ts';
import type { Controller } from './controller.ts';

const controller: Controller = { name: 'replicaset-controller', keysFor: () => [], reconcile: async () => undefined };

function isolateEnv(calls: string[]): Env {
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${decodeURIComponent(String(input))} ${new Headers(init?.headers).get('User-Agent')?.split(' ').at(-1)}`);
    return Response.json({ kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '5' }, items: [] });
  };
  return { API: { fetch }, TOKEN_SIGNING_KEY: 'a-test-signing-key-of-some-length' } as unknown as Env;
}

test("a run's contexts reach the API through that run's env (its gate), as the controller to write and as the informers to read", async () => {
  const [first, second]: string[][] = [[], []];
  const ctx = contextFor(withApiGate(isolateEnv(first)), controller, ROOT_CLUSTER, new SharedReads(), () => undefined);
  contextFor(withApiGate(isolateEnv(second)), controller, ROOT_CLUSTER, new SharedReads(), () => undefined);
  await ctx.api.get(RESOURCES.pods, 'ns', 'p');
  await ctx.api.list(RESOURCES.pods, { namespace: 'ns' });
  await ctx.api.delete(RESOURCES.pods, 'ns', 'p');
  assert.deepEqual(first, [
    'GET https://apiserver/api/v1/namespaces/ns/pods?fieldSelector=metadata.name=p shared-informers',
    'GET https://apiserver/api/v1/namespaces/ns/pods shared-informers',
    'DELETE https://apiserver/api/v1/namespaces/ns/pods/p replicaset-controller',
  ]);
  assert.deepEqual(second, [], "nothing through the other run's env");
});

test("two runs' clients share their prototypes: a run makes instances, not prototypes of its own (each cost V8 new maps: a quarter of the controllers isolate)", () => {
  const env = isolateEnv([]);
  const [a, b] = [withApiGate(env), withApiGate(env)].map((run) => contextFor(run, controller, ROOT_CLUSTER, new SharedReads(), () => undefined).api);
  assert.notEqual(a, b);
  for (let [x, y] = [a, b]; x !== null; [x, y] = [Object.getPrototypeOf(x), Object.getPrototypeOf(y)]) assert.equal(Object.getPrototypeOf(x), Object.getPrototypeOf(y));
});
