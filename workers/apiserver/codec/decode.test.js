"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var errors_ts_1 = require("../../../lib/errors.ts");
var decode_ts_1 = require("./decode.ts");
var mini_ts_1 = require("./testdata/mini.ts");
var enc = function (s) { return new TextEncoder().encode(s); };
var CM = { schema: mini_ts_1.configMap, group: '', version: 'v1', kind: 'ConfigMap' };
var DEPLOY = { schema: mini_ts_1.deployment, group: 'apps', version: 'v1', kind: 'Deployment' };
var error = function (fn) {
    try {
        fn();
    }
    catch (e) {
        strict_1.default.ok(e instanceof errors_ts_1.StatusError, String(e));
        return [e.code, e.message];
    }
    strict_1.default.fail('expected an error');
};
(0, node_test_1.test)('a JSON body decodes to the object; charset and missing type meta are fine', function () {
    var d = (0, decode_ts_1.decodeBody)(enc('{"metadata":{"name":"c","labels":null},"data":{"a":"1"}}'), 'application/json; charset=utf-8', CM, 'Strict');
    strict_1.default.deepEqual(d.object, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '1' } });
    strict_1.default.deepEqual(d.warnings, []);
});
(0, node_test_1.test)('malformed JSON: the unrecognized-object message with the 30-byte summary', function () {
    strict_1.default.deepEqual(error(function () { return (0, decode_ts_1.decodeBody)(enc('{"apiVersion":"v1","kind":"ConfigMap","metadata":{'), 'application/json', CM, 'Strict'); }), [
        400,
        'the object provided is unrecognized (must be of type ConfigMap): couldn\'t get version/kind; json parse error: unexpected end of JSON input ({"apiVersion":"v1","kind":"Con ...)',
    ]);
    strict_1.default.deepEqual(error(function () { return (0, decode_ts_1.decodeBody)(enc(''), 'application/json', CM, 'Strict'); }), [
        400,
        "the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: unexpected end of JSON input (<empty>)",
    ]);
    strict_1.default.deepEqual(error(function () { return (0, decode_ts_1.decodeBody)(enc('x'), 'application/json', CM, 'Strict'); }), [
        400,
        "the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: invalid character 'x' looking for beginning of value (78)",
    ]);
    strict_1.default.match(error(function () { return (0, decode_ts_1.decodeBody)(enc('[]'), 'application/json', CM, 'Strict'); })[1], /json: cannot unmarshal array into Go value of type struct \{ APIVersion string/);
});
(0, node_test_1.test)('wrong JSON types name the Go struct field', function () {
    strict_1.default.deepEqual(error(function () { return (0, decode_ts_1.decodeBody)(enc('{"metadata":{"name":5}}'), 'application/json', CM, 'Strict'); }), [
        400,
        'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.name of type string',
    ]);
    strict_1.default.equal(error(function () { return (0, decode_ts_1.decodeBody)(enc('{"spec":{"template":{"spec":{"containers":[{"name":"a","ports":[{"containerPort":"80"}]}]}}}}'), 'application/json', DEPLOY, 'Strict'); })[1], 
    // Go says ContainerPort; the struct name is approximated from the field name
    'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field Port.spec.template.spec.containers.ports.containerPort of type int32');
    strict_1.default.match(error(function () { return (0, decode_ts_1.decodeBody)(enc('{"spec":{"replicas":1.5}}'), 'application/json', DEPLOY, 'Strict'); })[1], /cannot unmarshal number 1\.5 into Go struct field DeploymentSpec\.spec\.replicas of type int32$/);
    strict_1.default.match(error(function () { return (0, decode_ts_1.decodeBody)(enc('{"data":{"a":1}}'), 'application/json', CM, 'Strict'); })[1], /Go struct field ConfigMap\.data of type string$/);
    strict_1.default.match(error(function () { return (0, decode_ts_1.decodeBody)(enc('{"data":"x"}'), 'application/json', CM, 'Strict'); })[1], /Go struct field ConfigMap\.data of type map\[string\]string$/);
    strict_1.default.match(error(function () { return (0, decode_ts_1.decodeBody)(enc('{"data":{"k":"not base64!"}}'), 'application/json', __assign(__assign({}, CM), { schema: mini_ts_1.secret, kind: 'Secret' }), 'Strict'); })[1], /illegal base64 data at input byte 3$/);
});
(0, node_test_1.test)('unknown and duplicate fields per fieldValidation; unknown fields are pruned', function () {
    var body = enc('{"metadata":{"name":"d","bogus":1},"spec":{"foo":1,"template":{"spec":{"containers":[{"name":"a","name":"b","bogus":true}]}}}}');
    strict_1.default.deepEqual(error(function () { return (0, decode_ts_1.decodeBody)(body, 'application/json', DEPLOY, 'Strict'); }), [
        400,
        'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: duplicate field "spec.template.spec.containers[0].name", unknown field "metadata.bogus", unknown field "spec.foo", unknown field "spec.template.spec.containers[0].bogus"',
    ]);
    var warn = (0, decode_ts_1.decodeBody)(body, 'application/json', DEPLOY, 'Warn');
    strict_1.default.deepEqual(warn.warnings, [
        'duplicate field "spec.template.spec.containers[0].name"',
        'unknown field "metadata.bogus"',
        'unknown field "spec.foo"',
        'unknown field "spec.template.spec.containers[0].bogus"',
    ]);
    strict_1.default.deepEqual(warn.object.spec, { template: { spec: { containers: [{ name: 'b' }] } } });
    var ignore = (0, decode_ts_1.decodeBody)(body, 'application/json', DEPLOY, 'Ignore');
    strict_1.default.deepEqual(ignore.warnings, []);
    strict_1.default.deepEqual(ignore.object.metadata, { name: 'd' });
    strict_1.default.deepEqual((0, decode_ts_1.unknownFields)(mini_ts_1.deployment, { spec: { foo: 1, paused: true } }), ['spec.foo']);
});
(0, node_test_1.test)('apiVersion/kind must be the endpoint', function () {
    strict_1.default.deepEqual(error(function () { return (0, decode_ts_1.decodeBody)(enc('{"apiVersion":"apps/v1","kind":"ConfigMap"}'), 'application/json', CM, 'Strict'); }), [
        400,
        'the API version in the data (apps/v1) does not match the expected API version (v1)',
    ]);
    strict_1.default.deepEqual(error(function () { return (0, decode_ts_1.decodeBody)(enc('{"apiVersion":"v1","kind":"Secret"}'), 'application/json', CM, 'Strict'); }), [
        400,
        'Secret in version "v1" cannot be handled as a ConfigMap: converting (v1.Secret) to (core.ConfigMap): unknown conversion',
    ]);
    strict_1.default.equal((0, decode_ts_1.decodeBody)(enc('{"kind":"Deployment","apiVersion":"apps/v1"}'), 'application/json', DEPLOY, 'Strict').object.apiVersion, 'apps/v1');
});
(0, node_test_1.test)('YAML bodies, their syntax errors and duplicate keys', function () {
    var y = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: "1"\n';
    strict_1.default.deepEqual((0, decode_ts_1.decodeBody)(enc(y), 'application/yaml', CM, 'Strict').object, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '1' } });
    var _a = error(function () { return (0, decode_ts_1.decodeBody)(enc('metadata:\n  name: a: b\n'), 'application/yaml', CM, 'Strict'); }), code = _a[0], msg = _a[1];
    strict_1.default.equal(code, 400);
    strict_1.default.match(msg, /^the object provided is unrecognized \(must be of type ConfigMap\): error converting YAML to JSON: yaml: line 2: .+ \(6d657461/);
    var dup = enc('metadata:\n  name: a\n  name: b\n');
    strict_1.default.deepEqual(error(function () { return (0, decode_ts_1.decodeBody)(dup, 'application/yaml', CM, 'Strict'); }), [
        400,
        'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: error converting YAML to JSON: yaml: unmarshal errors:\n  line 3: key "name" already set in map',
    ]);
    strict_1.default.deepEqual((0, decode_ts_1.decodeBody)(dup, 'application/yaml', CM, 'Ignore').object.metadata, { name: 'b' });
    strict_1.default.deepEqual((0, decode_ts_1.decodeBody)(dup, 'application/yaml', CM, 'Warn').warnings, ['error converting YAML to JSON: yaml: unmarshal errors: line 3: key "name" already set in map']);
    strict_1.default.deepEqual((0, decode_ts_1.parseYaml)('a: [1, 2]\n---\nb: 1\n'), { a: [1, 2] });
    strict_1.default.deepEqual(error(function () { return (0, decode_ts_1.parseYaml)('a: b: c'); }), [400, 'error converting YAML to JSON: yaml: line 1: Nested mappings are not allowed in compact mappings']);
});
(0, node_test_1.test)('415 for other media types', function () {
    strict_1.default.deepEqual(error(function () { return (0, decode_ts_1.decodeBody)(enc('{}'), 'text/plain', CM, 'Strict'); }), [
        415,
        'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf',
    ]);
});
