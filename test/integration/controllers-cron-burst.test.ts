/**
 * The controllers' cron runs while a queue batch is at its busiest: a Deployment of 300 replicas
 * making its pods and the scheduler binding them. Every run of the isolate has its own API gate
 * (framework/api-gate.ts): a cron run waiting for slots a batch held was taken by workerd as hung
 * and cancelled (outcome `exceededCpu`), and the slots it held or was handed were lost with it;
 * workerd then warned of promises resolved from another request's context and dropped their
 * continuations (pods never made or bound until a resync).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';
import { fakeNodes } from '../support/fake-nodes.ts';
import { until } from '../support/until.ts';

const cluster = useCluster();
const REPLICAS = 300;

test('cron runs during a burst of pods end well, and no promise crosses from one request to another', async (t) => {
  const nodes = fakeNodes(cluster);
  t.after(() => nodes.close());
  await nodes.add('noeud-1', { cpu: '64', memory: '256Gi', pods: '500' });
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'rafale', namespace: 'default' },
    spec: {
      replicas: REPLICAS,
      selector: { matchLabels: { app: 'rafale' } },
      template: { metadata: { labels: { app: 'rafale' } }, spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '10m' } } }] } },
    },
  };
  assert.equal((await cluster.api('POST', '/apis/apps/v1/namespaces/default/deployments', { body: deployment })).status, 201);
  const cronFailures: string[] = [];
  for (let i = 0; i < 8; i++) await cluster.cp.triggerCron().catch((e: Error) => cronFailures.push(e.message));
  await until(
    `${REPLICAS} pods bound`,
    async () => {
      const pods = (await cluster.api('GET', '/api/v1/namespaces/default/pods?labelSelector=app%3Drafale')).json.items as { spec: { nodeName?: string } }[];
      return pods.length === REPLICAS && pods.every((p) => p.spec.nodeName === 'noeud-1');
    },
    120_000,
    500,
  );
  assert.deepEqual(cronFailures, []);
  const crossRequest = cluster.workerdStderr.filter((l) => /different request context|never generate a response/.test(l));
  assert.deepEqual(crossRequest, []); // also checked for every file by useCluster
});
