"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var printing_ts_1 = require("./printing.ts");
var S = 1000;
var M = 60 * S;
var H = 60 * M;
var D = 24 * H;
var Y = 365 * D;
(0, node_test_1.test)('humanDuration follows HumanDuration row by row', function () {
    var rows = [
        [-2 * S, '<invalid>'],
        [-1500, '0s'], // truncated toward zero: -1 → "0s"
        [-1 * S, '0s'],
        [0, '0s'],
        [5 * S, '5s'],
        [119 * S + 999, '119s'],
        [120 * S, '2m'],
        [3 * M + 2 * S, '3m2s'],
        [9 * M + 59 * S, '9m59s'],
        [10 * M + 30 * S, '10m'],
        [45 * M, '45m'],
        [179 * M + 59 * S, '179m'],
        [3 * H, '3h'],
        [4 * H + 5 * M, '4h5m'],
        [7 * H + 59 * M, '7h59m'],
        [8 * H + 30 * M, '8h'],
        [47 * H, '47h'],
        [48 * H, '2d'],
        [2 * D + 3 * H, '2d3h'],
        [7 * D + 23 * H, '7d23h'],
        [8 * D + 5 * H, '8d'],
        [729 * D, '729d'],
        [2 * Y, '2y'],
        [2 * Y + 10 * D, '2y10d'],
        [7 * Y + 364 * D, '7y364d'],
        [8 * Y + 100 * D, '8y'],
        [20 * Y, '20y'],
    ];
    for (var _i = 0, rows_1 = rows; _i < rows_1.length; _i++) {
        var _a = rows_1[_i], ms = _a[0], want = _a[1];
        strict_1.default.equal((0, printing_ts_1.humanDuration)(ms), want, "".concat(ms, "ms"));
    }
});
(0, node_test_1.test)('age of a timestamp', function () {
    var now = Date.parse('2025-01-01T12:00:00Z');
    strict_1.default.equal((0, printing_ts_1.age)('2025-01-01T11:59:55Z', now), '5s');
    strict_1.default.equal((0, printing_ts_1.age)('2025-01-01T11:00:00Z', now), '60m');
    strict_1.default.equal((0, printing_ts_1.age)(undefined, now), '<unknown>');
    strict_1.default.equal((0, printing_ts_1.age)(null, now), '<unknown>');
    strict_1.default.equal((0, printing_ts_1.age)('2025-01-01T12:00:05Z', now), '<invalid>');
});
(0, node_test_1.test)('formatLabels sorts and joins; empty is <none>', function () {
    strict_1.default.equal((0, printing_ts_1.formatLabels)({ b: '2', a: '1' }), 'a=1,b=2');
    strict_1.default.equal((0, printing_ts_1.formatLabels)({}), '<none>');
    strict_1.default.equal((0, printing_ts_1.formatLabels)(undefined), '<none>');
});
(0, node_test_1.test)('formatSelector renders requirements sorted by key', function () {
    strict_1.default.equal((0, printing_ts_1.formatSelector)({
        matchLabels: { tier: 'web', app: 'x' },
        matchExpressions: [
            { key: 'env', operator: 'In', values: ['prod', 'dev'] },
            { key: 'zone', operator: 'NotIn', values: ['b', 'a'] },
            { key: 'gpu', operator: 'Exists' },
            { key: 'legacy', operator: 'DoesNotExist' },
        ],
    }), 'app=x,env in (dev,prod),gpu,!legacy,tier=web,zone notin (a,b)');
    strict_1.default.equal((0, printing_ts_1.formatSelector)({}), '<none>');
    strict_1.default.equal((0, printing_ts_1.formatSelector)(undefined), '<none>');
    strict_1.default.equal((0, printing_ts_1.formatSelector)({ matchExpressions: [{ key: 'a', operator: 'Bogus' }] }), '<error>');
    strict_1.default.equal((0, printing_ts_1.formatSelector)({ matchExpressions: [{ key: 'a', operator: 'In', values: [] }] }), '<error>');
    strict_1.default.equal((0, printing_ts_1.formatSelector)({ matchLabels: { 'bad key': 'x' } }), '<error>');
    strict_1.default.equal((0, printing_ts_1.selectorString)({}), '');
});
(0, node_test_1.test)('joinMax3', function () {
    strict_1.default.equal((0, printing_ts_1.joinMax3)([]), '');
    strict_1.default.equal((0, printing_ts_1.joinMax3)(['a', 'b', 'c']), 'a,b,c');
    strict_1.default.equal((0, printing_ts_1.joinMax3)(['a', 'b', 'c', 'd', 'e']), 'a,b,c + 2 more...');
});
(0, node_test_1.test)('shared columns carry Kubernetes descriptions and always a format', function () {
    strict_1.default.equal(printing_ts_1.nameColumn.format, 'name');
    strict_1.default.match(printing_ts_1.nameColumn.description, /^Name must be unique within a namespace/);
    strict_1.default.equal(printing_ts_1.ageColumn.format, '');
    strict_1.default.match(printing_ts_1.ageColumn.description, /^CreationTimestamp is a timestamp/);
    strict_1.default.deepEqual(printing_ts_1.defaultTable.columns.map(function (c) { return [c.name, c.type]; }), [
        ['Name', 'string'],
        ['Created At', 'date'],
    ]);
    strict_1.default.deepEqual(printing_ts_1.defaultTable.cells({ metadata: { name: 'r', creationTimestamp: '2024-05-01T10:00:00Z' } }), ['r', '2024-05-01T10:00:00Z']);
});
