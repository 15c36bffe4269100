import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LimitRange } from '../../../../lib/api/core/limitrange.ts';
import limitranges from './limitranges.ts';

const lr = (limits: NonNullable<LimitRange['spec']>['limits']): LimitRange => ({ metadata: { name: 'lr', namespace: 'ns', creationTimestamp: '2025-01-01T10:00:00Z' }, spec: { limits } });
const messages = (x: LimitRange) => limitranges.validate!(x).map((e) => `${e.field}: ${e.body}`);

test('a consistent LimitRange is valid', () => {
  assert.deepEqual(messages(lr([{ type: 'Container', min: { cpu: '100m' }, max: { cpu: '2' }, default: { cpu: '1' }, defaultRequest: { cpu: '500m' }, maxLimitRequestRatio: { cpu: '4' } }])), []);
});

test('min ≤ defaultRequest ≤ default ≤ max, with the values Kubernetes prints', () => {
  assert.deepEqual(messages(lr([{ type: 'Container', min: { cpu: '2' }, max: { cpu: '1' } }])), [
    'spec.limits[0].min[cpu]: Invalid value: resource.Quantity{i:resource.int64Amount{value:2, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"2", Format:"DecimalSI"}: min value 2 is greater than max value 1',
  ]);
  assert.deepEqual(messages(lr([{ type: 'Container', max: { memory: '1Gi' }, default: { memory: '2Gi' }, defaultRequest: { memory: '3Gi' } }])), [
    'spec.limits[0].defaultRequest[memory]: Invalid value: resource.Quantity{i:resource.int64Amount{value:3221225472, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"3Gi", Format:"BinarySI"}: default request value 3Gi is greater than max value 1Gi',
    'spec.limits[0].defaultRequest[memory]: Invalid value: resource.Quantity{i:resource.int64Amount{value:3221225472, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"3Gi", Format:"BinarySI"}: default request value 3Gi is greater than default limit value 2Gi',
    'spec.limits[0].default[memory]: Invalid value: resource.Quantity{i:resource.int64Amount{value:1073741824, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"1Gi", Format:"BinarySI"}: default value 2Gi is greater than max value 1Gi',
  ]);
});

test('types, resource names, Pod defaults and ratios', () => {
  assert.deepEqual(messages(lr([{ type: 'Pod', default: { cpu: '1' }, maxLimitRequestRatio: { cpu: '500m' } }, { type: 'Pod' }, { type: 'Bogus', max: { bogus: '1' } }])), [
    "spec.limits[0].default: Forbidden: may not be specified when `type` is 'Pod'",
    'spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: resource.Quantity{i:resource.int64Amount{value:500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"500m", Format:"DecimalSI"}: ratio 500m is less than 1',
    'spec.limits[1].type: Duplicate value: "Pod"',
    'spec.limits[2].type: Invalid value: "Bogus": must be a standard limit type or fully qualified',
    'spec.limits[2].max[bogus]: Invalid value: "bogus": must be a standard resource type or fully qualified',
  ]);
});

test('table: Name and Created At', () => {
  assert.deepEqual(limitranges.table!.columns.map((c) => [c.name, c.type]), [['Name', 'string'], ['Created At', 'date']]);
  assert.deepEqual(limitranges.table!.cells(lr([]), 0), ['lr', '2025-01-01T10:00:00Z']);
});
