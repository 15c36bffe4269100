/**
 * `node-agent leave` against a simulated node: cordon, eviction of its pods (each stopping as on
 * any deletion, its preStop hook included), the pods that outlast --timeout deleted at once, the
 * Node and its Lease deleted with the node's own credential, the runtime emptied of the node's
 * sandboxes and containers, and the credential gone from the state directory.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { useCluster } from '../support/cluster.ts';
import { createJoinToken } from '../../node-agent/tunnel/token-create.ts';
import { runNode, type RunningNode } from '../../node-agent/cli.ts';
import { leaveCluster } from '../../node-agent/leave.ts';
import { LABELS } from '../../node-agent/runtime/types.ts';
import { until } from '../support/until.ts';

const cluster = useCluster();
let node: RunningNode | undefined;
after(async () => {
  await node?.stop();
});


test('node-agent leave drains the node, deletes it, empties the runtime and forgets the credential', async () => {
  const { cp } = cluster;
  const stateDir = join(cluster.dir, 'sim-leave');
  const token = await createJoinToken({ server: cp.url, token: cp.token, caPem: cp.caPem, insecure: false }, { ttlSeconds: 600 });
  node = await runNode({ server: cp.url, token, nodeName: 'sim-leave', runtime: 'simulated', subnet: 11, stateDir, caPem: cp.caPem, log: () => {} });
  const pods = [
    { name: 'quick', spec: { containers: [{ name: 'c', image: 'nginx' }] } },
    // its preStop hook outlasts leave's --timeout: deleted at once when the time is up
    { name: 'slow', spec: { terminationGracePeriodSeconds: 60, containers: [{ name: 'c', image: 'nginx', lifecycle: { preStop: { sleep: { seconds: 50 } } } }] } },
  ];
  for (const p of pods) {
    const r = await cluster.api('POST', '/api/v1/namespaces/default/pods', { body: { metadata: { name: p.name }, spec: { nodeName: 'sim-leave', ...p.spec } } });
    assert.equal(r.status, 201, r.text);
  }
  await until('both pods running', async () => (await cluster.kubectl(['get', 'pods', '-o', 'jsonpath={.items[*].status.phase}'])).stdout === 'Running Running');
  const runtime = node.runtime;
  assert.ok((await runtime.listContainers({ [LABELS.node]: 'sim-leave' })).length >= 2);
  // leave refuses nothing here (a simulated node keeps no heartbeat file): its agent is stopped first
  await node.stop();
  node = undefined;

  const lines: string[] = [];
  const started = Date.now();
  const report = await leaveCluster({ stateDir, runtime: 'simulated', runtimeInstance: runtime, timeoutMs: 4000, log: (l) => lines.push(l), agent: { leaseRenewMs: 1000 } });
  const took = Date.now() - started;
  assert.ok(took < 20_000, `leave took ${took} ms`);
  assert.deepEqual(report.evicted.sort(), ['default/quick', 'default/slow']);
  assert.deepEqual(report.forced, ['default/slow']);
  assert.equal(report.nodeDeleted, true);
  assert.ok(lines.some((l) => l === 'node sim-leave cordoned'), lines.join('\n'));

  assert.equal((await cluster.api('GET', '/api/v1/nodes/sim-leave')).status, 404);
  assert.equal((await cluster.api('GET', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/sim-leave')).status, 404);
  assert.equal((await cluster.kubectl(['get', 'pods', '-o', 'name'])).stdout, '');
  assert.deepEqual(await runtime.listContainers({ [LABELS.node]: 'sim-leave' }), []);
  assert.deepEqual(await runtime.listSandboxes({ [LABELS.node]: 'sim-leave' }), []);
  await assert.rejects(access(join(stateDir, 'credential.json')));
  // the quick pod stopped as on any deletion: the kubelet's Killing event
  const events = (await cluster.kubectl(['get', 'events', '--field-selector', 'involvedObject.name=quick', '-o', 'jsonpath={.items[*].reason}'])).stdout;
  assert.match(events, /Killing/);

  // a second leave has nothing to leave
  await assert.rejects(leaveCluster({ stateDir, runtime: 'simulated', log: () => {} }), /no credential in .*credential\.json: this machine has not joined a cluster/);
});
