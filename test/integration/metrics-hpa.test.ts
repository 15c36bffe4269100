/**
 * metrics.k8s.io and the HorizontalPodAutoscaler with the real kubectl and a simulated node, whose
 * containers use what their pod's `simulated.timonier.dev/cpu` annotation says (the simulated
 * runtime's ContainerStats): `kubectl top nodes` and `kubectl top pods`, `kubectl autoscale`,
 * `kubectl get hpa`, and an autoscaler scaling a Deployment up under load and back down once the
 * load (the annotation, rolled out) drops.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { KubeObject } from '../../lib/api/meta.ts';
import { useCluster } from '../support/cluster.ts';
import { createJoinToken } from '../../node-agent/tunnel/token-create.ts';
import { runNode, type RunningNode } from '../../node-agent/cli.ts';
import { until } from '../support/until.ts';

const cluster = useCluster();
let node: RunningNode | undefined;
after(async () => node?.stop());

const ok = async (args: string[]) => {
  const r = await cluster.kubectl(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

const deployment = (cpu: string) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'charge', namespace: 'default' },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: 'charge' } },
    template: {
      metadata: { labels: { app: 'charge' }, annotations: { 'simulated.timonier.dev/cpu': cpu, 'simulated.timonier.dev/memory': '32Mi' } },
      spec: { nodeName: 'sim-m', containers: [{ name: 'app', image: 'busybox', resources: { requests: { cpu: '100m' } } }] },
    },
  },
});

test('kubectl top, kubectl autoscale and an HPA scaling a Deployment up and down', { timeout: 420_000 }, async () => {
  const { cp } = cluster;
  const token = await createJoinToken({ server: cp.url, token: cp.token, caPem: cp.caPem, insecure: false }, { ttlSeconds: 600 });
  node = await runNode({ server: cp.url, token, nodeName: 'sim-m', runtime: 'simulated', subnet: 11, stateDir: join(cluster.dir, 'sim-m'), caPem: cp.caPem, log: () => {} });
  await node.tunnel.ready;

  // discovery lists metrics.k8s.io as metrics-server's APIService does
  const groups = (await cluster.api('GET', '/apis')).json as { groups: { name: string }[] };
  assert.ok(groups.groups.some((g) => g.name === 'metrics.k8s.io'));

  const created = await cluster.api('POST', '/apis/apps/v1/namespaces/default/deployments', { body: deployment('150m') });
  assert.equal(created.status, 201, JSON.stringify(created.json));

  const top = await until(
    'kubectl top pods',
    async () => {
      const r = await cluster.kubectl(['top', 'pods', '-l', 'app=charge', '--no-headers']);
      return r.code === 0 && /^charge-\S+\s+150m\s+32Mi/m.test(r.stdout) ? r.stdout : undefined;
    },
    60_000,
  );
  assert.match(top, /150m\s+32Mi/);
  const nodes = await ok(['top', 'nodes', '--no-headers']);
  // the simulated node: its pods' 150m plus its 50m system share, 256Mi plus 32Mi
  assert.match(nodes, /^sim-m\s+200m\s+\d+%\s+288Mi\s+\d+%/m);
  const one = (await cluster.api('GET', '/apis/metrics.k8s.io/v1beta1/nodes/sim-m')).json as KubeObject & { usage: Record<string, string>; window: string };
  assert.equal(one.kind, 'NodeMetrics');
  assert.equal(one.usage.cpu, '200m');
  assert.match(one.window, /^\d+(\.\d+)?s$/);
  const missing = await cluster.api('GET', '/apis/metrics.k8s.io/v1beta1/nodes/nowhere');
  assert.equal(missing.status, 404);

  await ok(['autoscale', 'deployment', 'charge', '--cpu-percent=50', '--min=1', '--max=5']);
  // 150 % of the request over a 50 % target: 3 replicas
  await until('the scale up', async () => ((await cluster.api('GET', '/apis/apps/v1/namespaces/default/deployments/charge')).json as { spec: { replicas: number } }).spec.replicas === 3, 150_000);
  const hpa = await until('the status', async () => {
    const h = (await cluster.api('GET', '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers/charge')).json as { status?: { currentMetrics?: unknown[]; conditions?: { type: string; status: string; reason: string }[] } };
    return h.status?.currentMetrics?.length ? h : undefined;
  });
  assert.ok(hpa.status?.conditions?.some((c) => c.type === 'ScalingActive' && c.status === 'True' && c.reason === 'ValidMetricFound'));
  const table = await ok(['get', 'hpa', 'charge']);
  assert.match(table, /^NAME\s+REFERENCE\s+TARGETS\s+MINPODS\s+MAXPODS\s+REPLICAS\s+AGE$/m);
  assert.match(table, /^charge\s+Deployment\/charge\s+cpu: \d+%\/50%\s+1\s+5\s+\d+\s+\S+$/m);
  // events are written in the background, after the scale and possibly after the status
  const rescaled = await until('the SuccessfulRescale event', async () => {
    const events = ((await cluster.api('GET', '/api/v1/namespaces/default/events')).json as { items: { reason: string; message: string }[] }).items;
    return events.find((e) => e.reason === 'SuccessfulRescale' && e.message.startsWith('New size: 3;'));
  });
  assert.equal(rescaled.message, 'New size: 3; reason: cpu resource utilization (percentage of request) above target');
  // v1 reads the same object, CPU target in its own field
  const v1 = (await cluster.api('GET', '/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers/charge')).json as { spec: { targetCPUUtilizationPercentage: number } };
  assert.equal(v1.spec.targetCPUUtilizationPercentage, 50);

  // the load drops; no stabilization window, so the scale comes down at once
  await ok(['patch', 'hpa', 'charge', '--type=merge', '-p', JSON.stringify({ spec: { behavior: { scaleDown: { stabilizationWindowSeconds: 0 } } } })]);
  await ok(['patch', 'deployment', 'charge', '--type=merge', '-p', JSON.stringify({ spec: { template: { metadata: { annotations: { 'simulated.timonier.dev/cpu': '5m' } } } } })]);
  await until('the scale down', async () => ((await cluster.api('GET', '/apis/apps/v1/namespaces/default/deployments/charge')).json as { spec: { replicas: number } }).spec.replicas === 1, 200_000);
});

test('a target without its apiVersion maps to no group: AbleToScale False, as Kubernetes says it', async () => {
  const hpa = { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'groupless' }, spec: { scaleTargetRef: { kind: 'Deployment', name: 'charge' }, minReplicas: 1, maxReplicas: 2 } };
  assert.equal((await cluster.api('POST', '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers', { body: hpa })).status, 201);
  const condition = await until('the condition', async () => {
    const h = (await cluster.api('GET', '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers/groupless')).json as { status?: { conditions?: { type: string; status: string; reason: string; message: string }[] } };
    return h.status?.conditions?.find((c) => c.type === 'AbleToScale');
  });
  assert.deepEqual({ ...condition, lastTransitionTime: undefined }, {
    type: 'AbleToScale',
    status: 'False',
    reason: 'FailedGetScale',
    message: `the HPA controller was unable to get the target's current scale: no matches for kind "Deployment" in group ""`,
    lastTransitionTime: undefined,
  });
});
