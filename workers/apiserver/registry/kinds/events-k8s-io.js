"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
/** events.k8s.io/v1 events: stored apart from core/v1 events, printed and validated like them. */
var events_ts_1 = require("../../../../lib/api/events.ts");
var event_common_ts_1 = require("./event-common.ts");
var desc = {
    group: 'events.k8s.io',
    version: 'v1',
    kind: 'Event',
    resource: 'events',
    singular: 'event',
    namespaced: true,
    shortNames: ['ev'],
    schema: events_ts_1.eventsV1Event,
    openapiName: 'io.k8s.api.events.v1.Event',
    nameRule: 'subdomain',
    validate: function (e) { return (0, event_common_ts_1.validateEvent)((0, event_common_ts_1.toCoreEvent)(e), true, 'reportingController'); },
    table: { columns: event_common_ts_1.eventColumns, cells: function (e, now) { return (0, event_common_ts_1.eventCells)((0, event_common_ts_1.toCoreEvent)(e), now); } },
    fieldSelectors: {
        'regarding.kind': function (e) { var _a, _b; return (_b = (_a = e.regarding) === null || _a === void 0 ? void 0 : _a.kind) !== null && _b !== void 0 ? _b : ''; },
        'regarding.namespace': function (e) { var _a, _b; return (_b = (_a = e.regarding) === null || _a === void 0 ? void 0 : _a.namespace) !== null && _b !== void 0 ? _b : ''; },
        'regarding.name': function (e) { var _a, _b; return (_b = (_a = e.regarding) === null || _a === void 0 ? void 0 : _a.name) !== null && _b !== void 0 ? _b : ''; },
        'regarding.uid': function (e) { var _a, _b; return (_b = (_a = e.regarding) === null || _a === void 0 ? void 0 : _a.uid) !== null && _b !== void 0 ? _b : ''; },
        'regarding.apiVersion': function (e) { var _a, _b; return (_b = (_a = e.regarding) === null || _a === void 0 ? void 0 : _a.apiVersion) !== null && _b !== void 0 ? _b : ''; },
        'regarding.resourceVersion': function (e) { var _a, _b; return (_b = (_a = e.regarding) === null || _a === void 0 ? void 0 : _a.resourceVersion) !== null && _b !== void 0 ? _b : ''; },
        'regarding.fieldPath': function (e) { var _a, _b; return (_b = (_a = e.regarding) === null || _a === void 0 ? void 0 : _a.fieldPath) !== null && _b !== void 0 ? _b : ''; },
        reason: function (e) { var _a; return (_a = e.reason) !== null && _a !== void 0 ? _a : ''; },
        reportingController: function (e) { var _a; return (_a = e.reportingController) !== null && _a !== void 0 ? _a : ''; },
        type: function (e) { var _a; return (_a = e.type) !== null && _a !== void 0 ? _a : ''; },
    },
};
exports.default = desc;
