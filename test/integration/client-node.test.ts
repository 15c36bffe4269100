/**
 * A second real client: @kubernetes/client-node (v2), configured from the cluster's kubeconfig
 * file alone (server URL, CA, token), doing what an operator written in TypeScript does: typed
 * CRUD on ConfigMaps, a Deployment create, and a Watch.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppsV1Api, CoreV1Api, KubeConfig, PatchStrategy, Watch, setHeaderOptions, type V1ConfigMap } from '@kubernetes/client-node';
import { useCluster } from '../support/cluster.ts';

const cluster = useCluster();
const NS = 'client-node';

function config(): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromFile(cluster.cp.kubeconfigPath);
  return kc;
}

/** The Status a client-node call failed with (its ApiException carries the body as text). */
async function statusOf(p: Promise<unknown>): Promise<{ code: number; body: any }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code?: number; body?: unknown };
    assert.equal(typeof err.code, 'number', String(e));
    return { code: err.code!, body: typeof err.body === 'string' ? JSON.parse(err.body) : err.body };
  }
  assert.fail('the call succeeded');
}

test('the kubeconfig is enough: server, CA and token', async () => {
  const kc = config();
  assert.equal(kc.getCurrentCluster()?.server, cluster.cp.url);
  const core = kc.makeApiClient(CoreV1Api);
  const ns = await core.createNamespace({ body: { metadata: { name: NS } } });
  assert.equal(ns.metadata?.name, NS);
  assert.equal(ns.status?.phase, 'Active');
  // dates come back typed
  assert.ok(ns.metadata?.creationTimestamp instanceof Date);
});

test('CoreV1Api: create, read, list, patch (merge and JSON), replace and delete a ConfigMap', async () => {
  const core = config().makeApiClient(CoreV1Api);
  const created = await core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: 'reglages', labels: { app: 'op' } }, data: { couleur: 'bleu' } } });
  assert.equal(created.metadata?.namespace, NS);
  assert.match(created.metadata?.uid ?? '', /^[0-9a-f-]{36}$/);
  const rv1 = Number(created.metadata?.resourceVersion);

  const again = await statusOf(core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: 'reglages' } } }));
  assert.equal(again.code, 409);
  assert.deepEqual({ reason: again.body.reason, message: again.body.message }, { reason: 'AlreadyExists', message: 'configmaps "reglages" already exists' });

  const read = await core.readNamespacedConfigMap({ name: 'reglages', namespace: NS });
  assert.deepEqual(read.data, { couleur: 'bleu' });
  assert.equal(read.metadata?.uid, created.metadata?.uid);

  await core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: 'autre', labels: { app: 'autre' } } } });
  const list = await core.listNamespacedConfigMap({ namespace: NS, labelSelector: 'app=op' });
  assert.deepEqual(list.items.map((i) => i.metadata?.name), ['reglages']);
  assert.ok(Number(list.metadata?.resourceVersion) >= rv1);
  const limited = await core.listNamespacedConfigMap({ namespace: NS, limit: 1 });
  assert.equal(limited.items.length, 1);
  assert.ok(limited.metadata?._continue, 'a continue token');

  const merged = await core.patchNamespacedConfigMap(
    { name: 'reglages', namespace: NS, body: { data: { taille: 'grande' } } },
    setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
  );
  assert.deepEqual(merged.data, { couleur: 'bleu', taille: 'grande' });
  const rv2 = Number(merged.metadata?.resourceVersion);
  assert.ok(rv2 > rv1);
  // client-node's default patch type is JSON patch
  const jsonPatched = await core.patchNamespacedConfigMap({ name: 'reglages', namespace: NS, body: [{ op: 'replace', path: '/data/couleur', value: 'vert' }] });
  assert.deepEqual(jsonPatched.data, { couleur: 'vert', taille: 'grande' });
  assert.ok(Number(jsonPatched.metadata?.resourceVersion) > rv2);

  const replaced = await core.replaceNamespacedConfigMap({ name: 'reglages', namespace: NS, body: { ...jsonPatched, data: { couleur: 'rouge' } } });
  assert.deepEqual(replaced.data, { couleur: 'rouge' });
  const stale = await statusOf(core.replaceNamespacedConfigMap({ name: 'reglages', namespace: NS, body: { ...jsonPatched, data: { couleur: 'noir' } } }));
  assert.equal(stale.code, 409);
  assert.equal(stale.body.message, 'Operation cannot be fulfilled on configmaps "reglages": the object has been modified; please apply your changes to the latest version and try again');

  const status = await core.deleteNamespacedConfigMap({ name: 'reglages', namespace: NS });
  assert.equal((status as { status?: string }).status, 'Success');
  const gone = await statusOf(core.readNamespacedConfigMap({ name: 'reglages', namespace: NS }));
  assert.equal(gone.code, 404);
  assert.equal(gone.body.message, 'configmaps "reglages" not found');
});

test('AppsV1Api: create a Deployment, defaulted by the server; scale it', async () => {
  const apps = config().makeApiClient(AppsV1Api);
  const d = await apps.createNamespacedDeployment({
    namespace: NS,
    body: {
      metadata: { name: 'web' },
      spec: {
        replicas: 2,
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
      },
    },
  });
  assert.equal(d.metadata?.generation, 1);
  assert.equal(d.spec?.strategy?.type, 'RollingUpdate');
  assert.equal(d.spec?.strategy?.rollingUpdate?.maxSurge, '25%');
  assert.equal(d.spec?.revisionHistoryLimit, 10);
  assert.equal(d.spec?.template.spec?.containers[0].imagePullPolicy, 'IfNotPresent');
  assert.equal(d.spec?.template.spec?.restartPolicy, 'Always');

  const scale = await apps.patchNamespacedDeploymentScale({ name: 'web', namespace: NS, body: { spec: { replicas: 5 } } }, setHeaderOptions('Content-Type', PatchStrategy.MergePatch));
  assert.equal(scale.spec?.replicas, 5);
  assert.equal(scale.status?.selector, 'app=web');
  const read = await apps.readNamespacedDeployment({ name: 'web', namespace: NS });
  assert.equal(read.spec?.replicas, 5);
  assert.equal(read.metadata?.generation, 2);

  const invalid = await statusOf(apps.createNamespacedDeployment({ namespace: NS, body: { metadata: { name: 'Web_2' }, spec: { selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } } }));
  assert.equal(invalid.code, 422);
  assert.equal(invalid.body.reason, 'Invalid');
  assert.match(invalid.body.message, /^Deployment\.apps "Web_2" is invalid: metadata\.name: Invalid value: "Web_2": a lowercase RFC 1123 subdomain/);
});

test('Watch: ADDED, MODIFIED, DELETED, then the watch ends when aborted', async () => {
  const kc = config();
  const core = kc.makeApiClient(CoreV1Api);
  const events: { type: string; name?: string; rv?: string; data?: Record<string, string> }[] = [];
  let notify = () => {};
  let done: (err: unknown) => void = () => {};
  const ended = new Promise<unknown>((resolve) => (done = resolve));
  const list = await core.listNamespacedConfigMap({ namespace: NS, labelSelector: 'suivi=oui' });
  const controller = await new Watch(kc).watch(
    `/api/v1/namespaces/${NS}/configmaps`,
    { labelSelector: 'suivi=oui', resourceVersion: list.metadata?.resourceVersion, allowWatchBookmarks: true },
    (type, obj: V1ConfigMap) => {
      events.push({ type, name: obj.metadata?.name, rv: obj.metadata?.resourceVersion, data: obj.data });
      notify();
    },
    (err) => done(err),
  );
  const waitFor = (n: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${events.length}/${n} events: ${JSON.stringify(events)}`)), 10_000);
      notify = () => {
        if (events.length >= n) {
          clearTimeout(timer);
          resolve();
        }
      };
      notify();
    });
  try {
    const created = await core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: 'suivie', labels: { suivi: 'oui' } }, data: { v: '1' } } });
    const patched = await core.patchNamespacedConfigMap(
      { name: 'suivie', namespace: NS, body: { data: { v: '2' } } },
      setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch),
    );
    await core.deleteNamespacedConfigMap({ name: 'suivie', namespace: NS });
    await waitFor(3);
    const seen = events.filter((e) => e.type !== 'BOOKMARK');
    assert.deepEqual(
      seen.map((e) => [e.type, e.name, e.data]),
      [
        ['ADDED', 'suivie', { v: '1' }],
        ['MODIFIED', 'suivie', { v: '2' }],
        ['DELETED', 'suivie', { v: '2' }],
      ],
    );
    assert.equal(seen[0].rv, created.metadata?.resourceVersion);
    assert.equal(seen[1].rv, patched.metadata?.resourceVersion);
    assert.ok(Number(seen[2].rv) > Number(patched.metadata?.resourceVersion));
  } finally {
    controller.abort();
  }
  const timer = new Promise((_, reject) => setTimeout(() => reject(new Error('the aborted watch never called done')), 10_000).unref());
  await Promise.race([ended, timer]);
});
