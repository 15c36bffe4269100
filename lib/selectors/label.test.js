"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var errors_ts_1 = require("../errors.ts");
var label_ts_1 = require("./label.ts");
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
(0, node_test_1.test)('parses every operator and sorts by key', function () {
    var reqs = (0, label_ts_1.parseLabelSelector)('tier notin (db),app=web,env in (prod, dev),!canary,track,x==1,y!=2,n>3');
    strict_1.default.deepEqual(reqs, [
        { key: 'app', operator: '=', values: ['web'] },
        { key: 'canary', operator: '!', values: [] },
        { key: 'env', operator: 'in', values: ['dev', 'prod'] },
        { key: 'n', operator: 'gt', values: ['3'] },
        { key: 'tier', operator: 'notin', values: ['db'] },
        { key: 'track', operator: 'exists', values: [] },
        { key: 'x', operator: '==', values: ['1'] },
        { key: 'y', operator: '!=', values: ['2'] },
    ]);
    strict_1.default.equal((0, label_ts_1.selectorToString)(reqs), 'app=web,!canary,env in (dev,prod),n>3,tier notin (db),track,x==1,y!=2');
});
(0, node_test_1.test)('empty values and keywords used as values', function () {
    strict_1.default.deepEqual((0, label_ts_1.parseLabelSelector)('a='), [{ key: 'a', operator: '=', values: [''] }]);
    strict_1.default.deepEqual((0, label_ts_1.parseLabelSelector)('x in (in,notin)'), [{ key: 'x', operator: 'in', values: ['in', 'notin'] }]);
    strict_1.default.deepEqual((0, label_ts_1.parseLabelSelector)('x in (foo,,baz)'), [{ key: 'x', operator: 'in', values: ['', 'baz', 'foo'] }]);
    strict_1.default.deepEqual((0, label_ts_1.parseLabelSelector)(''), []);
    strict_1.default.deepEqual((0, label_ts_1.parseLabelSelector)('example.com/role=db'), [{ key: 'example.com/role', operator: '=', values: ['db'] }]);
});
(0, node_test_1.test)("Kubernetes' error messages", function () {
    strict_1.default.equal(message(function () { return (0, label_ts_1.parseLabelSelector)('a b'); }), "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt");
    strict_1.default.equal(message(function () { return (0, label_ts_1.parseLabelSelector)('a=b,'); }), "found '', expected: identifier after ','");
    strict_1.default.equal(message(function () { return (0, label_ts_1.parseLabelSelector)('a=b c'); }), "found 'c', expected: ',' or 'end of string'");
    strict_1.default.equal(message(function () { return (0, label_ts_1.parseLabelSelector)('x in a'); }), "unable to parse requirement: found 'a' expected: '('");
    strict_1.default.equal(message(function () { return (0, label_ts_1.parseLabelSelector)('x in (a b)'); }), "unable to parse requirement: found 'b', expected: ',' or ')'");
    strict_1.default.equal(message(function () { return (0, label_ts_1.parseLabelSelector)('!!a'); }), "unable to parse requirement: found '!', expected: identifier");
    strict_1.default.equal(message(function () { return (0, label_ts_1.parseLabelSelector)('=a'); }), "found '=', expected: !, identifier, or 'end of string'");
    strict_1.default.match(message(function () { return (0, label_ts_1.parseLabelSelector)('a@b=c'); }), /^unable to parse requirement: <nil>: Invalid value: "a@b": name part must consist of alphanumeric characters, '-', '_' or '\.', and must start and end with an alphanumeric character \(e\.g\. 'MyName',  or 'my\.name',  or '123-abc', regex used for validation is '\(\[A-Za-z0-9\]\[-A-Za-z0-9_\.\]\*\)\?\[A-Za-z0-9\]'\)$/);
    strict_1.default.match(message(function () { return (0, label_ts_1.parseLabelSelector)('a=b@c'); }), /^unable to parse requirement: values\[0\]\[a\]: Invalid value: "b@c": a valid label must be/);
    strict_1.default.match(message(function () { return (0, label_ts_1.parseLabelSelector)('n>x'); }), /values\[0\]: Invalid value: "x": for 'Gt', 'Lt' operators, the value must be an integer/);
});
(0, node_test_1.test)('matching follows Requirement.Matches', function () {
    var l = { app: 'web', env: 'prod', n: '10' };
    var m = function (s) { return (0, label_ts_1.matches)((0, label_ts_1.parseLabelSelector)(s), l); };
    strict_1.default.equal(m('app=web'), true);
    strict_1.default.equal(m('app=db'), false);
    strict_1.default.equal(m('app!=db'), true);
    strict_1.default.equal(m('missing!=x'), true, 'NotEquals matches when the key is absent');
    strict_1.default.equal(m('env in (prod,dev)'), true);
    strict_1.default.equal(m('env notin (prod)'), false);
    strict_1.default.equal(m('missing notin (x)'), true);
    strict_1.default.equal(m('app'), true);
    strict_1.default.equal(m('!app'), false);
    strict_1.default.equal(m('n>9'), true);
    strict_1.default.equal(m('n<9'), false);
    strict_1.default.equal(m(''), true);
});
(0, node_test_1.test)('the API form: nil selects nothing, empty selects everything', function () {
    strict_1.default.equal((0, label_ts_1.matches)((0, label_ts_1.fromLabelSelector)(undefined), { a: 'b' }), false);
    strict_1.default.equal((0, label_ts_1.matches)((0, label_ts_1.fromLabelSelector)({}), { a: 'b' }), true);
    var sel = (0, label_ts_1.fromLabelSelector)({ matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['db'] }, { key: 'x', operator: 'DoesNotExist' }] });
    strict_1.default.equal((0, label_ts_1.selectorToString)(sel), 'app=web,tier notin (db),!x');
    strict_1.default.equal((0, label_ts_1.matches)(sel, { app: 'web', tier: 'fe' }), true);
    strict_1.default.equal((0, label_ts_1.matches)(sel, { app: 'web', x: '' }), false);
    strict_1.default.equal(message(function () { return (0, label_ts_1.fromLabelSelector)({ matchExpressions: [{ key: 'a', operator: 'Foo' }] }); }), '"Foo" is not a valid label selector operator');
    strict_1.default.equal(message(function () { return (0, label_ts_1.fromLabelSelector)({ matchExpressions: [{ key: 'a', operator: 'In', values: [] }] }); }), "values: Invalid value: []string{}: for 'in', 'notin' operators, values set can't be empty");
});
