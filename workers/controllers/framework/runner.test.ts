import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../../lib/client/client.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { ChangeMessage } from '../../apiserver/env.ts';
import type { Env, QueueMessage } from '../env.ts';
import type { Controller, ControllerContext } from './controller.ts';
import { runMessages } from './runner.ts';

/** An env whose API answers every GET with an object and every POST after a short wait; it counts requests. */
function fakeEnv() {
  const requests: string[] = [];
  const sent: { body: QueueMessage; delaySeconds?: number }[] = [];
  const env = {
    TOKEN_SIGNING_KEY: 'a-test-signing-key-of-some-length',
    API: {
      async fetch(input: string, init?: RequestInit) {
        const url = new URL(input);
        const path = url.pathname;
        requests.push(`${init?.method ?? 'GET'} ${path}${url.search ? decodeURIComponent(url.search) : ''}`);
        if (init?.method === 'POST') {
          await new Promise((r) => setTimeout(r, 5));
          requests.push(`done POST ${path}`);
        }
        const name = path.split('/').pop();
        const pinned = url.searchParams.get('fieldSelector')?.replace('metadata.name=', '');
        if (pinned) return Response.json({ apiVersion: 'v1', kind: 'PodList', metadata: { resourceVersion: '1' }, items: [{ metadata: { name: pinned, namespace: 'ns', resourceVersion: '1' } }] });
        return Response.json({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'ns', resourceVersion: '1' } }, { status: init?.method === 'POST' ? 201 : 200 });
      },
    },
    CHANGES: { send: async (body: QueueMessage, o?: { delaySeconds?: number }) => void sent.push({ body, delaySeconds: o?.delaySeconds }) },
  } as unknown as Env;
  return { env, requests, sent };
}

const change = (name: string, resource = 'pods'): ChangeMessage => ({ cluster: 'default', rev: 1, group: '', resource, namespace: 'ns', name, type: 'MODIFIED' });

function controller(name: string, o: Partial<Controller> = {}): Controller & { reconciled: string[] } {
  const reconciled: string[] = [];
  return { name, keysFor: (c) => [`ns/${c.name}`], reconcile: async (key) => void reconciled.push(key), ...o, reconciled };
}

test('each key is reconciled once per batch, by the controllers it concerns; a requeue goes to its controller only', async () => {
  const { env } = fakeEnv();
  const a = controller('a');
  const b = controller('b', { keysFor: (c) => (c.resource === 'services' ? [`ns/${c.name}`] : []) });
  await runMessages(env, [a, b], [change('p'), change('p'), change('q'), change('s', 'services'), { type: 'REQUEUE', cluster: 'default', controller: 'b', key: 'ns/later' }]);
  assert.deepEqual(a.reconciled.sort(), ['ns/p', 'ns/q', 'ns/s']);
  assert.deepEqual(b.reconciled.sort(), ['ns/later', 'ns/s']);
});

test('reads of the batch are shared between controllers', async () => {
  const { env, requests } = fakeEnv();
  const reading = (name: string) => controller(name, { keysFor: async (c, ctx) => ((await ctx.shared.get(RESOURCES.pods, 'ns', c.name)) ? [c.name] : []) });
  await runMessages(env, [reading('a'), reading('b'), reading('c')], [change('p'), change('q')]);
  assert.deepEqual(requests.sort(), ['GET /api/v1/namespaces/ns/pods?fieldSelector=metadata.name=p', 'GET /api/v1/namespaces/ns/pods?fieldSelector=metadata.name=q'], 'one read of each, for three controllers');
});

test('a reconcile that lost a race is retried with fresh reads; one whose object vanished, once; then it is requeued', async () => {
  const { env, sent } = fakeEnv();
  const seen: { key: string; fresh: boolean }[] = [];
  const failing = controller('f', {
    reconcile: async (key, ctx) => {
      seen.push({ key, fresh: ctx.shared === ctx.api });
      if (key === 'ns/conflict' && seen.filter((s) => s.key === key).length < 3) throw new ApiError(409, undefined, 'conflict');
      if (key === 'ns/gone') throw new ApiError(404, undefined, 'not found');
    },
  });
  const log = console.error;
  console.error = () => undefined;
  try {
    await runMessages(env, [failing], [change('conflict'), change('gone')]);
  } finally {
    console.error = log;
  }
  assert.deepEqual(
    seen.filter((s) => s.key === 'ns/conflict').map((s) => s.fresh),
    [false, true, true],
  );
  assert.deepEqual(
    seen.filter((s) => s.key === 'ns/gone').map((s) => s.fresh),
    [false, true],
  );
  assert.deepEqual(sent, [{ body: { type: 'REQUEUE', cluster: 'default', controller: 'f', key: 'ns/gone' }, delaySeconds: 5 }]);
});

test('a key that keeps failing has one delayed requeue pending at a time, as client-go\'s AddAfter', async () => {
  const { env, sent } = fakeEnv();
  const failing = controller('always-failing', {
    reconcile: async () => {
      throw new Error('the API is down');
    },
  });
  const requeue = { type: 'REQUEUE' as const, cluster: 'default', controller: 'always-failing', key: 'ns/x' };
  const log = console.error;
  console.error = () => undefined;
  try {
    await runMessages(env, [failing], [change('x')]);
    await runMessages(env, [failing], [change('x')]);
    assert.equal(sent.length, 1, 'the second failure finds the first requeue pending');
    await runMessages(env, [failing], [requeue]);
    assert.equal(sent.length, 2, 'its message came: the next failure requeues again');
    let rechecks = 0;
    const waiting = controller('waiting', {
      reconcile: async (key, ctx) => {
        if (++rechecks === 1) await ctx.requeue(key, 5);
        else if (rechecks === 2) await ctx.requeue(key, 30); // a later deadline while the first is pending
      },
    });
    await runMessages(env, [waiting], [change('y')]);
    await runMessages(env, [waiting], [change('y')]);
    assert.deepEqual(sent.slice(2).map((s) => s.delaySeconds), [5], 'one timer pending for the key');
    await runMessages(env, [waiting], [{ type: 'REQUEUE', cluster: 'default', controller: 'waiting', key: 'ns/y' }]);
    assert.equal(sent.length, 4, 'the later deadline is sent once the first came');
    assert.ok(sent[3].delaySeconds! >= 29 && sent[3].delaySeconds! <= 30);
  } finally {
    console.error = log;
  }
  assert.deepEqual(sent.slice(0, 2).map((s) => s.body), [requeue, requeue]);
});

test('distinct keys are reconciled concurrently, up to the controller\'s workers', async () => {
  const { env } = fakeEnv();
  let running = 0;
  let most = 0;
  const slow = controller('slow', {
    workers: 2,
    reconcile: async () => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
    },
  });
  await runMessages(env, [slow], ['a', 'b', 'c', 'd', 'e'].map((n) => change(n)));
  assert.equal(most, 2);
});

test('the batch is done only once the events its reconciles recorded are written', async () => {
  const { env, requests } = fakeEnv();
  const reporting = controller('r', {
    reconcile: async (key, ctx: ControllerContext) => {
      await ctx.events.normal({ apiVersion: 'v1', kind: 'Pod', metadata: { name: key.slice(3), namespace: 'ns', uid: `uid-${key}-${Math.random()}` } }, 'Seen', 'seen');
    },
  });
  await runMessages(env, [reporting], [change('p'), change('q')]);
  assert.equal(requests.filter((r) => r === 'done POST /api/v1/namespaces/ns/events').length, 2, 'both written when the batch ends');
});

test("a batch is split by cluster: each cluster's keys go to its own controllers, through its own API path and token", async () => {
  const { env, requests } = fakeEnv();
  const byCluster = new Map<string, Controller & { reconciled: string[] }>();
  const reading = (cluster: string) => {
    let c = byCluster.get(cluster);
    if (!c) byCluster.set(cluster, (c = controller(`c-${cluster}`, { keysFor: async (m, ctx) => ((await ctx.shared.get(RESOURCES.pods, 'ns', m.name)) ? [`ns/${m.name}`] : []) })));
    return [c];
  };
  const inA = { ...change('p'), cluster: 'a' };
  const inB = { ...change('p'), cluster: 'b' };
  await runMessages(env, reading, [change('p'), inA, inB, { ...change('q'), cluster: 'a' }]);
  assert.deepEqual(byCluster.get('default')?.reconciled, ['ns/p']);
  assert.deepEqual(byCluster.get('a')?.reconciled.sort(), ['ns/p', 'ns/q']);
  assert.deepEqual(byCluster.get('b')?.reconciled, ['ns/p']);
  assert.deepEqual(requests.sort(), [
    'GET /api/v1/namespaces/ns/pods?fieldSelector=metadata.name=p',
    'GET /clusters/a/api/v1/namespaces/ns/pods?fieldSelector=metadata.name=p',
    'GET /clusters/a/api/v1/namespaces/ns/pods?fieldSelector=metadata.name=q',
    'GET /clusters/b/api/v1/namespaces/ns/pods?fieldSelector=metadata.name=p',
  ], 'reads are shared within a cluster, never across');
});

test('the token a controller presents names the cluster it is sent to', async () => {
  const { env } = fakeEnv();
  const seen: { path: string; cluster: unknown }[] = [];
  const api = env.API.fetch.bind(env.API);
  (env as { API: { fetch: typeof api } }).API = {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const token = new Headers(init?.headers).get('Authorization')!.slice('Bearer '.length);
      seen.push({ path: new URL(String(input)).pathname, cluster: JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).cluster });
      return api(input as string, init);
    },
  } as typeof env.API;
  const reading = controller('r', { keysFor: async (m, ctx) => ((await ctx.api.get(RESOURCES.pods, 'ns', m.name)) ? [] : []) });
  await runMessages(env, [reading], [{ ...change('p'), cluster: 'a' }, change('q')]);
  assert.deepEqual(seen.sort((x, y) => x.path.localeCompare(y.path)), [
    // reads are the informers' lists, pinned to the name
    { path: '/api/v1/namespaces/ns/pods', cluster: 'default' },
    { path: '/clusters/a/api/v1/namespaces/ns/pods', cluster: 'a' },
  ]);
});

test('a resync request runs every key of each controller in that cluster', async () => {
  const { env } = fakeEnv();
  const resyncing = controller('r', { resync: async (ctx) => [`all-of-${ctx.cluster}`] });
  await runMessages(env, [resyncing], [{ type: 'RESYNC', cluster: 'a' }, { type: 'RESYNC', cluster: 'a' }]);
  assert.deepEqual(resyncing.reconciled, ['all-of-a']);
});

/** An API whose creates answer with the object at a new revision; it records requests. */
function writingEnv() {
  const requests: string[] = [];
  let rev = 100;
  const env = {
    TOKEN_SIGNING_KEY: 'a-test-signing-key-of-some-length',
    API: {
      async fetch(input: string, init?: RequestInit) {
        const url = new URL(input);
        requests.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search ? decodeURIComponent(url.search) : ''}`);
        if (init?.method === 'POST' || init?.method === 'PUT') {
          const body = JSON.parse(String(init.body));
          return Response.json({ ...body, metadata: { ...body.metadata, namespace: 'ns', resourceVersion: String(++rev) } }, { status: init.method === 'POST' ? 201 : 200 });
        }
        const pinned = url.searchParams.get('fieldSelector')?.replace('metadata.name=', '');
        return Response.json({ kind: 'List', metadata: { resourceVersion: String(rev) }, items: pinned ? [{ metadata: { name: pinned, namespace: 'ns', resourceVersion: '1' } }] : [] });
      },
    },
    CHANGES: { send: async () => undefined },
  } as unknown as Env;
  return { env, requests };
}

test("a controller's own write is handled in the same batch, by the controllers it concerns, reading its answer and the batch's lists with its writes; its queue copy is then skipped", async () => {
  const { env, requests } = writingEnv();
  const cluster = 'own-writes-runner-test';
  const podLists = () => requests.filter((r) => r === `GET /clusters/${cluster}/api/v1/namespaces/ns/pods`).length;
  const rsLists = () => requests.filter((r) => r === `GET /clusters/${cluster}/apis/apps/v1/namespaces/ns/replicasets`).length;
  const creator = controller('creator', {
    keysFor: async (c, ctx) => {
      // the batch's shared reads
      await Promise.all([ctx.shared.list(RESOURCES.pods, { namespace: 'ns' }), ctx.shared.list(RESOURCES.replicasets, { namespace: 'ns' })]);
      return c.resource === 'deployments' ? [`ns/${c.name}`] : [];
    },
    reconcile: async (key, ctx) => void (await ctx.api.create(RESOURCES.replicasets, 'ns', { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: `${key.slice(3)}-rs` } })),
  });
  const seen: string[] = [];
  const follower = controller('follower', {
    keysFor: async (c, ctx) => {
      if (c.resource !== 'replicasets') return [];
      seen.push(`keysFor read rv ${(await ctx.shared.get(RESOURCES.replicasets, c.namespace, c.name))?.metadata.resourceVersion}`);
      return [`ns/${c.name}`];
    },
    reconcile: async (key, ctx) => {
      follower.reconciled.push(key);
      seen.push(`reconcile read rv ${(await ctx.shared.get(RESOURCES.replicasets, 'ns', key.slice(3)))?.metadata.resourceVersion}`);
      const before = podLists();
      await ctx.shared.list(RESOURCES.pods, { namespace: 'ns' });
      seen.push(`reconcile listed pods ${podLists() > before ? 'afresh' : 'from the batch'}`);
      const rsBefore = rsLists();
      const { items } = await ctx.shared.list(RESOURCES.replicasets, { namespace: 'ns' });
      seen.push(`reconcile listed replicasets ${rsLists() > rsBefore ? 'afresh' : 'from the batch'}: ${items.map((rs) => `${rs.metadata.name} rv ${rs.metadata.resourceVersion}`)}`);
    },
  });
  await runMessages(env, [creator, follower], [{ ...change('d', 'deployments'), cluster, group: 'apps', type: 'ADDED' }]);
  assert.deepEqual(follower.reconciled, ['ns/d-rs'], 'in the same batch');
  assert.deepEqual(
    seen,
    ['keysFor read rv 101', 'reconcile read rv 101', 'reconcile listed pods from the batch', 'reconcile listed replicasets from the batch: d-rs rv 101'],
    "the write's answer; the batch's reads of the kinds no write of the batch touched, and of the others with the batch's writes laid over them",
  );
  assert.ok(!requests.some((r) => r.includes('fieldSelector=metadata.name=d-rs')), 'the written object is not read back');

  const copy: ChangeMessage = { cluster, rev: 101, group: 'apps', resource: 'replicasets', namespace: 'ns', name: 'd-rs', type: 'ADDED', ownersChanged: false };
  await runMessages(env, [creator, follower], [copy]);
  assert.deepEqual(follower.reconciled, ['ns/d-rs'], "the queue's copy is not handled again");
  await runMessages(env, [creator, follower], [copy]);
  assert.deepEqual(follower.reconciled, ['ns/d-rs', 'ns/d-rs'], 'a second copy (a redelivery) is');
});

test('the batch waits for the work a reconcile deferred, though the key is done with', async () => {
  const { env } = fakeEnv();
  const done: string[] = [];
  const deferring = controller('d', {
    reconcile: async (key, ctx) => {
      ctx.defer!(new Promise((r) => setTimeout(r, 20)).then(() => done.push(`deferred ${key}`)));
      done.push(`reconciled ${key}`);
    },
  });
  await runMessages(env, [deferring], [change('p')]);
  assert.deepEqual(done, ['reconciled ns/p', 'deferred ns/p']);
});

test("a burst of own writes gathers into a few waves that share their reads; each write's keys are reconciled", async () => {
  const { env, requests } = writingEnv();
  const creator = controller('creator', {
    keysFor: (c) => (c.resource === 'deployments' ? [`ns/${c.name}`] : []),
    reconcile: async (_key, ctx) => {
      for (let i = 0; i < 20; i++) await ctx.api.create(RESOURCES.pods, 'ns', { apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${i}` } });
    },
  });
  const follower = controller('follower', {
    keysFor: async (c, ctx) => {
      if (c.resource !== 'pods') return [];
      await ctx.shared.list(RESOURCES.services, { namespace: 'ns' });
      await new Promise((r) => setTimeout(r, 20)); // a slow keysFor: the writes meanwhile wait for the next wave
      return [`ns/${c.name}`];
    },
  });
  await runMessages(env, [creator, follower], [{ ...change('d', 'deployments'), cluster: 'burst-test', group: 'apps', type: 'ADDED' }]);
  assert.equal(follower.reconciled.length, 20);
  const lists = requests.filter((r) => r.endsWith('/namespaces/ns/services')).length;
  assert.ok(lists <= 4, `${lists} lists of the services for 20 writes`);
});

test("a key that comes again after its reconcile wrote twice reads the last write's answer, not the first's (a status write on it would be a 409)", async () => {
  const { env } = writingEnv();
  const seen: string[] = [];
  let runs = 0;
  const writer = controller('writer', {
    keysFor: async (c) => {
      if (c.resource !== 'configmaps') return [];
      if (c.rev === 102) await new Promise((r) => setTimeout(r, 20)); // the second write's own wave comes late
      return [`ns/${c.name}`];
    },
    reconcile: async (key, ctx) => {
      const cm = await ctx.shared.get(RESOURCES.configmaps, 'ns', key.slice(3));
      seen.push(`read rv ${cm?.metadata.resourceVersion}`);
      if (++runs > 1) return;
      const first = await ctx.api.update(RESOURCES.configmaps, { ...cm!, data: { step: '1' } });
      await new Promise((r) => setTimeout(r, 10)); // meanwhile the first write's wave adds the key again
      await ctx.api.update(RESOURCES.configmaps, { ...first, data: { step: '2' } });
    },
  });
  await runMessages(env, [writer], [{ ...change('c', 'configmaps'), cluster: 'stale-seed-test' }]);
  assert.deepEqual(seen, ['read rv 1', 'read rv 102', 'read rv 102']);
});

test("the batch's contexts know what its own writes answered (ctx.written), the latest of each object", async () => {
  const { env } = writingEnv();
  const known: (string | undefined)[] = [];
  const creator = controller('creator', {
    keysFor: (c) => (c.resource === 'deployments' ? [`ns/${c.name}`] : []),
    reconcile: async (_key, ctx) => {
      known.push(ctx.written?.(RESOURCES.pods, 'ns', 'p')?.metadata.resourceVersion);
      const p = await ctx.api.create(RESOURCES.pods, 'ns', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } });
      await ctx.api.update(RESOURCES.pods, p);
    },
  });
  const follower = controller('follower', {
    keysFor: async (c, ctx) => {
      if (c.rev === 101) await new Promise((r) => setTimeout(r, 20)); // the update is answered meanwhile
      if (c.resource === 'pods') known.push(`${c.rev}: ${ctx.written?.(RESOURCES.pods, 'ns', c.name)?.metadata.resourceVersion}`);
      return [];
    },
  });
  await runMessages(env, [creator, follower], [{ ...change('d', 'deployments'), cluster: 'written-test', group: 'apps', type: 'ADDED' }]);
  assert.equal(known[0], undefined, 'nothing written yet');
  assert.deepEqual(known.slice(1).sort(), ['101: 102', '102: 102']);
});

test("a get of an object the batch wrote takes its latest answer without a request, unless a write since (a patch, a binding) changed it unreported", async () => {
  const { env, requests } = writingEnv();
  const cluster = 'written-reads-test';
  const creator = controller('creator', {
    keysFor: (c) => (c.resource === 'deployments' ? [`ns/${c.name}`] : []),
    reconcile: async (_key, ctx) => {
      for (const name of ['a', 'b', 'c', 'd']) await ctx.api.create(RESOURCES.pods, 'ns', { apiVersion: 'v1', kind: 'Pod', metadata: { name } });
      await ctx.api.patch(RESOURCES.pods, 'ns', 'b', { metadata: { labels: { x: 'y' } } });
      await ctx.api.post(RESOURCES.pods, 'ns', 'c', 'binding', { target: { kind: 'Node', name: 'n' } });
    },
  });
  const seen: string[] = [];
  const follower = controller('follower', {
    keysFor: async (c) => {
      if (c.resource !== 'pods' || c.name !== 'a') return [];
      await new Promise((r) => setTimeout(r, 20)); // the other pods are written meanwhile
      return ['ns/a'];
    },
    reconcile: async (_key, ctx) => {
      for (const name of ['b', 'c', 'd', 'e']) {
        const before = requests.length;
        const pod = await ctx.shared.get(RESOURCES.pods, 'ns', name);
        seen.push(`${name}: rv ${pod?.metadata.resourceVersion}${requests.length > before ? ', read' : ''}`);
      }
    },
  });
  await runMessages(env, [creator, follower], [{ ...change('d', 'deployments'), cluster, group: 'apps', type: 'ADDED' }]);
  assert.deepEqual(seen, ['b: rv 1, read', 'c: rv 1, read', 'd: rv 104', 'e: rv 1, read']);
});

test("a list of a kind in a namespace is the batch's with its writes laid over it only while every write of the batch there is answered and reported", async () => {
  const { env, requests } = writingEnv();
  const cluster = 'written-lists-test';
  const podLists = () => requests.filter((r) => r.startsWith(`GET /clusters/${cluster}/api/v1/namespaces/ns/pods`)).length;
  let release!: () => void;
  const creator = controller('creator', {
    keysFor: async (c, ctx) => {
      await ctx.shared.list(RESOURCES.pods, { namespace: 'ns' }); // the batch's list
      return c.resource === 'deployments' ? [`ns/${c.name}`] : [];
    },
    reconcile: async (_key, ctx) => {
      await ctx.api.create(RESOURCES.pods, 'ns', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a' } });
      await new Promise<void>((r) => (release = r)); // the follower lists now
      await ctx.api.post(RESOURCES.pods, 'ns', 'a', 'binding', { target: { kind: 'Node', name: 'n' } });
    },
  });
  const seen: string[] = [];
  const follower = controller('follower', {
    keysFor: (c) => (c.resource === 'pods' ? [`ns/${c.name}`] : []),
    reconcile: async (_key, ctx) => {
      const list = async () => {
        const before = podLists();
        const { items } = await ctx.shared.list(RESOURCES.pods, { namespace: 'ns' });
        return `${items.map((p) => p.metadata.name)}${podLists() > before ? ' afresh' : ''}`;
      };
      seen.push(await list());
      const before = podLists();
      await ctx.shared.list(RESOURCES.pods, { namespace: 'ns', labelSelector: 'app=web' });
      seen.push(`with a selector${podLists() > before ? ' afresh' : ''}`);
      release();
    },
  });
  const fresh = controller('fresh', {
    keysFor: async (c) => {
      if (c.resource !== 'pods') return [];
      await new Promise((r) => setTimeout(r, 30)); // after the binding
      return [`ns/${c.name}`];
    },
    reconcile: async (_key, ctx) => {
      const before = podLists();
      await ctx.shared.list(RESOURCES.pods, { namespace: 'ns' });
      seen.push(`after the binding${podLists() > before ? ' afresh' : ''}`);
    },
  });
  await runMessages(env, [creator, follower, fresh], [{ ...change('d', 'deployments'), cluster, group: 'apps', type: 'ADDED' }]);
  assert.deepEqual(seen, ['a', 'with a selector afresh', 'after the binding afresh']);
});

test("a controller that ignores its own status writes is not led back by them in the batch; another controller is, and so is it by its other writes", async () => {
  const { env } = writingEnv();
  const statusWriter = (name: string, o: Partial<Controller>) => {
    const c = controller(name, {
      keysFor: (m) => (m.resource === 'replicasets' ? [`ns/${m.name}`] : []),
      reconcile: async (key, ctx) => {
        c.reconciled.push(key);
        if (c.reconciled.length > 1) return;
        const rs = (await ctx.shared.get(RESOURCES.replicasets, 'ns', key.slice(3)))!;
        await ctx.api.update(RESOURCES.replicasets, { ...rs, status: { replicas: 2 } }, 'status');
      },
      ...o,
    });
    return c;
  };
  const message = (cluster: string) => [{ ...change('r', 'replicasets'), group: 'apps', cluster }];
  const ignoring = statusWriter('ignoring', { ignoresOwnStatusWrites: true });
  const watcher = controller('watcher', { keysFor: (m) => (m.resource === 'replicasets' ? [`ns/${m.name}`] : []) });
  await runMessages(env, [ignoring, watcher], message('own-status-ignored'));
  assert.deepEqual(ignoring.reconciled, ['ns/r'], 'once: its status write does not bring it back');
  assert.deepEqual(watcher.reconciled, ['ns/r', 'ns/r'], 'the change and the status write');

  const plain = statusWriter('plain', {});
  await runMessages(env, [plain], message('own-status-followed'));
  assert.deepEqual(plain.reconciled, ['ns/r', 'ns/r'], 'without the option, as before');

  const updater = statusWriter('updater', {
    ignoresOwnStatusWrites: true,
    reconcile: async (key, ctx) => {
      updater.reconciled.push(key);
      if (updater.reconciled.length > 1) return;
      const rs = (await ctx.shared.get(RESOURCES.replicasets, 'ns', key.slice(3)))!;
      await ctx.api.update(RESOURCES.replicasets, { ...rs, metadata: { ...rs.metadata, labels: { a: 'b' } } });
    },
  });
  await runMessages(env, [updater], message('own-update-followed'));
  assert.deepEqual(updater.reconciled, ['ns/r', 'ns/r'], 'a write that is not a status write still leads it back');
});
