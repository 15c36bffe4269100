import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../../../lib/errors.ts';
import { configMap, deployment } from '../codec/testdata/mini.ts';
import { applyPatchBody, decodePatched, JSON_PATCH, MERGE_PATCH, STRATEGIC_PATCH } from './apply.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const live = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '1' } };
const error = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof StatusError);
    return [e.code, e.message] as const;
  }
  assert.fail('expected an error');
};

test('merge patch: applied, then decoded for the kind', () => {
  const p = applyPatchBody(MERGE_PATCH, live, enc('{"data":{"b":"2","a":null},"bogus":1}'), configMap, 'Warn');
  const d = decodePatched(p, configMap, 'ConfigMap', 'Warn');
  assert.deepEqual(d.object, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { b: '2' } });
  assert.deepEqual(d.warnings, ['unknown field "bogus"']);
  assert.deepEqual(error(() => decodePatched(p, configMap, 'ConfigMap', 'Strict')), [
    422,
    ' "" is invalid: patch: Invalid value: "{\\"apiVersion\\":\\"v1\\",\\"kind\\":\\"ConfigMap\\",\\"metadata\\":{\\"name\\":\\"c\\"},\\"data\\":{\\"b\\":\\"2\\"},\\"bogus\\":1}": strict decoding error: unknown field "bogus"',
  ]);
});

test('body errors per patch type, as Kubernetes words them', () => {
  assert.deepEqual(error(() => applyPatchBody(MERGE_PATCH, live, enc('{"a":'), configMap, 'Strict')), [400, 'error decoding patch: unexpected end of JSON input']);
  assert.deepEqual(error(() => applyPatchBody(MERGE_PATCH, live, enc('{"a":'), configMap, 'Ignore')), [400, 'Invalid JSON Patch']);
  assert.deepEqual(error(() => applyPatchBody(MERGE_PATCH, live, enc('null'), configMap, 'Ignore')), [400, 'Invalid JSON Patch']);
  assert.deepEqual(error(() => applyPatchBody(MERGE_PATCH, live, enc('[1]'), configMap, 'Strict')), [
    400,
    'error decoding patch: json: cannot unmarshal array into Go value of type map[string]interface {}',
  ]);
  assert.deepEqual(error(() => applyPatchBody(STRATEGIC_PATCH, live, enc('{"a" 1}'), configMap, 'Strict')), [400, "invalid character '1' after object key"]);
  assert.deepEqual(error(() => applyPatchBody(JSON_PATCH, live, enc('[{"op":"test","path":"/data/a","value":"2"}]'), configMap, 'Strict')), [
    422,
    'the server rejected our request due to an error in our request',
  ]);
});

test('a JSON patch of the wrong shape: decoded as []jsonPatchOp in Strict and Warn, by the library in Ignore', () => {
  const shape = (body: string, fv: 'Strict' | 'Warn' | 'Ignore') => error(() => applyPatchBody(JSON_PATCH, live, enc(body), configMap, fv));
  assert.deepEqual(shape('{"op":"add"}', 'Warn'), [400, 'error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp']);
  assert.deepEqual(shape('[1]', 'Strict'), [400, 'error decoding patch: json: cannot unmarshal number into Go value of type handlers.jsonPatchOp']);
  assert.deepEqual(shape('[{"op":"add","path":3}]', 'Warn'), [400, 'error decoding patch: json: cannot unmarshal number into Go struct field jsonPatchOp.path of type string']);
  assert.deepEqual(shape('{"op":"add"}', 'Ignore'), [400, 'json: cannot unmarshal object into Go value of type jsonpatch.Patch']);
  // `value` may be anything
  const p = applyPatchBody(JSON_PATCH, live, enc('[{"op":"add","path":"/data/b","value":{"x":[2]}}]'), configMap, 'Warn');
  assert.deepEqual((p.object as { data: unknown }).data, { a: '1', b: { x: [2] } });
});

test('strict errors found in the patch itself', () => {
  const p = applyPatchBody(JSON_PATCH, live, enc('[{"op":"add","path":"/data/c","value":"3","extra":1,"op":"add"}]'), configMap, 'Warn');
  assert.deepEqual(p.strictErrors, ['json patch duplicate field "[0].op"', 'json patch unknown field "[0].extra"']);
  const s = applyPatchBody(STRATEGIC_PATCH, live, enc('{"data":{"x":"1","x":"2"}}'), configMap, 'Warn');
  assert.deepEqual(s.strictErrors, ['duplicate field "data.x"']);
  assert.deepEqual((s.object as typeof live).data, { a: '1', x: '2' });
});

test('a strategic patch producing a wrong type is 422 quoting the patch map', () => {
  const d = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 1 } };
  const p = applyPatchBody(STRATEGIC_PATCH, d, enc('{"spec":{"replicas":"two"}}'), deployment, 'Strict');
  assert.deepEqual(error(() => decodePatched(p, deployment, 'Deployment', 'Strict')), [
    422,
    ' "" is invalid: patch: Invalid value: "map[spec:map[replicas:two]]": json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
  ]);
});
