"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var errors_ts_1 = require("../../../lib/errors.ts");
var json_ts_1 = require("./json.ts");
var status = function (fn) {
    try {
        fn();
    }
    catch (e) {
        strict_1.default.ok(e instanceof errors_ts_1.StatusError);
        return { code: e.code, message: e.message, reason: e.status.reason };
    }
    strict_1.default.fail('expected an error');
};
(0, node_test_1.test)('applies operations to a copy', function () {
    var doc = { metadata: { labels: { a: '1' } }, spec: { list: [1, 2] } };
    var out = (0, json_ts_1.jsonPatch)(doc, [
        { op: 'add', path: '/metadata/labels/b', value: '2' },
        { op: 'remove', path: '/metadata/labels/a' },
        { op: 'add', path: '/spec/list/-', value: 3 },
        { op: 'test', path: '/spec/list/0', value: 1 },
        { op: 'move', from: '/spec/list', path: '/spec/items' },
    ]);
    strict_1.default.deepEqual(out, { metadata: { labels: { b: '2' } }, spec: { items: [1, 2, 3] } });
    strict_1.default.deepEqual(doc.metadata.labels, { a: '1' });
});
(0, node_test_1.test)('a failing operation is 422 with the generic message, a malformed body 400', function () {
    var gen = { code: 422, reason: 'Invalid', message: 'the server rejected our request due to an error in our request' };
    strict_1.default.deepEqual(status(function () { return (0, json_ts_1.jsonPatch)({ a: 1 }, [{ op: 'test', path: '/a', value: 2 }]); }), gen);
    strict_1.default.deepEqual(status(function () { return (0, json_ts_1.jsonPatch)({ a: 1 }, [{ op: 'remove', path: '/b' }]); }), gen);
    strict_1.default.deepEqual(status(function () { return (0, json_ts_1.jsonPatch)({ a: 1 }, [{ op: 'frob', path: '/a' }]); }), gen);
    strict_1.default.deepEqual(status(function () { return (0, json_ts_1.jsonPatch)({ a: 1 }, { op: 'add' }); }), {
        code: 400,
        reason: 'BadRequest',
        message: 'json: cannot unmarshal object into Go value of type jsonpatch.Patch',
    });
    var many = Array.from({ length: 10001 }, function () { return ({ op: 'test', path: '/a', value: 1 }); });
    strict_1.default.equal(status(function () { return (0, json_ts_1.jsonPatch)({ a: 1 }, many); }).code, 413);
});
