/** A pod worker's test fixtures: its context (one node, files under `dir`), and the API's side of one pod. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Pod, PodStatus } from '../../lib/api/core/pod.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import type { Runtime } from '../runtime/types.ts';
import { StatusLane } from './status-lane.ts';
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
    statusLane: new StatusLane(),
    ...overrides,
  };
}

/**
 * The API's side of one pod: each status write is kept (and shown to `onStatus`) and answered as
 * the API echoes it, with a new resourceVersion and nulls where the agent sent them.
 */
export function podApi(pod: Pod, onStatus: (status: PodStatus) => void = () => {}) {
  let current = structuredClone(pod);
  let rv = 10;
  const statusWrites: Pod['status'][] = [];
  const api = {
    async update(_res: unknown, body: Pod, sub?: string) {
      assert.equal(sub, 'status');
      statusWrites.push(body.status);
      onStatus(body.status!);
      current = { ...structuredClone(current), metadata: { ...current.metadata, resourceVersion: String(++rv) }, status: JSON.parse(JSON.stringify(body.status)) };
      return structuredClone(current);
    },
  };
  /** a write by someone else (kubectl debug): a new revision */
  const edit = (fn: (p: Pod) => void) => {
    fn(current);
    current.metadata.resourceVersion = String(++rv);
    return structuredClone(current);
  };
  return { api: api as unknown as ApiClient, statusWrites, current: () => structuredClone(current), edit };
}
