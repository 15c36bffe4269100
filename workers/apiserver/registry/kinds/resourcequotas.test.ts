import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ResourceQuota } from '../../../../lib/api/core/resourcequota.ts';
import resourcequotas from './resourcequotas.ts';

const rq = (spec: ResourceQuota['spec'], status?: ResourceQuota['status']): ResourceQuota => ({ metadata: { name: 'q', namespace: 'ns', creationTimestamp: '2025-01-01T11:00:00Z' }, spec, status });
const messages = (x: ResourceQuota) => resourcequotas.validate!(x).map((e) => `${e.field}: ${e.body}`);

test('resource names and quantities', () => {
  assert.deepEqual(messages(rq({ hard: { pods: '10', 'count/deployments.apps': '2', 'requests.cpu': '1500m' } })), []);
  assert.deepEqual(messages(rq({ hard: { bogus: '1', storage: '1Gi', pods: '-1', secrets: '1500m' } })), [
    'spec.hard[bogus]: Invalid value: "bogus": must be a standard resource type or fully qualified',
    'spec.hard[bogus]: Invalid value: "bogus": must be a standard resource for quota',
    'spec.hard[pods]: Invalid value: "-1": must be greater than or equal to 0',
    'spec.hard[secrets]: Invalid value: resource.Quantity{i:resource.int64Amount{value:1500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"1500m", Format:"DecimalSI"}: must be an integer',
    'spec.hard[storage]: Invalid value: "storage": must be a standard resource for quota',
  ]);
});

test('scopes: supported, fitting the resources, not conflicting, immutable', () => {
  assert.deepEqual(messages(rq({ hard: { pods: '1' }, scopes: ['BestEffort'] })), []);
  assert.deepEqual(messages(rq({ hard: { 'requests.cpu': '1', services: '1' }, scopes: ['BestEffort', 'NotBestEffort'] })), [
    'spec.scopes: Invalid value: []core.ResourceQuotaScope{"BestEffort", "NotBestEffort"}: unsupported scope applied to resource',
    'spec.scopes: Invalid value: []core.ResourceQuotaScope{"BestEffort", "NotBestEffort"}: unsupported scope applied to resource',
    'spec.scopes: Invalid value: []core.ResourceQuotaScope{"BestEffort", "NotBestEffort"}: unsupported scope applied to resource',
    'spec.scopes: Invalid value: []core.ResourceQuotaScope{"BestEffort", "NotBestEffort"}: conflicting scopes',
  ]);
  const errs = resourcequotas.validateUpdate!(rq({ hard: { pods: '1' }, scopes: ['NotTerminating'] }), rq({ hard: { pods: '1' } }));
  assert.deepEqual(errs.map((e) => e.body), ['Invalid value: []core.ResourceQuotaScope{"NotTerminating"}: field is immutable']);
});

test('a create starts without status; spec and status writes keep each other', () => {
  const created = rq({ hard: { pods: '1' } }, { used: { pods: '5' } });
  resourcequotas.prepareForCreate!(created);
  assert.equal(created.status, undefined);
  const old = rq({ hard: { pods: '1' } }, { hard: { pods: '1' }, used: { pods: '0' } });
  const spec = rq({ hard: { pods: '2' } }, { used: { pods: '9' } });
  resourcequotas.prepareForUpdate!(spec, old);
  assert.deepEqual(spec.status, old.status);
  const status = rq({ hard: { pods: '9' } }, { hard: { pods: '1' }, used: { pods: '1' } });
  resourcequotas.prepareForStatusUpdate!(status, old);
  assert.deepEqual(status.spec, old.spec);
});

test('table: REQUEST and LIMIT as used/hard, limits.* apart, sorted', () => {
  const q = rq({ hard: {} }, { hard: { pods: '2', 'requests.cpu': '1', 'limits.memory': '1Gi' }, used: { pods: '1', 'limits.memory': '512Mi' } });
  assert.deepEqual(resourcequotas.table!.cells(q, Date.parse('2025-01-01T12:00:00Z')), ['q', '60m', 'pods: 1/2, requests.cpu: 0/1', 'limits.memory: 512Mi/1Gi']);
  assert.deepEqual(resourcequotas.table!.cells(rq({ hard: { pods: '1' } }), Date.parse('2025-01-01T12:00:00Z')), ['q', '60m', '', '']);
});
