/**
 * A laptop serving `service` webhooks, for a test file: a node `laptop` joins the cluster and
 * opens the agent's real tunnel, through which the control plane makes a service webhook's call;
 * the call is recorded and made to the test's own HTTPS server on 127.0.0.1. `serviceOnNode`
 * adds a Service (443 → 8443) whose one endpoint, 192.0.2.10, is on that node.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { WebhookCall } from '../../lib/tunnel/protocol.ts';
import { createJoinToken } from '../../node-agent/tunnel/token-create.ts';
import { joinCluster, openTunnel } from '../../node-agent/tunnel/index.ts';
import { callWebhook } from '../../node-agent/webhooks/call.ts';
import type { Cluster } from './cluster.ts';

export const NODE = 'laptop';
export const ENDPOINT = { address: '192.0.2.10', port: 8443 };

/** The node, its tunnel ready; `close()` ends the tunnel. */
export async function webhookNode(cluster: Cluster, serverPort: number): Promise<{ calls: WebhookCall[]; close(): void }> {
  const { cp } = cluster;
  const token = await createJoinToken({ server: cp.url, token: cp.token, caPem: cp.caPem, insecure: false }, { ttlSeconds: 600 });
  const { credential } = await joinCluster({ server: cp.url, token, nodeName: NODE, stateDir: join(cluster.dir, 'agent') });
  const calls: WebhookCall[] = [];
  const tunnel = openTunnel({
    server: cp.url,
    credential,
    caPem: cp.caPem,
    nodeName: NODE,
    handlers: {
      logs: async () => undefined,
      exec: async () => ({ exitCode: 0, stdout: new Uint8Array(), stderr: new Uint8Array() }),
      webhook: (req) => {
        calls.push(req);
        return callWebhook(req, () => ({ host: '127.0.0.1', port: serverPort }));
      },
    },
  });
  try {
    await tunnel.ready;
  } catch (e) {
    tunnel.close();
    throw e;
  }
  return { calls, close: () => tunnel.close() };
}

/** A selectorless Service and the EndpointSlice putting its one endpoint on the node. */
export async function serviceOnNode(cluster: Cluster, namespace: string, name: string): Promise<void> {
  const svc = await cluster.api('POST', `/api/v1/namespaces/${namespace}/services`, { body: { metadata: { name }, spec: { ports: [{ port: 443, targetPort: ENDPOINT.port }] } } });
  assert.equal(svc.status, 201, svc.text);
  const slice = await cluster.api('POST', `/apis/discovery.k8s.io/v1/namespaces/${namespace}/endpointslices`, {
    body: {
      metadata: { name: `${name}-${NODE}`, labels: { 'kubernetes.io/service-name': name } },
      addressType: 'IPv4',
      endpoints: [{ addresses: [ENDPOINT.address], nodeName: NODE, conditions: { ready: true } }],
      ports: [{ name: '', port: ENDPOINT.port, protocol: 'TCP' }],
    },
  });
  assert.equal(slice.status, 201, slice.text);
}
