/** Services and pods as the endpoint controllers' unit tests need them. */
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { Service, ServiceSpec } from '../../../lib/api/core/service.ts';

export function service(name: string, spec: Partial<ServiceSpec> = {}, labels?: Record<string, string>): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: 'ns', uid: `uid-${name}`, ...(labels ? { labels } : {}) },
    spec: { selector: { app: name }, ports: [{ port: 80, targetPort: 8080, protocol: 'TCP' }], clusterIP: '10.96.0.10', ipFamilies: ['IPv4'], ...spec },
  };
}

export interface PodState {
  ip?: string;
  ready?: boolean;
  terminating?: boolean;
  phase?: string;
  node?: string;
  labels?: Record<string, string>;
  ports?: { name?: string; containerPort: number; protocol?: string }[];
}

export function pod(name: string, s: PodState = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'ns', uid: `uid-${name}`, labels: s.labels ?? { app: 'web' }, ...(s.terminating ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) },
    spec: { nodeName: s.node ?? 'n1', containers: [{ name: 'c', image: 'nginx', ports: s.ports ?? [{ name: 'http', containerPort: 8080, protocol: 'TCP' }] }] },
    status: {
      phase: s.phase ?? 'Running',
      ...(s.ip ? { podIP: s.ip, podIPs: [{ ip: s.ip }] } : {}),
      conditions: [{ type: 'Ready', status: s.ready === false ? 'False' : 'True' }],
    },
  } as Pod;
}
