import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../../../lib/errors.ts';
import { decodeBody, parseYaml, unknownFields, type Expected } from './decode.ts';
import { configMap, deployment, secret } from './testdata/mini.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const CM: Expected = { schema: configMap, group: '', version: 'v1', kind: 'ConfigMap' };
const DEPLOY: Expected = { schema: deployment, group: 'apps', version: 'v1', kind: 'Deployment' };

const error = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof StatusError, String(e));
    return [e.code, e.message] as const;
  }
  assert.fail('expected an error');
};

test('a JSON body decodes to the object; charset and missing type meta are fine', () => {
  const d = decodeBody(enc('{"metadata":{"name":"c","labels":null},"data":{"a":"1"}}'), 'application/json; charset=utf-8', CM, 'Strict');
  assert.deepEqual(d.object, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '1' } });
  assert.deepEqual(d.warnings, []);
});

test('malformed JSON: the unrecognized-object message with the 30-byte summary', () => {
  assert.deepEqual(error(() => decodeBody(enc('{"apiVersion":"v1","kind":"ConfigMap","metadata":{'), 'application/json', CM, 'Strict')), [
    400,
    'the object provided is unrecognized (must be of type ConfigMap): couldn\'t get version/kind; json parse error: unexpected end of JSON input ({"apiVersion":"v1","kind":"Con ...)',
  ]);
  assert.deepEqual(error(() => decodeBody(enc(''), 'application/json', CM, 'Strict')), [
    400,
    "the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: unexpected end of JSON input (<empty>)",
  ]);
  assert.deepEqual(error(() => decodeBody(enc('x'), 'application/json', CM, 'Strict')), [
    400,
    "the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: invalid character 'x' looking for beginning of value (78)",
  ]);
  assert.match(error(() => decodeBody(enc('[]'), 'application/json', CM, 'Strict'))[1], /json: cannot unmarshal array into Go value of type struct \{ APIVersion string/);
});

test('wrong JSON types name the Go struct field', () => {
  assert.deepEqual(error(() => decodeBody(enc('{"metadata":{"name":5}}'), 'application/json', CM, 'Strict')), [
    400,
    'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.name of type string',
  ]);
  assert.equal(
    error(() => decodeBody(enc('{"spec":{"template":{"spec":{"containers":[{"name":"a","ports":[{"containerPort":"80"}]}]}}}}'), 'application/json', DEPLOY, 'Strict'))[1],
    // Go says ContainerPort; the struct name is approximated from the field name
    'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field Port.spec.template.spec.containers.ports.containerPort of type int32',
  );
  assert.match(error(() => decodeBody(enc('{"spec":{"replicas":1.5}}'), 'application/json', DEPLOY, 'Strict'))[1], /cannot unmarshal number 1\.5 into Go struct field DeploymentSpec\.spec\.replicas of type int32$/);
  assert.match(error(() => decodeBody(enc('{"data":{"a":1}}'), 'application/json', CM, 'Strict'))[1], /Go struct field ConfigMap\.data of type string$/);
  assert.match(error(() => decodeBody(enc('{"data":"x"}'), 'application/json', CM, 'Strict'))[1], /Go struct field ConfigMap\.data of type map\[string\]string$/);
  assert.match(error(() => decodeBody(enc('{"data":{"k":"not base64!"}}'), 'application/json', { ...CM, schema: secret, kind: 'Secret' }, 'Strict'))[1], /illegal base64 data at input byte 3$/);
});

test('unknown and duplicate fields per fieldValidation; unknown fields are pruned', () => {
  const body = enc('{"metadata":{"name":"d","bogus":1},"spec":{"foo":1,"template":{"spec":{"containers":[{"name":"a","name":"b","bogus":true}]}}}}');
  assert.deepEqual(error(() => decodeBody(body, 'application/json', DEPLOY, 'Strict')), [
    400,
    'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: duplicate field "spec.template.spec.containers[0].name", unknown field "metadata.bogus", unknown field "spec.foo", unknown field "spec.template.spec.containers[0].bogus"',
  ]);
  const warn = decodeBody(body, 'application/json', DEPLOY, 'Warn');
  assert.deepEqual(warn.warnings, [
    'duplicate field "spec.template.spec.containers[0].name"',
    'unknown field "metadata.bogus"',
    'unknown field "spec.foo"',
    'unknown field "spec.template.spec.containers[0].bogus"',
  ]);
  assert.deepEqual(warn.object.spec, { template: { spec: { containers: [{ name: 'b' }] } } });
  const ignore = decodeBody(body, 'application/json', DEPLOY, 'Ignore');
  assert.deepEqual(ignore.warnings, []);
  assert.deepEqual(ignore.object.metadata, { name: 'd' });
  assert.deepEqual(unknownFields(deployment, { spec: { foo: 1, paused: true } }), ['spec.foo']);
});

test('apiVersion/kind must be the endpoint', () => {
  assert.deepEqual(error(() => decodeBody(enc('{"apiVersion":"apps/v1","kind":"ConfigMap"}'), 'application/json', CM, 'Strict')), [
    400,
    'the API version in the data (apps/v1) does not match the expected API version (v1)',
  ]);
  assert.deepEqual(error(() => decodeBody(enc('{"apiVersion":"v1","kind":"Secret"}'), 'application/json', CM, 'Strict')), [
    400,
    'Secret in version "v1" cannot be handled as a ConfigMap: converting (v1.Secret) to (core.ConfigMap): unknown conversion',
  ]);
  assert.equal(decodeBody(enc('{"kind":"Deployment","apiVersion":"apps/v1"}'), 'application/json', DEPLOY, 'Strict').object.apiVersion, 'apps/v1');
});

test('YAML bodies, their syntax errors and duplicate keys', () => {
  const y = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: "1"\n';
  assert.deepEqual(decodeBody(enc(y), 'application/yaml', CM, 'Strict').object, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '1' } });
  const [code, msg] = error(() => decodeBody(enc('metadata:\n  name: a: b\n'), 'application/yaml', CM, 'Strict'));
  assert.equal(code, 400);
  assert.match(msg, /^the object provided is unrecognized \(must be of type ConfigMap\): error converting YAML to JSON: yaml: line 2: .+ \(6d657461/);
  const dup = enc('metadata:\n  name: a\n  name: b\n');
  assert.deepEqual(error(() => decodeBody(dup, 'application/yaml', CM, 'Strict')), [
    400,
    'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: error converting YAML to JSON: yaml: unmarshal errors:\n  line 3: key "name" already set in map',
  ]);
  assert.deepEqual(decodeBody(dup, 'application/yaml', CM, 'Ignore').object.metadata, { name: 'b' });
  assert.deepEqual(decodeBody(dup, 'application/yaml', CM, 'Warn').warnings, ['error converting YAML to JSON: yaml: unmarshal errors: line 3: key "name" already set in map']);
  assert.deepEqual(parseYaml('a: [1, 2]\n---\nb: 1\n'), { a: [1, 2] });
  assert.deepEqual(error(() => parseYaml('a: b: c')), [400, 'error converting YAML to JSON: yaml: line 1: Nested mappings are not allowed in compact mappings']);
});

test('415 for other media types', () => {
  assert.deepEqual(error(() => decodeBody(enc('{}'), 'text/plain', CM, 'Strict')), [
    415,
    'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf',
  ]);
});
