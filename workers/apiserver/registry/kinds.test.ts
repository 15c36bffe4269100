/**
 * The kind suite (STYLE.md §13): the same checks run against every registered kind, then the
 * registry's own lookups and storage keys.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import { shape } from '../../../lib/schema/walk.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { KindDescriptor } from './types.ts';
import { defaultTable } from './printing.ts';
import { byGroupVersionKind, byResource, groups, kinds, storageKey, storagePrefix } from './index.ts';
import { validateObjectMeta } from './validation.ts';

const NOW = Date.parse('2025-01-01T12:00:00Z');

/** The smallest object of a kind, as the generic create path would store it. */
function sampleOf(d: KindDescriptor): KubeObject {
  const obj: KubeObject = {
    apiVersion: d.group ? `${d.group}/${d.version}` : d.version,
    kind: d.kind,
    metadata: { name: 'sample', ...(d.namespaced ? { namespace: 'default' } : {}), uid: 'u-1', creationTimestamp: '2025-01-01T11:00:00Z' },
  };
  d.defaults?.(obj);
  d.prepareForCreate?.(obj);
  return obj;
}

function runKindSuite(descs: KindDescriptor[]) {
  for (const d of descs) {
    const id = `${d.group || 'core'}/${d.version} ${d.resource}`;
    test(`${id}: schema is an object schema with metadata`, () => {
      const s = shape(d.schema);
      assert.equal(s.kind, 'object');
      assert.ok(s.kind === 'object' && 'metadata' in s.entries && 'apiVersion' in s.entries && 'kind' in s.entries);
    });
    test(`${id}: descriptor fields are consistent`, () => {
      assert.match(d.openapiName, /^(io\.k8s\.api\.[a-z0-9]+\.v[12]|io\.k8s\.apiextensions-apiserver\.pkg\.apis\.apiextensions\.v1|dev\.timonier\.[a-z0-9]+\.v1alpha1)\.[A-Z]\w+$/);
      assert.ok(d.openapiName.endsWith(`.${d.kind}`));
      assert.match(d.resource, /^[a-z]+$/);
      assert.ok(d.singular && d.singular === d.singular.toLowerCase());
      const key = storageKey(d, 'ns1', 'n1');
      assert.equal(key.split('/').length, d.namespaced ? 5 : 4, key);
      assert.ok(key.startsWith(storagePrefix(d, d.namespaced ? 'ns1' : undefined)));
      assert.ok(key.startsWith(storagePrefix(d)));
    });
    test(`${id}: a minimal object parses, passes validation and prints one cell per column`, () => {
      const obj = sampleOf(d);
      const parsed = v.safeParse(d.schema, obj);
      assert.ok(parsed.success, JSON.stringify(parsed.issues?.map((i) => i.message)));
      const rules = { namespaced: d.namespaced, nameRule: d.nameRule, isCreate: true };
      assert.deepEqual([...validateObjectMeta(obj, rules)], []);
      const table = d.table ?? defaultTable;
      const cells = table.cells(obj, NOW);
      assert.equal(cells.length, table.columns.length);
      for (const c of table.columns) assert.equal(typeof c.description, 'string');
      const name = table.columns.findIndex((c) => c.format === 'name');
      assert.ok(name >= 0, 'a Name column');
      assert.equal(cells[name], 'sample');
    });
  }
}

runKindSuite(kinds);

test('discovery order and lookups', () => {
  assert.deepEqual(
    kinds.map((d) => (d.group ? `${d.resource}.${d.group}` : d.resource)),
    [
      'namespaces',
      'configmaps',
      'secrets',
      'pods',
      'services',
      'serviceaccounts',
      'nodes',
      'events',
      'endpoints',
      'limitranges',
      'resourcequotas',
      'persistentvolumes',
      'persistentvolumeclaims',
      'controllerrevisions.apps',
      'daemonsets.apps',
      'deployments.apps',
      'replicasets.apps',
      'statefulsets.apps',
      'jobs.batch',
      'cronjobs.batch',
      'horizontalpodautoscalers.autoscaling',
      'horizontalpodautoscalers.autoscaling',
      'endpointslices.discovery.k8s.io',
      'leases.coordination.k8s.io',
      'events.events.k8s.io',
      'clusterrolebindings.rbac.authorization.k8s.io',
      'clusterroles.rbac.authorization.k8s.io',
      'rolebindings.rbac.authorization.k8s.io',
      'roles.rbac.authorization.k8s.io',
      'users.identity.timonier.dev',
      'clusters.tenancy.timonier.dev',
      'mutatingwebhookconfigurations.admissionregistration.k8s.io',
      'validatingwebhookconfigurations.admissionregistration.k8s.io',
      'validatingadmissionpolicies.admissionregistration.k8s.io',
      'validatingadmissionpolicybindings.admissionregistration.k8s.io',
      'customresourcedefinitions.apiextensions.k8s.io',
      'storageclasses.storage.k8s.io',
    ],
  );
  assert.deepEqual(groups(), [
    { group: '', version: 'v1' },
    { group: 'apps', version: 'v1' },
    { group: 'batch', version: 'v1' },
    { group: 'autoscaling', version: 'v2' },
    { group: 'autoscaling', version: 'v1' },
    { group: 'discovery.k8s.io', version: 'v1' },
    { group: 'coordination.k8s.io', version: 'v1' },
    { group: 'events.k8s.io', version: 'v1' },
    { group: 'rbac.authorization.k8s.io', version: 'v1' },
    { group: 'identity.timonier.dev', version: 'v1alpha1' },
    { group: 'tenancy.timonier.dev', version: 'v1alpha1' },
    { group: 'admissionregistration.k8s.io', version: 'v1' },
    { group: 'apiextensions.k8s.io', version: 'v1' },
    { group: 'storage.k8s.io', version: 'v1' },
  ]);
  assert.equal(byResource('', 'v1', 'configmaps')?.kind, 'ConfigMap');
  assert.equal(byResource('events.k8s.io', 'v1', 'events')?.openapiName, 'io.k8s.api.events.v1.Event');
  assert.equal(byResource('', 'v1', 'events')?.openapiName, 'io.k8s.api.core.v1.Event');
  assert.equal(byResource('apps', 'v2', 'deployments'), undefined);
  assert.equal(byGroupVersionKind('coordination.k8s.io', 'v1', 'Lease')?.resource, 'leases');
  assert.equal(byGroupVersionKind('', 'v1', 'Lease'), undefined);
  assert.equal(byGroupVersionKind('coordination.k8s.io', 'v2', 'Lease'), undefined, 'a version not served');
  assert.equal(byGroupVersionKind('autoscaling', 'v1', 'HorizontalPodAutoscaler')?.version, 'v1', 'a kind served in two versions is found at each');
  assert.equal(byGroupVersionKind('autoscaling', 'v2', 'HorizontalPodAutoscaler')?.version, 'v2');
  const keys = new Set(kinds.map((d) => `${d.group}/${d.version}/${d.kind}`));
  assert.equal(keys.size, kinds.length, 'group/version/kind is unique');
});

test('storage keys look like etcd keys', () => {
  const d = (g: string, r: string) => byResource(g, 'v1', r)!;
  assert.equal(storageKey(d('', 'configmaps'), 'ns1', 'a'), '/registry/configmaps/ns1/a');
  assert.equal(storageKey(d('', 'nodes'), undefined, 'n1'), '/registry/nodes/n1');
  assert.equal(storageKey(d('apps', 'deployments'), 'ns1', 'web'), '/registry/deployments/ns1/web');
  assert.equal(storageKey(d('coordination.k8s.io', 'leases'), 'kube-node-lease', 'n1'), '/registry/leases.coordination.k8s.io/kube-node-lease/n1');
  assert.equal(storagePrefix(d('', 'events')), '/registry/events/');
  assert.equal(storagePrefix(d('', 'namespaces'), 'ignored'), '/registry/namespaces/');
  // events.k8s.io/v1 events are the core events, stored under the core keys (storedAs)
  assert.equal(storagePrefix(d('events.k8s.io', 'events'), 'ns1'), '/registry/events/ns1/');
  assert.equal(storageKey(d('events.k8s.io', 'events'), 'ns1', 'e'), storageKey(d('', 'events'), 'ns1', 'e'));
});
