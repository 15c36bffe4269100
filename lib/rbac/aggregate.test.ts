import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ClusterRole } from '../api/rbac.ts';
import { aggregatedRules, sameRules } from './aggregate.ts';

const role = (name: string, labels: Record<string, string>, verbs: string[][]): ClusterRole => ({
  metadata: { name, labels },
  rules: verbs.map((v) => ({ verbs: v, apiGroups: [''], resources: ['pods'] })),
});

test('union of the selected roles, sorted by name, deduplicated, itself excluded', () => {
  const view: ClusterRole = {
    metadata: { name: 'view', labels: { 'agg-to-edit': 'true' } },
    aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'agg-to-view': 'true' } }, { matchExpressions: [{ key: 'extra', operator: 'Exists' }] }] },
    rules: [{ verbs: ['stale'], apiGroups: [''], resources: ['pods'] }],
  };
  const all = [
    view,
    role('zeta', { 'agg-to-view': 'true' }, [['get'], ['list']]),
    role('alpha', { 'agg-to-view': 'true' }, [['list'], ['watch']]),
    role('other', { 'agg-to-edit': 'true' }, [['delete']]),
    role('extra', { extra: '' }, [['get'], ['patch']]),
  ];
  assert.deepEqual(aggregatedRules(view, all).map((r) => r.verbs[0]), ['list', 'watch', 'get', 'patch']);
  assert.deepEqual(aggregatedRules({ ...view, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { nothing: 'x' } }] } }, all), []);
});

test('an empty rule list equals a missing one; order matters', () => {
  assert.ok(sameRules([], undefined));
  const a = { verbs: ['get'], apiGroups: [''], resources: ['pods'] };
  const b = { verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: [] };
  assert.ok(sameRules([a], [b]));
  assert.ok(!sameRules([a, { ...a, verbs: ['list'] }], [{ ...a, verbs: ['list'] }, a]));
});
