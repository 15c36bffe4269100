import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiClient } from '../lib/client/client.ts';
import { ApiError } from '../lib/client/client.ts';
import type { KubeObject } from '../lib/api/meta.ts';
import { kubeletRecorder } from './events.ts';

/** An API that keeps Events by name and counts the writes. */
function eventsApi() {
  const events = new Map<string, any>();
  const writes: string[] = [];
  const api = {
    async create(_res: unknown, _ns: string, body: any) {
      writes.push('create');
      if (events.has(body.metadata.name)) throw new ApiError(409, undefined, 'exists');
      events.set(body.metadata.name, structuredClone(body));
      return body;
    },
    async patch(_res: unknown, _ns: string, name: string, patch: any) {
      writes.push('patch');
      const e = events.get(name);
      if (!e) throw new ApiError(404, undefined, 'not found');
      Object.assign(e, patch);
      return structuredClone(e);
    },
  };
  return { api: api as unknown as ApiClient, events, writes };
}

const pod = (uid: string): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `web-${uid}`, namespace: 'default', uid, resourceVersion: '5' } });

test('an event storm from one pod is one Event and at most 25 writes', async () => {
  const { api, events, writes } = eventsApi();
  const recorder = kubeletRecorder(api, 'node-1');
  const target = { object: pod('u1'), fieldPath: 'spec.containers{web}' };
  for (let i = 0; i < 500; i++) recorder.warning(target, 'Unhealthy', 'Readiness probe failed: connection refused');
  await recorder.flush();
  assert.equal(events.size, 1);
  assert.equal(writes.length, 25);
  assert.deepEqual([...new Set(writes)], ['create', 'patch']);
  assert.equal([...events.values()][0].count, 25);
  // another pod is not held back by the first one's storm
  recorder.warning({ object: pod('u2') }, 'BackOff', 'Back-off restarting failed container');
  await recorder.flush();
  assert.equal(events.size, 2);
});

test('an Event expired meanwhile is created again with its count', async () => {
  const { api, events } = eventsApi();
  const recorder = kubeletRecorder(api, 'node-1');
  const target = { object: pod('u1') };
  recorder.normal(target, 'Pulled', 'Container image "nginx" already present on machine');
  await recorder.flush();
  events.clear();
  recorder.normal(target, 'Pulled', 'Container image "nginx" already present on machine');
  await recorder.flush();
  assert.equal(events.size, 1);
  assert.equal([...events.values()][0].count, 2);
});
