import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Api } from '../../../lib/client/client.ts';
import { AGGREGATED_DISCOVERY, forgetDiscovery, resourceMap, type GroupDiscoveryList } from './resources.ts';

const resource = (name: string, kind: string, scope: string, verbs = ['get', 'list', 'delete']) => ({ resource: name, responseKind: { kind }, scope, verbs });

const documents: Record<string, GroupDiscoveryList> = {
  '/api': { items: [{ metadata: { name: '' }, versions: [{ version: 'v1', resources: [resource('pods', 'Pod', 'Namespaced'), resource('events', 'Event', 'Namespaced'), resource('nodes', 'Node', 'Cluster'), resource('bindings', 'Binding', 'Namespaced', ['create'])] }] }] },
  '/apis': {
    items: [
      { metadata: { name: 'apps' }, versions: [{ version: 'v1', resources: [resource('deployments', 'Deployment', 'Namespaced')] }] },
      // the preferred version comes first
      { metadata: { name: 'autoscaling' }, versions: [{ version: 'v2', resources: [resource('horizontalpodautoscalers', 'HorizontalPodAutoscaler', 'Namespaced')] }, { version: 'v1', resources: [] }] },
    ],
  },
};

test("discovery is two requests, /api and /apis as aggregated documents, each group at its preferred version", async () => {
  forgetDiscovery();
  const asked: string[] = [];
  const api = {
    async request(method: string, path: string, init?: { accept?: string }) {
      asked.push(`${method} ${path} ${init?.accept}`);
      return Response.json({ kind: 'APIGroupDiscoveryList', ...documents[path] });
    },
  } as unknown as Api;
  const map = await resourceMap(api, { maxAgeMs: 0 });
  assert.deepEqual(asked.sort(), [`GET /api ${AGGREGATED_DISCOVERY}`, `GET /apis ${AGGREGATED_DISCOVERY}`]);
  assert.deepEqual(map.byKind('apps', 'Deployment'), { group: 'apps', version: 'v1', resource: 'deployments', namespaced: true, kind: 'Deployment' });
  assert.equal(map.byResource('autoscaling', 'horizontalpodautoscalers')?.version, 'v2');
  assert.equal(map.byResource('', 'nodes')?.namespaced, false);
  const names = (rs: { group: string; resource: string }[]) => rs.map((r) => `${r.group}/${r.resource}`).sort();
  assert.deepEqual(names(map.deletable), ['/events', '/nodes', '/pods', 'apps/deployments', 'autoscaling/horizontalpodautoscalers'], 'bindings cannot be listed');
  assert.deepEqual(names(map.collectable), ['/nodes', '/pods', 'apps/deployments', 'autoscaling/horizontalpodautoscalers'], 'events are not collected');
  forgetDiscovery();
});
