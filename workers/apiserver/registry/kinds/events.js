"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
/** core/v1 events. No defaults; the apiserver expires them (1 h). */
var event_ts_1 = require("../../../../lib/api/core/event.ts");
var event_common_ts_1 = require("./event-common.ts");
var desc = {
    group: '',
    version: 'v1',
    kind: 'Event',
    resource: 'events',
    singular: 'event',
    namespaced: true,
    shortNames: ['ev'],
    schema: event_ts_1.event,
    openapiName: 'io.k8s.api.core.v1.Event',
    nameRule: 'subdomain',
    validate: function (e) { return (0, event_common_ts_1.validateEvent)(e, false, 'reportingComponent'); },
    table: { columns: event_common_ts_1.eventColumns, cells: event_common_ts_1.eventCells },
    fieldSelectors: {
        'involvedObject.kind': function (e) { var _a, _b; return (_b = (_a = e.involvedObject) === null || _a === void 0 ? void 0 : _a.kind) !== null && _b !== void 0 ? _b : ''; },
        'involvedObject.namespace': function (e) { var _a, _b; return (_b = (_a = e.involvedObject) === null || _a === void 0 ? void 0 : _a.namespace) !== null && _b !== void 0 ? _b : ''; },
        'involvedObject.name': function (e) { var _a, _b; return (_b = (_a = e.involvedObject) === null || _a === void 0 ? void 0 : _a.name) !== null && _b !== void 0 ? _b : ''; },
        'involvedObject.uid': function (e) { var _a, _b; return (_b = (_a = e.involvedObject) === null || _a === void 0 ? void 0 : _a.uid) !== null && _b !== void 0 ? _b : ''; },
        'involvedObject.apiVersion': function (e) { var _a, _b; return (_b = (_a = e.involvedObject) === null || _a === void 0 ? void 0 : _a.apiVersion) !== null && _b !== void 0 ? _b : ''; },
        'involvedObject.resourceVersion': function (e) { var _a, _b; return (_b = (_a = e.involvedObject) === null || _a === void 0 ? void 0 : _a.resourceVersion) !== null && _b !== void 0 ? _b : ''; },
        'involvedObject.fieldPath': function (e) { var _a, _b; return (_b = (_a = e.involvedObject) === null || _a === void 0 ? void 0 : _a.fieldPath) !== null && _b !== void 0 ? _b : ''; },
        reason: function (e) { var _a; return (_a = e.reason) !== null && _a !== void 0 ? _a : ''; },
        reportingComponent: function (e) { var _a; return (_a = e.reportingComponent) !== null && _a !== void 0 ? _a : ''; },
        source: function (e) { var _a; return ((_a = e.source) === null || _a === void 0 ? void 0 : _a.component) || e.reportingComponent || ''; },
        type: function (e) { var _a; return (_a = e.type) !== null && _a !== void 0 ? _a : ''; },
    },
};
exports.default = desc;
