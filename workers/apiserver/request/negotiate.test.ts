import { test } from 'node:test';
import assert from 'node:assert/strict';
import { negotiate } from './negotiate.ts';

test("kubectl's Table Accept header gets a v1 Table", () => {
  assert.deepEqual(negotiate('application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json'), { as: 'table', version: 'v1' });
  assert.deepEqual(negotiate('application/json;as=Table;v=v1beta1;g=meta.k8s.io'), { as: 'table', version: 'v1beta1' });
});

test('plain JSON, wildcards and protobuf-with-JSON fallback get objects', () => {
  for (const a of [undefined, 'application/json', '*/*', 'application/vnd.kubernetes.protobuf,application/json', 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io,application/json'])
    assert.deepEqual(negotiate(a), { as: 'object' });
});

test('nothing servable is 406 with the media types we serve', () => {
  assert.throws(() => negotiate('application/xml'), (e: { code: number; status: { message: string } }) => e.code === 406 && e.status.message === 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf');
});
