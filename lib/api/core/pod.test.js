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
var walk_ts_1 = require("../../schema/walk.ts");
var meta_ts_1 = require("../meta.ts");
var pod_ts_1 = require("./pod.ts");
var deployment_ts_1 = require("../apps/deployment.ts");
var replicaset_ts_1 = require("../apps/replicaset.ts");
var entriesOf = function (schema) { return (0, walk_ts_1.shape)(schema).entries; };
/** meta/v1 messages are not described here (meta.ts owns them) */
var metaMessages = function () { return new Set([entriesOf(meta_ts_1.labelSelector), entriesOf(meta_ts_1.objectMeta)]); };
/** Every field of every message: a protobuf number unique in its message, and a description. */
function audit(schema, path, problems, seen) {
    var _a;
    if (seen === void 0) { seen = metaMessages(); }
    var s = (0, walk_ts_1.shape)(schema);
    if (s.kind === 'array')
        return audit(s.item, "".concat(path, "[]"), problems, seen);
    if (s.kind === 'record')
        return audit(s.value, "".concat(path, "{}"), problems, seen);
    if (s.kind !== 'object' || seen.has(s.entries))
        return;
    seen.add(s.entries);
    var numbers = new Map();
    for (var _i = 0, _b = Object.entries(s.entries); _i < _b.length; _i++) {
        var _c = _b[_i], name = _c[0], field = _c[1];
        var f = (0, walk_ts_1.shape)(field);
        var at = "".concat(path, ".").concat(name);
        if (name === 'apiVersion' || name === 'kind')
            continue;
        if (f.meta.pb === undefined)
            problems.push("".concat(at, ": no protobuf number"));
        var key = "".concat((_a = f.meta.via) !== null && _a !== void 0 ? _a : '', "/").concat(f.meta.pb);
        if (numbers.has(key))
            problems.push("".concat(at, ": protobuf number ").concat(key, " also used by ").concat(numbers.get(key)));
        numbers.set(key, name);
        if (!f.doc)
            problems.push("".concat(at, ": no description"));
        audit(field, at, problems, seen);
    }
}
var _loop_1 = function (name, schema) {
    (0, node_test_1.test)("".concat(name, ": every field has a unique protobuf number and a description"), function () {
        var problems = [];
        audit(schema, name, problems);
        strict_1.default.deepEqual(problems, []);
    });
};
for (var _i = 0, _a = [
    ['Pod', pod_ts_1.podSchema],
    ['Deployment', deployment_ts_1.deploymentSchema],
    ['ReplicaSet', replicaset_ts_1.replicaSetSchema],
]; _i < _a.length; _i++) {
    var _b = _a[_i], name = _b[0], schema = _b[1];
    _loop_1(name, schema);
}
(0, node_test_1.test)('strategic merge and apply markers of the pod spec lists (merge-apply-protobuf.md §1.2)', function () {
    var entries = entriesOf(entriesOf(pod_ts_1.podSchema).spec);
    var meta = function (k) { return (0, walk_ts_1.shape)(entries[k]).meta; };
    strict_1.default.deepEqual(__assign(__assign({}, meta('volumes')), { pb: undefined }), { pb: undefined, patchStrategy: 'merge,retainKeys', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'] });
    strict_1.default.equal(meta('tolerations').listType, 'atomic');
    strict_1.default.equal(meta('tolerations').patchStrategy, undefined);
    strict_1.default.deepEqual(meta('topologySpreadConstraints').listMapKeys, ['topologyKey', 'whenUnsatisfiable']);
    strict_1.default.equal(meta('topologySpreadConstraints').patchMergeKey, 'topologyKey');
    strict_1.default.equal(meta('nodeSelector').mapType, 'atomic');
    strict_1.default.equal(meta('containers').keep, true);
});
