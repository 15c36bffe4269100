import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { MatchResources } from '../../../../lib/api/admissionregistration/vap.ts';
import { byResource } from '../../registry/index.ts';
import { matchResources, type Attributes } from './matching.ts';

const deployments = byResource('apps', 'v1', 'deployments')!;
const events = byResource('', 'v1', 'events')!;
const eventsV1 = byResource('events.k8s.io', 'v1', 'events')!;
const namespaces = byResource('', 'v1', 'namespaces')!;

const attrs = (over: Partial<Attributes> = {}): Attributes => ({
  operation: 'CREATE',
  desc: deployments,
  subresource: '',
  namespace: 'team-a',
  name: 'web',
  object: { metadata: { name: 'web', labels: { app: 'web' } } },
  ...over,
});
const labels = (l: Record<string, string>) => async () => l;
const rules = (r: Partial<MatchResources['resourceRules'] & object>[number] = {}): MatchResources => ({
  resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'], ...r }],
});

test('resource rules: operation, group, version, resource, subresources, scope, names', async () => {
  const ns = labels({});
  assert.equal(await matchResources(rules(), attrs(), ns), deployments);
  assert.equal(await matchResources(rules(), attrs({ operation: 'DELETE' }), ns), undefined);
  assert.equal(await matchResources(rules(), attrs({ subresource: 'scale' }), ns), undefined);
  assert.equal(await matchResources(rules({ resources: ['deployments/scale'] }), attrs({ subresource: 'scale' }), ns), deployments);
  assert.equal(await matchResources(rules({ resources: ['*/*'], apiGroups: ['*'], apiVersions: ['*'], operations: ['*'] }), attrs({ subresource: 'status' }), ns), deployments);
  assert.equal(await matchResources(rules({ resources: ['*'] }), attrs({ subresource: 'status' }), ns), undefined);
  assert.equal(await matchResources(rules({ scope: 'Cluster' }), attrs(), ns), undefined);
  assert.equal(await matchResources(rules({ scope: 'Namespaced' }), attrs(), ns), deployments);
  assert.equal(await matchResources(rules({ resourceNames: ['other'] }), attrs(), ns), undefined);
  assert.equal(await matchResources(rules({ resourceNames: ['web'] }), attrs(), ns), deployments);
  assert.equal(await matchResources({ ...rules(), excludeResourceRules: rules().resourceRules }, attrs(), ns), undefined);
});

test('selectors: namespace labels (a Namespace by its own), object or old object labels', async () => {
  const m = { ...rules(), namespaceSelector: { matchLabels: { env: 'prod' } } };
  assert.equal(await matchResources(m, attrs(), labels({ env: 'prod' })), deployments);
  assert.equal(await matchResources(m, attrs(), labels({ env: 'dev' })), undefined);
  const nsRule: MatchResources = { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['*'], resources: ['namespaces'] }], namespaceSelector: { matchLabels: { env: 'prod' } } };
  const ns = attrs({ desc: namespaces, namespace: 'x', name: 'x', object: { metadata: { name: 'x', labels: { env: 'prod' } } } });
  assert.equal(await matchResources(nsRule, ns, labels({})), namespaces);
  const o = { ...rules({ operations: ['*'] }), objectSelector: { matchExpressions: [{ key: 'app', operator: 'In' as const, values: ['web'] }] } };
  assert.equal(await matchResources(o, attrs(), labels({})), deployments);
  assert.equal(await matchResources(o, attrs({ object: { metadata: { name: 'web' } } }), labels({})), undefined);
  assert.equal(await matchResources(o, attrs({ operation: 'DELETE', object: undefined, oldObject: { metadata: { labels: { app: 'web' } } } }), labels({})), deployments);
});

test('matchPolicy Equivalent matches another version of the resource; Exact does not', async () => {
  const m: MatchResources = { resourceRules: [{ apiGroups: ['events.k8s.io'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['events'] }] };
  assert.equal(await matchResources(m, attrs({ desc: events }), labels({})), eventsV1);
  assert.equal(await matchResources({ ...m, matchPolicy: 'Exact' }, attrs({ desc: events }), labels({})), undefined);
  // a binding's matchResources without rules does not constrain
  assert.equal(await matchResources({ namespaceSelector: {} }, attrs(), labels({}), true), deployments);
});
