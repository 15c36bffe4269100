"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var errors_ts_1 = require("../../../lib/errors.ts");
var mini_ts_1 = require("../codec/testdata/mini.ts");
var apply_ts_1 = require("./apply.ts");
var enc = function (s) { return new TextEncoder().encode(s); };
var live = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '1' } };
var error = function (fn) {
    try {
        fn();
    }
    catch (e) {
        strict_1.default.ok(e instanceof errors_ts_1.StatusError);
        return [e.code, e.message];
    }
    strict_1.default.fail('expected an error');
};
(0, node_test_1.test)('merge patch: applied, then decoded for the kind', function () {
    var p = (0, apply_ts_1.applyPatchBody)(apply_ts_1.MERGE_PATCH, live, enc('{"data":{"b":"2","a":null},"bogus":1}'), mini_ts_1.configMap, 'Warn');
    var d = (0, apply_ts_1.decodePatched)(p, mini_ts_1.configMap, 'ConfigMap', 'Warn');
    strict_1.default.deepEqual(d.object, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { b: '2' } });
    strict_1.default.deepEqual(d.warnings, ['unknown field "bogus"']);
    strict_1.default.deepEqual(error(function () { return (0, apply_ts_1.decodePatched)(p, mini_ts_1.configMap, 'ConfigMap', 'Strict'); }), [
        422,
        ' "" is invalid: patch: Invalid value: "{\\"apiVersion\\":\\"v1\\",\\"kind\\":\\"ConfigMap\\",\\"metadata\\":{\\"name\\":\\"c\\"},\\"data\\":{\\"b\\":\\"2\\"},\\"bogus\\":1}": strict decoding error: unknown field "bogus"',
    ]);
});
(0, node_test_1.test)('body errors per patch type, as Kubernetes words them', function () {
    strict_1.default.deepEqual(error(function () { return (0, apply_ts_1.applyPatchBody)(apply_ts_1.MERGE_PATCH, live, enc('{"a":'), mini_ts_1.configMap, 'Strict'); }), [400, 'error decoding patch: unexpected end of JSON input']);
    strict_1.default.deepEqual(error(function () { return (0, apply_ts_1.applyPatchBody)(apply_ts_1.MERGE_PATCH, live, enc('{"a":'), mini_ts_1.configMap, 'Ignore'); }), [400, 'Invalid JSON Patch']);
    strict_1.default.deepEqual(error(function () { return (0, apply_ts_1.applyPatchBody)(apply_ts_1.MERGE_PATCH, live, enc('null'), mini_ts_1.configMap, 'Ignore'); }), [400, 'Invalid JSON Patch']);
    strict_1.default.deepEqual(error(function () { return (0, apply_ts_1.applyPatchBody)(apply_ts_1.MERGE_PATCH, live, enc('[1]'), mini_ts_1.configMap, 'Strict'); }), [
        400,
        'error decoding patch: json: cannot unmarshal array into Go value of type map[string]interface {}',
    ]);
    strict_1.default.deepEqual(error(function () { return (0, apply_ts_1.applyPatchBody)(apply_ts_1.STRATEGIC_PATCH, live, enc('{"a" 1}'), mini_ts_1.configMap, 'Strict'); }), [400, "invalid character '1' after object key"]);
    strict_1.default.deepEqual(error(function () { return (0, apply_ts_1.applyPatchBody)(apply_ts_1.JSON_PATCH, live, enc('[{"op":"test","path":"/data/a","value":"2"}]'), mini_ts_1.configMap, 'Strict'); }), [
        422,
        'the server rejected our request due to an error in our request',
    ]);
});
(0, node_test_1.test)('a JSON patch of the wrong shape: decoded as []jsonPatchOp in Strict and Warn, by the library in Ignore', function () {
    var shape = function (body, fv) { return error(function () { return (0, apply_ts_1.applyPatchBody)(apply_ts_1.JSON_PATCH, live, enc(body), mini_ts_1.configMap, fv); }); };
    strict_1.default.deepEqual(shape('{"op":"add"}', 'Warn'), [400, 'error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp']);
    strict_1.default.deepEqual(shape('[1]', 'Strict'), [400, 'error decoding patch: json: cannot unmarshal number into Go value of type handlers.jsonPatchOp']);
    strict_1.default.deepEqual(shape('[{"op":"add","path":3}]', 'Warn'), [400, 'error decoding patch: json: cannot unmarshal number into Go struct field jsonPatchOp.path of type string']);
    strict_1.default.deepEqual(shape('{"op":"add"}', 'Ignore'), [400, 'json: cannot unmarshal object into Go value of type jsonpatch.Patch']);
    // `value` may be anything
    var p = (0, apply_ts_1.applyPatchBody)(apply_ts_1.JSON_PATCH, live, enc('[{"op":"add","path":"/data/b","value":{"x":[2]}}]'), mini_ts_1.configMap, 'Warn');
    strict_1.default.deepEqual(p.object.data, { a: '1', b: { x: [2] } });
});
(0, node_test_1.test)('strict errors found in the patch itself', function () {
    var p = (0, apply_ts_1.applyPatchBody)(apply_ts_1.JSON_PATCH, live, enc('[{"op":"add","path":"/data/c","value":"3","extra":1,"op":"add"}]'), mini_ts_1.configMap, 'Warn');
    strict_1.default.deepEqual(p.strictErrors, ['json patch duplicate field "[0].op"', 'json patch unknown field "[0].extra"']);
    var s = (0, apply_ts_1.applyPatchBody)(apply_ts_1.STRATEGIC_PATCH, live, enc('{"data":{"x":"1","x":"2"}}'), mini_ts_1.configMap, 'Warn');
    strict_1.default.deepEqual(s.strictErrors, ['duplicate field "data.x"']);
    strict_1.default.deepEqual(s.object.data, { a: '1', x: '2' });
});
(0, node_test_1.test)('a strategic patch producing a wrong type is 422 quoting the patch map', function () {
    var d = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 1 } };
    var p = (0, apply_ts_1.applyPatchBody)(apply_ts_1.STRATEGIC_PATCH, d, enc('{"spec":{"replicas":"two"}}'), mini_ts_1.deployment, 'Strict');
    strict_1.default.deepEqual(error(function () { return (0, apply_ts_1.decodePatched)(p, mini_ts_1.deployment, 'Deployment', 'Strict'); }), [
        422,
        ' "" is invalid: patch: Invalid value: "map[spec:map[replicas:two]]": json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
    ]);
});
