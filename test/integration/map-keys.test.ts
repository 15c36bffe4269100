/**
 * Map keys named like Object.prototype's members (`__proto__`, `constructor`, `toString`) are
 * keys like any other: valid in a ConfigMap's data, they survive create, every kind of patch,
 * server-side apply and a watch, with the real kubectl.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';

const cluster = useCluster();
const NS = 'cles';

async function kubectl(args: string[], input?: string): Promise<string> {
  const r = await cluster.kubectl(['-n', NS, ...args], { input });
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

const dataOf = async (name: string) => JSON.parse(await kubectl(['get', 'configmap', name, '-o', 'json'])).data as Record<string, string>;
/** own keys only: a key that set the prototype would not be listed */
const entries = (data: Record<string, string>) => Object.entries(data).sort(([a], [b]) => a.localeCompare(b));

test('a ConfigMap keeps the keys __proto__, constructor and toString through create, patches and server-side apply', async () => {
  await kubectl(['create', 'namespace', NS]);
  await kubectl(['create', 'configmap', 'proto', '--from-literal=__proto__=a', '--from-literal=constructor=b', '--from-literal=ordinaire=c']);
  assert.deepEqual(entries(await dataOf('proto')), [
    ['__proto__', 'a'],
    ['constructor', 'b'],
    ['ordinaire', 'c'],
  ]);

  // strategic merge (kubectl's default for built-in kinds), JSON merge, JSON patch
  await kubectl(['patch', 'configmap', 'proto', '-p', '{"data":{"__proto__":"a2"}}']);
  await kubectl(['patch', 'configmap', 'proto', '--type', 'merge', '-p', '{"data":{"toString":"d"}}']);
  await kubectl(['patch', 'configmap', 'proto', '--type', 'json', '-p', '[{"op":"replace","path":"/data/constructor","value":"b2"}]']);
  assert.deepEqual(entries(await dataOf('proto')), [
    ['__proto__', 'a2'],
    ['constructor', 'b2'],
    ['ordinaire', 'c'],
    ['toString', 'd'],
  ]);

  // server-side apply by another manager: it takes the key over, the others stay
  const applied = `apiVersion: v1
kind: ConfigMap
metadata:
  name: proto
data:
  __proto__: a3
`;
  await kubectl(['apply', '--server-side', '--force-conflicts', '--field-manager', 'equipe', '-f', '-'], applied);
  const cm = JSON.parse(await kubectl(['get', 'configmap', 'proto', '-o', 'json', '--show-managed-fields']));
  assert.deepEqual(entries(cm.data), [
    ['__proto__', 'a3'],
    ['constructor', 'b2'],
    ['ordinaire', 'c'],
    ['toString', 'd'],
  ]);
  const equipe = cm.metadata.managedFields.find((m: { manager: string }) => m.manager === 'equipe');
  assert.deepEqual(Object.keys(equipe.fieldsV1['f:data']), ['f:__proto__']);

  // a new object with the key, as a watcher receives it
  const watch = await cluster.watch(`/api/v1/namespaces/${NS}/configmaps?watch=true&fieldSelector=metadata.name%3Dsuivi`);
  try {
    await kubectl(['create', 'configmap', 'suivi', '--from-literal=__proto__=w']);
    const [event] = await watch.waitFor(1);
    assert.equal(event.type, 'ADDED');
    assert.deepEqual(entries(event.object.data), [['__proto__', 'w']]);
  } finally {
    watch.close();
  }
});
