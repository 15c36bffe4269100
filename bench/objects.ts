/** The objects the benchmark writes: small ConfigMaps in namespaces of its own. */
import { expectStatus, type Api } from './client.ts';
import type { Obj } from './tracker.ts';

/** Zero-padded, so key order is creation order. */
export const cmName = (i: number) => `cm-${String(i).padStart(6, '0')}`;

export function configMap(name: string, data: Record<string, string> = {}, annotations?: Record<string, string>) {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, labels: { app: 'bench', shard: String(name.length % 4) }, ...(annotations ? { annotations } : {}) },
    data: { 'settings.yaml': 'replicas: 3\nlogLevel: info\nfeatureFlags: [a, b, c]\n', owner: 'bench', ...data },
  };
}

export async function createNamespace(api: Api, name: string): Promise<void> {
  expectStatus(await api.request('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }), 201, 409);
}

/** Whether a Node or Pod has the condition Ready=True. */
export const isReady = (o: Obj) => (o.status?.conditions as { type: string; status: string }[] | undefined)?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;

/** A Deployment of light pods (10m cpu, 16Mi): what the simulated nodes' phases fill them with. */
export const deployment = (name: string, replicas: number) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name },
  spec: {
    replicas,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'web', image: 'nginx:1.30-alpine', resources: { requests: { cpu: '10m', memory: '16Mi' } } }] } },
  },
});
