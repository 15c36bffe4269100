/** A pod worker's context for unit tests: one node, the given API and runtime, files under `dir`. */
import { join } from 'node:path';
import type { ApiClient } from '../../lib/client/client.ts';
import type { Runtime } from '../runtime/types.ts';
import type { PodContext } from './worker.ts';

export function testPodContext(dir: string, api: unknown, runtime: Runtime, overrides: Partial<PodContext> = {}): PodContext {
  return {
    api: api as ApiClient,
    runtime,
    nodeName: 'n1',
    owner: {},
    hostIPs: () => ['192.0.2.1'],
    logRoot: join(dir, 'logs'),
    podsDir: join(dir, 'pods'),
    caPem: '',
    recorder: { normal() {}, warning() {}, flush: async () => {} },
    lookup: { configMap: async () => undefined, secret: async () => undefined, serviceAccountToken: async () => 't' },
    runtimeName: 'simulated',
    log: () => {},
    retire: () => {},
    ...overrides,
  };
}
