import { test } from 'node:test';
import assert from 'node:assert/strict';
import { invocationKind, isExempt, objectSelectorMatches, ruleMatches, type RuleAttributes } from './matching.ts';
import { byResource } from '../../registry/index.ts';
import type { Webhook } from '../../../../lib/api/admissionregistration/webhooks.ts';

const pod: RuleAttributes = { operation: 'CREATE', group: '', version: 'v1', resource: 'pods', subresource: '', namespace: 'default' };
const rule = (resources: string[], extra = {}) => ({ operations: ['*'], apiGroups: [''], apiVersions: ['v1'], resources, scope: '*', ...extra });

test('resources and subresources match as Kubernetes\' rules say', () => {
  const status = { ...pod, operation: 'UPDATE' as const, subresource: 'status' };
  assert.equal(ruleMatches(rule(['pods']), pod), true);
  assert.equal(ruleMatches(rule(['pods']), status), false, 'pods does not cover pods/status');
  assert.equal(ruleMatches(rule(['pods/status']), status), true);
  assert.equal(ruleMatches(rule(['*']), status), false, '* is resources without subresources');
  assert.equal(ruleMatches(rule(['*/*']), status), true);
  assert.equal(ruleMatches(rule(['*/status']), status), true);
  // Kubernetes' matcher: a '*' subresource also matches no subresource
  assert.equal(ruleMatches(rule(['pods/*']), pod), true);
  assert.equal(ruleMatches(rule(['pods'], { operations: ['UPDATE'] }), pod), false);
  assert.equal(ruleMatches(rule(['pods'], { apiGroups: ['apps'] }), pod), false);
});

test('scope: a Namespace is cluster-scoped, a pod namespaced', () => {
  const ns: RuleAttributes = { ...pod, resource: 'namespaces', namespace: 'demo', operation: 'UPDATE' };
  assert.equal(ruleMatches(rule(['*'], { scope: 'Cluster' }), ns), true);
  assert.equal(ruleMatches(rule(['*'], { scope: 'Namespaced' }), ns), false);
  assert.equal(ruleMatches(rule(['*'], { scope: 'Cluster' }), pod), false);
  assert.equal(ruleMatches(rule(['*'], { scope: 'Namespaced' }), pod), true);
});

test('matchPolicy Equivalent calls an events.k8s.io webhook for core events, Exact does not', () => {
  const core = byResource('', 'v1', 'events')!;
  const hook = { name: 'e.demo.example', clientConfig: {}, rules: [{ operations: ['CREATE'], apiGroups: ['events.k8s.io'], apiVersions: ['v1'], resources: ['events'] }] } as Webhook;
  const a = { ...pod, resource: 'events' };
  assert.equal(invocationKind(hook, core, a)?.group, 'events.k8s.io');
  assert.equal(invocationKind({ ...hook, matchPolicy: 'Exact' }, core, a), undefined);
});

test('objectSelector: either object may match; the admission configuration kinds are exempt', () => {
  const hook = { objectSelector: { matchLabels: { a: 'b' } } } as unknown as Webhook;
  const o = (labels: Record<string, string>) => ({ metadata: { labels } });
  assert.equal(objectSelectorMatches(hook, o({ a: 'b' }), undefined), true);
  assert.equal(objectSelectorMatches(hook, o({}), o({ a: 'b' })), true);
  assert.equal(objectSelectorMatches(hook, undefined, o({})), false);
  assert.equal(objectSelectorMatches({ objectSelector: {} } as Webhook, undefined, undefined), true);
  assert.equal(isExempt(byResource('admissionregistration.k8s.io', 'v1', 'validatingwebhookconfigurations')!), true);
  assert.equal(isExempt(byResource('', 'v1', 'pods')!), false);
});
