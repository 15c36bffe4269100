/** The objects the benchmark writes: small ConfigMaps in namespaces of its own. */
import { expectStatus, type Api } from './client.ts';

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
