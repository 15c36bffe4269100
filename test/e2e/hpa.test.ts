/**
 * Resource metrics and autoscaling on a real node: a Deployment whose busybox pod spins a shell
 * loop shows its CPU and memory in `kubectl top pods` (the agent's CRI ListContainerStats), the
 * node its own in `kubectl top nodes` (/proc); `kubectl autoscale --cpu-percent=50` scales it up
 * to its maximum, and once the loop is rolled out (a template without it) the autoscaler, given a
 * short scale-down stabilization window, brings it back to its minimum.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../lib/api/meta.ts';
import { nanoUnits } from '../../lib/quantity/quantity.ts';
import { e2eSkip, getJson, kubectlOk, podsOf, until, useNodeCluster } from './agent-support.ts';

const skip = await e2eSkip();
const NS = 'default';
const NAME = 'hpa-burn';

const deployment = (command: string) => `
apiVersion: apps/v1
kind: Deployment
metadata: { name: ${NAME} }
spec:
  replicas: 1
  selector: { matchLabels: { app: ${NAME} } }
  template:
    metadata: { labels: { app: ${NAME} } }
    spec:
      terminationGracePeriodSeconds: 1
      containers:
        - name: app
          image: localhost/busybox:1
          command: [sh, -c, ${JSON.stringify(command)}]
          resources: { requests: { cpu: 100m, memory: 16Mi } }
`;

interface Deployment extends KubeObject {
  spec: { replicas: number };
}
interface PodMetrics extends KubeObject {
  window: string;
  containers: { name: string; usage: { cpu: string; memory: string } }[];
}

/** a quantity's value in base units (cores, bytes) */
const units = (q: string | undefined) => Number(nanoUnits(q) ?? 0n) / 1e9;

describe('kubectl top and a HorizontalPodAutoscaler on a real node', { skip }, () => {
  if (skip) return;
  const env = useNodeCluster('hpa');
  const replicas = async () => (await getJson<Deployment>(env.cluster, `/apis/apps/v1/namespaces/${NS}/deployments/${NAME}`))?.spec.replicas;
  /** the autoscaler's SuccessfulRescale event whose message `matches`, within 10 s; the messages seen if it never comes */
  const rescaleEvent = async (matches: (message: string) => boolean) => {
    let seen: string[] = [];
    await until(
      'the SuccessfulRescale event',
      async () => {
        const events = (await getJson<KubeObject & { items: { reason: string; message: string }[] }>(env.cluster, `/api/v1/namespaces/${NS}/events`))!.items;
        seen = events.map((e) => e.message);
        return events.some((e) => e.reason === 'SuccessfulRescale' && matches(e.message)) || undefined;
      },
      10_000,
      250,
    ).catch(() => assert.fail(JSON.stringify(seen)));
  };

  test('top shows a CPU loop, the autoscaler scales up under it and down after it', { timeout: 150_000 }, async () => {
    const started = Date.now();
    const lap = (what: string) => console.log(`# ${what} after ${Math.round((Date.now() - started) / 1000)} s`);
    try {
      // the shell holds 8 MiB in a variable, so that its memory shows in Mi, then spins
      await kubectlOk(env.cluster, ['apply', '-f', '-'], { input: deployment('b=$(yes | head -c 8388608); while :; do :; done') });

      // metrics.k8s.io as the HPA reads it: the loop's CPU, the shell's memory with its 8 MiB
      const metrics = await until(
        'PodMetrics of the loop',
        async () => {
          const list = await getJson<KubeObject & { items: PodMetrics[] }>(env.cluster, `/apis/metrics.k8s.io/v1beta1/namespaces/${NS}/pods?labelSelector=app%3D${NAME}`);
          const m = list?.items[0];
          const usage = m?.containers[0]?.usage;
          return usage && units(usage.cpu) > 0.01 && units(usage.memory) >= 8 * 2 ** 20 ? m : undefined;
        },
        45_000,
        1000,
      );
      lap('pod metrics');
      assert.equal(metrics.containers[0].name, 'app');
      assert.match(metrics.window, /^\d+(\.\d+)?(ms|s)$/);

      // kubectl top pods: CPU in millicores (a spinning loop uses well over 10m), memory in Mi (8 and more)
      const pods = await kubectlOk(env.cluster, ['top', 'pods', '-l', `app=${NAME}`, '--no-headers']);
      assert.match(pods, new RegExp(`^${NAME}-\\S+\\s+[1-9]\\d+m\\s+([89]|[1-9]\\d+)Mi\\s*$`, 'm'), pods);
      const containers = await kubectlOk(env.cluster, ['top', 'pods', '-l', `app=${NAME}`, '--containers', '--no-headers']);
      assert.match(containers, new RegExp(`^${NAME}-\\S+\\s+app\\s+[1-9]\\d+m\\s+([89]|[1-9]\\d+)Mi\\s*$`, 'm'), containers);

      // kubectl top nodes: the machine's own usage from /proc, non-zero CPU and memory
      const nodes = await until(
        'kubectl top nodes',
        async () => {
          const r = await env.cluster.kubectl(['top', 'nodes', '--no-headers']);
          return r.code === 0 && new RegExp(`^${env.nodeName}\\s+[1-9]\\d*m\\s+\\d+%\\s+[1-9]\\d*Mi\\s+\\d+%\\s*$`, 'm').test(r.stdout) ? r.stdout : undefined;
        },
        20_000,
        1000,
      );
      console.log(`# kubectl top pods: ${pods.trim()}; top nodes: ${nodes.trim()}`);

      // the autoscaler: a loop spinning at well over 50 % of its 100m request asks for the maximum
      await kubectlOk(env.cluster, ['autoscale', 'deployment', NAME, '--cpu-percent=50', '--min=1', '--max=3']);
      await kubectlOk(env.cluster, ['patch', 'hpa', NAME, '--type=merge', '-p', JSON.stringify({ spec: { behavior: { scaleDown: { stabilizationWindowSeconds: 5 } } } })]);
      await until('the scale up to 3', async () => (await replicas()) === 3, 45_000, 1000);
      lap('scaled up');
      // the event is recorded after the scale is written, as Kubernetes' recorder does: it may trail it
      await rescaleEvent((m) => /^New size: [23]; reason: cpu resource utilization \(percentage of request\) above target$/.test(m));
      const table = await kubectlOk(env.cluster, ['get', 'hpa', NAME]);
      console.log(`# ${table.trim().split('\n')[1]}`);
      assert.match(table, new RegExp(`^${NAME}\\s+Deployment/${NAME}\\s+cpu: \\d+%/50%\\s+1\\s+3\\s+\\d\\s+\\S+$`, 'm'), table);

      // the loop stops (a template that sleeps rolls out), and the autoscaler comes back to 1
      // (a patch of the command only: an apply would set replicas back itself)
      const sleep = [{ op: 'replace', path: '/spec/template/spec/containers/0/command', value: ['sleep', '3600'] }];
      await kubectlOk(env.cluster, ['patch', 'deployment', NAME, '--type=json', '-p', JSON.stringify(sleep)]);
      await until('the scale down to 1', async () => (await replicas()) === 1, 60_000, 1000);
      lap('scaled down');
      await rescaleEvent((m) => m === 'New size: 1; reason: All metrics below target');
    } finally {
      await env.cluster.kubectl(['delete', 'hpa', NAME, '--ignore-not-found', '--wait=false']);
      await env.cluster.kubectl(['delete', 'deployment', NAME, '--ignore-not-found', '--wait=false']);
      // the pods go with their ReplicaSets; wait (bounded) so the node stops spinning before the agent does
      await until('the pods gone', async () => (await podsOf(env.cluster, NS, `app=${NAME}`)).length === 0, 20_000, 500).catch(() => undefined);
    }
  });
});
