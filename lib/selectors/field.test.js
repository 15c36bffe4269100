"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var errors_ts_1 = require("../errors.ts");
var field_ts_1 = require("./field.ts");
var message = function (fn) {
    try {
        fn();
    }
    catch (e) {
        strict_1.default.ok(e instanceof errors_ts_1.StatusError);
        strict_1.default.equal(e.code, 400);
        return e.message;
    }
    strict_1.default.fail('expected an error');
};
(0, node_test_1.test)('parses =, ==, != and escapes', function () {
    strict_1.default.deepEqual((0, field_ts_1.parseFieldSelector)('status.phase!=Running,metadata.name==a\\,b,spec.nodeName='), [
        { field: 'metadata.name', operator: '==', value: 'a,b' },
        { field: 'spec.nodeName', operator: '=', value: '' },
        { field: 'status.phase', operator: '!=', value: 'Running' },
    ]);
    strict_1.default.deepEqual((0, field_ts_1.parseFieldSelector)('a=x\\=y\\\\'), [{ field: 'a', operator: '=', value: 'x=y\\' }]);
    strict_1.default.deepEqual((0, field_ts_1.parseFieldSelector)(''), []);
    strict_1.default.equal((0, field_ts_1.fieldSelectorToString)((0, field_ts_1.parseFieldSelector)('a=x\\,y')), 'a=x\\,y');
});
(0, node_test_1.test)("Kubernetes' error messages", function () {
    strict_1.default.equal(message(function () { return (0, field_ts_1.parseFieldSelector)('foo'); }), "invalid selector: 'foo'; can't understand 'foo'");
    strict_1.default.equal(message(function () { return (0, field_ts_1.parseFieldSelector)('a=b=c'); }), 'invalid field selector: unescaped character in value: 61');
    strict_1.default.equal(message(function () { return (0, field_ts_1.parseFieldSelector)('a=b\\x'); }), 'invalid field selector: invalid escape sequence: \\x');
    strict_1.default.equal(message(function () { return (0, field_ts_1.parseFieldSelector)('a=b\\'); }), 'invalid field selector: invalid escape sequence: \\');
    var reqs = (0, field_ts_1.parseFieldSelector)('metadata.name=a,spec.foo=b');
    strict_1.default.equal(message(function () { return (0, field_ts_1.checkFieldSelector)(reqs, function (f) { return f.startsWith('metadata.'); }); }), 'field label not supported: spec.foo');
});
(0, node_test_1.test)('matching: a missing field reads as empty', function () {
    var fields = { 'metadata.name': 'p', 'spec.nodeName': '' };
    var m = function (s) { return (0, field_ts_1.matchesFields)((0, field_ts_1.parseFieldSelector)(s), function (f) { return fields[f]; }); };
    strict_1.default.equal(m('metadata.name=p'), true);
    strict_1.default.equal(m('metadata.name!=p'), false);
    strict_1.default.equal(m('spec.nodeName='), true);
    strict_1.default.equal(m('spec.nodeName!='), false);
    strict_1.default.equal(m('status.phase='), true);
    strict_1.default.equal(m('metadata.name=p,spec.nodeName=n1'), false);
});
