/** What is made of a conversion webhook's answer, in Kubernetes' words. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../../lib/api/meta.ts';
import { checkedConversion, conversionReview, convertedObjects } from './review.ts';

const original: KubeObject = { apiVersion: 'conv.example.com/v1', kind: 'Gadget', metadata: { name: 'g', namespace: 'default', uid: 'u-1', generation: 2, labels: { a: 'b' } }, spec: { replicas: 1 } };
const converted = (meta: Record<string, unknown> = {}, more: Record<string, unknown> = {}) => ({ apiVersion: 'conv.example.com/v2', kind: 'Gadget', metadata: { name: 'g', namespace: 'default', uid: 'u-1', ...meta }, spec: { scale: { replicas: 1 } }, ...more });
const answer = (response: unknown, head = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview' }) => ({ ...head, response });

test('the review is the first version the webhook lists that the server speaks', () => {
  assert.equal(conversionReview(['v2', 'v1beta1', 'v1'], 'uid', 'g/v2', [])?.body.apiVersion, 'apiextensions.k8s.io/v1beta1');
  assert.deepEqual(conversionReview(['v1'], 'uid', 'g/v2', [original])?.body.request, { uid: 'uid', desiredAPIVersion: 'g/v2', objects: [original] });
  assert.equal(conversionReview(['v3'], 'uid', 'g/v2', []), undefined);
});

test("a v1 answer is checked for its kind and uid, any answer for its result; v1beta1's uid is not", () => {
  const ok = { uid: 'x', result: { status: 'Success' }, convertedObjects: [converted()] };
  assert.equal(convertedObjects('v1', 'x', answer(ok)).length, 1);
  assert.throws(() => convertedObjects('v1', 'x', answer(ok, { apiVersion: 'apiextensions.k8s.io/v1beta1', kind: 'ConversionReview' })), {
    message: 'expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got apiextensions.k8s.io/v1beta1, Kind=ConversionReview',
  });
  assert.throws(() => convertedObjects('v1', 'y', answer(ok)), { message: 'expected response.uid="y", got "x"' });
  assert.equal(convertedObjects('v1beta1', 'y', answer(ok)).length, 1);
  assert.throws(() => convertedObjects('v1', 'x', answer(undefined)), { message: 'no response provided' });
  assert.throws(() => convertedObjects('v1', 'x', answer({ uid: 'x', result: { status: 'Failure' } })), { message: "response.result.status was 'Failure', not 'Success'" });
  assert.throws(() => convertedObjects('v1', 'x', answer({ uid: 'x', result: { status: 'Failure', message: 'no' } })), { message: 'no' });
});

test('a converted object keeps its identity; of its metadata only labels and annotations are taken', () => {
  const r = checkedConversion(original, converted({ generation: 9, labels: { c: 'd' } }), 'conv.example.com/v2');
  assert.ok('object' in r);
  assert.deepEqual(r.object.metadata, { name: 'g', namespace: 'default', uid: 'u-1', generation: 2, labels: { c: 'd' } });
  const noLabels = checkedConversion(original, converted(), 'conv.example.com/v2');
  assert.ok('object' in noLabels && noLabels.object.metadata.labels === undefined, 'labels the webhook dropped are dropped');

  assert.deepEqual(checkedConversion(original, converted({}, { apiVersion: 'conv.example.com/v1' }), 'conv.example.com/v2'), { invalid: 'invalid groupVersion (expected conv.example.com/v2, received conv.example.com/v1)' });
  assert.deepEqual(checkedConversion(original, converted({}, { kind: 'Other' }), 'conv.example.com/v2'), { invalid: 'invalid kind (expected Gadget, received Other)' });
  assert.deepEqual(checkedConversion(original, converted({ uid: 'u-2' }), 'conv.example.com/v2'), { invalid: 'must have the same UID: u-1 != u-2' });
  assert.deepEqual(checkedConversion(original, converted({ namespace: 'x' }), 'conv.example.com/v2'), { invalid: 'must have the same namespace: default != x' });
  assert.deepEqual(checkedConversion(original, converted({ labels: { a: 1 } }), 'conv.example.com/v2'), { invalidMeta: 'metadata.labels[a] must be a string, but is int64 in converted object' });
  assert.deepEqual(checkedConversion(original, converted({ labels: { a: 'not ok!' } }), 'conv.example.com/v2'), {
    invalidMeta: `metadata.labels: Invalid value: "not ok!": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
  });
});
