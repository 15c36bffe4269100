/**
 * A node that goes away: its agent is killed (its lease stops, its containers stay, as when a
 * machine is switched off), the node turns NotReady after the grace period, its pods are
 * evicted after their toleration, and the ReplicaSet's replacements run on another node (an
 * agent with the simulated runtime). Periods are shortened: grace 6 s, toleration 3 s.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node } from '../../lib/api/core/node.ts';
import { e2eSkip, getJson, HTTPD_COMMAND, isReady, kubectlOk, podsOf, until, useNodeCluster } from './agent-support.ts';

const skip = await e2eSkip();
const NS = 'default';

describe('a node that goes away', { skip }, () => {
  if (skip) return;
  const env = useNodeCluster('failover', { controlPlane: { controllerSettings: { NODE_MONITOR_GRACE_SECONDS: '6' } }, agent: { leaseRenewMs: 1000 } });

  test('NotReady after the grace period; its pods move to the other node after their toleration', { timeout: 120_000 }, async () => {
    await kubectlOk(env.cluster, ['apply', '-f', '-'], {
      input: `
apiVersion: apps/v1
kind: Deployment
metadata: { name: moving }
spec:
  replicas: 2
  selector: { matchLabels: { app: moving } }
  template:
    metadata: { labels: { app: moving } }
    spec:
      terminationGracePeriodSeconds: 1
      tolerations:
        - { key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 3 }
        - { key: node.kubernetes.io/not-ready, operator: Exists, effect: NoExecute, tolerationSeconds: 3 }
      containers:
        - name: httpd
          image: localhost/busybox:1
          command: ${JSON.stringify(HTTPD_COMMAND)}
`,
    });
    const first = await until('2 ready pods on the real node', async () => {
      const ps = (await podsOf(env.cluster, NS, 'app=moving')).filter((p) => isReady(p) && p.spec?.nodeName === env.nodeName);
      return ps.length === 2 && ps;
    });

    const spare = `e2e-spare-${env.nodeName.slice(-4)}`;
    await env.addSimulatedNode(spare, { leaseRenewMs: 1000 });
    await until('the spare node Ready', async () => {
      const n = await getJson<Node>(env.cluster, `/api/v1/nodes/${spare}`);
      return n?.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
    });

    const t0 = Date.now();
    await env.killRealAgent();
    await until(
      'the real node NotReady',
      async () => {
        const n = await getJson<Node>(env.cluster, `/api/v1/nodes/${env.nodeName}`);
        const ready = n?.status?.conditions?.find((c) => c.type === 'Ready');
        return ready && ready.status !== 'True' && n;
      },
      60_000,
    );
    const tNotReady = Date.now() - t0;
    assert.ok(tNotReady >= 4_000, `NotReady only after the grace period, not after ${tNotReady} ms`);
    // the taint is its own write after the condition's, as the node lifecycle controller's tainting pass makes it
    await until('the unreachable NoExecute taint', async () => {
      const n = await getJson<Node>(env.cluster, `/api/v1/nodes/${env.nodeName}`);
      return n?.spec?.taints?.some((t) => t.key === 'node.kubernetes.io/unreachable' && t.effect === 'NoExecute');
    });

    const moved = await until(
      '2 ready pods on the spare node',
      async () => {
        const ps = (await podsOf(env.cluster, NS, 'app=moving')).filter((p) => isReady(p) && p.spec?.nodeName === spare && !p.metadata.deletionTimestamp);
        return ps.length === 2 && ps;
      },
      90_000,
    );
    console.log(`# node NotReady after ${tNotReady} ms; pods running on the spare node after ${Date.now() - t0} ms`);
    const firstNames = new Set(first.map((p) => p.metadata.name));
    assert.ok(moved.every((p) => !firstNames.has(p.metadata.name)), 'replacements, not the same pods');
    assert.ok(moved.every((p) => p.status?.podIP?.startsWith('10.')));
  });
});
