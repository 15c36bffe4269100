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
var hash_ts_1 = require("./hash.ts");
var template = function (image, extra) {
    if (extra === void 0) { extra = {}; }
    return ({ metadata: __assign({ labels: { app: 'vitrine' } }, extra), spec: { containers: [{ name: 'nginx', image: image }], restartPolicy: 'Always' } });
};
(0, node_test_1.test)('the same template gives the same hash, spelled like Kubernetes spells it', function () {
    var h = (0, hash_ts_1.templateHash)(template('nginx:1.30-alpine'));
    strict_1.default.match(h, /^[bcdfghjklmnpqrstvwxz2456789]{1,10}$/);
    strict_1.default.equal((0, hash_ts_1.templateHash)(template('nginx:1.30-alpine')), h);
    // key order and empty maps do not matter
    strict_1.default.equal((0, hash_ts_1.templateHash)({ spec: { restartPolicy: 'Always', containers: [{ image: 'nginx:1.30-alpine', name: 'nginx' }] }, metadata: { labels: { app: 'vitrine' }, annotations: {} } }), h);
    strict_1.default.notEqual((0, hash_ts_1.templateHash)(template('nginx:1.31-alpine')), h);
});
(0, node_test_1.test)('a collision count gives another hash for the same template', function () {
    var t = template('nginx:1.30-alpine');
    strict_1.default.notEqual((0, hash_ts_1.templateHash)(t, 1), (0, hash_ts_1.templateHash)(t));
    strict_1.default.notEqual((0, hash_ts_1.templateHash)(t, 1), (0, hash_ts_1.templateHash)(t, 2));
    strict_1.default.equal((0, hash_ts_1.templateHash)(t, 1), (0, hash_ts_1.templateHash)(t, 1));
});
(0, node_test_1.test)('equalIgnoreHash: same template whatever the pod-template-hash label; null and empty are absent', function () {
    var withHash = template('nginx:1.30-alpine');
    withHash.metadata.labels = { app: 'vitrine', 'pod-template-hash': 'abc' };
    strict_1.default.ok((0, hash_ts_1.equalIgnoreHash)(withHash, template('nginx:1.30-alpine')));
    strict_1.default.ok((0, hash_ts_1.equalIgnoreHash)(template('nginx:1.30-alpine', { creationTimestamp: null, annotations: {} }), template('nginx:1.30-alpine')));
    strict_1.default.ok(!(0, hash_ts_1.equalIgnoreHash)(template('nginx:1.30-alpine'), template('nginx:1.31-alpine')));
    strict_1.default.ok(!(0, hash_ts_1.equalIgnoreHash)(template('nginx:1.30-alpine', { labels: { app: 'other' } }), template('nginx:1.30-alpine')));
});
(0, node_test_1.test)('canonical sorts keys and drops nothing that matters', function () {
    strict_1.default.deepEqual((0, hash_ts_1.canonical)({ b: 1, a: [0, false, ''], c: null, d: [], e: {} }), { a: [0, false, ''], b: 1 });
    strict_1.default.equal(JSON.stringify((0, hash_ts_1.canonical)({ z: 1, a: { y: 2, x: 3 } })), '{"a":{"x":3,"y":2},"z":1}');
});
