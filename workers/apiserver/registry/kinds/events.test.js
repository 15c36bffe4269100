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
var events_ts_1 = require("./events.ts");
var events_k8s_io_ts_1 = require("./events-k8s-io.ts");
var NOW = Date.parse('2025-01-01T12:00:00Z');
var ev = function (x) { return (__assign({ metadata: { name: 'web.1', namespace: 'default' }, involvedObject: { kind: 'Pod', name: 'web', namespace: 'default', fieldPath: 'spec.containers{app}' } }, x)); };
(0, node_test_1.test)('core event cells: Last Seen first, count 0 shown as 1, source "component, host"', function () {
    var e = ev({
        type: 'Normal',
        reason: 'Pulled',
        message: '  Successfully pulled image  ',
        source: { component: 'kubelet', host: 'n1' },
        firstTimestamp: '2025-01-01T11:50:00Z',
        lastTimestamp: '2025-01-01T11:59:00Z',
    });
    strict_1.default.equal(events_ts_1.default.table.columns[0].name, 'Last Seen');
    strict_1.default.deepEqual(events_ts_1.default.table.cells(e, NOW), ['60s', 'Normal', 'Pulled', 'pod/web', 'spec.containers{app}', 'kubelet, n1', 'Successfully pulled image', '10m', 1, 'web.1']);
});
(0, node_test_1.test)('core event cells: eventTime, series, reportingController fallbacks', function () {
    var e = ev({
        involvedObject: { kind: 'Node' },
        eventTime: '2025-01-01T11:00:00.000000Z',
        series: { count: 4, lastObservedTime: '2025-01-01T11:59:30.000000Z' },
        reportingComponent: 'default-scheduler',
        reportingInstance: '',
    });
    var cells = events_ts_1.default.table.cells(e, NOW);
    strict_1.default.deepEqual([cells[0], cells[3], cells[5], cells[7], cells[8]], ['30s', 'node', 'default-scheduler', '60m', 4]);
});
(0, node_test_1.test)('field selectors kubectl describe uses', function () {
    var e = ev({ reason: 'Started', type: 'Normal', involvedObject: { kind: 'Pod', name: 'web', namespace: 'default', uid: 'u1' }, reportingComponent: 'kubelet' });
    var f = events_ts_1.default.fieldSelectors;
    strict_1.default.deepEqual(['involvedObject.kind', 'involvedObject.name', 'involvedObject.namespace', 'involvedObject.uid', 'involvedObject.fieldPath', 'reason', 'type', 'source', 'reportingComponent'].map(function (k) { return f[k](e); }), ['Pod', 'web', 'default', 'u1', '', 'Started', 'Normal', 'kubelet', 'kubelet']);
});
(0, node_test_1.test)('legacy validation: namespaces must agree; new-style events need reporting fields', function () {
    var texts = function (e) { return events_ts_1.default.validate(e).map(function (x) { return "".concat(x.field, ": ").concat(x.body); }); };
    strict_1.default.deepEqual(texts(ev({})), []);
    strict_1.default.deepEqual(texts(ev({ involvedObject: { kind: 'Node', name: 'n1' } })), []);
    strict_1.default.deepEqual(texts(ev({ metadata: { name: 'x', namespace: 'other' } })), ['involvedObject.namespace: Invalid value: "default": does not match event.namespace']);
    strict_1.default.deepEqual(texts(ev({ eventTime: '2025-01-01T11:00:00.000000Z' })), [
        'reportingComponent: Required value',
        "reportingComponent: Invalid value: \"\": name part must be non-empty",
        "reportingComponent: Invalid value: \"\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
        'reportingInstance: Required value',
        'action: Required value',
        'reason: Required value',
    ]);
});
(0, node_test_1.test)('events.k8s.io/v1: strict rules, printed like core events', function () {
    var e = {
        metadata: { name: 'x', namespace: 'default' },
        eventTime: '2025-01-01T11:59:00.000000Z',
        reportingController: 'example.com/ctl',
        reportingInstance: 'ctl-1',
        action: 'Sync',
        reason: 'Synced',
        regarding: { kind: 'Deployment', name: 'web', namespace: 'default' },
        note: 'ok',
        type: 'Normal',
    };
    strict_1.default.deepEqual(events_k8s_io_ts_1.default.validate(e), []);
    strict_1.default.deepEqual(events_k8s_io_ts_1.default.validate(__assign(__assign({}, e), { type: 'Info', deprecatedCount: 3 })).map(function (x) { return "".concat(x.field, ": ").concat(x.body); }), ['type: Invalid value: "": has invalid value: Info', 'count: Invalid value: "": needs to be unset']);
    strict_1.default.deepEqual(events_k8s_io_ts_1.default.table.cells(e, NOW), ['60s', 'Normal', 'Synced', 'deployment/web', '', 'example.com/ctl, ctl-1', 'ok', '60s', 1, 'x']);
    strict_1.default.equal(events_k8s_io_ts_1.default.fieldSelectors['regarding.name'](e), 'web');
});
