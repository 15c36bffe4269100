"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.eventColumns = void 0;
exports.toCoreEvent = toCoreEvent;
exports.eventCells = eventCells;
exports.validateEvent = validateEvent;
var errors_ts_1 = require("../../../../lib/errors.ts");
var printing_ts_1 = require("../printing.ts");
var validation_ts_1 = require("../validation.ts");
/** events.k8s.io/v1 → the core/v1 field names. */
function toCoreEvent(e) {
    var _a;
    return {
        metadata: e.metadata,
        involvedObject: (_a = e.regarding) !== null && _a !== void 0 ? _a : {},
        reason: e.reason,
        message: e.note,
        source: e.deprecatedSource,
        firstTimestamp: e.deprecatedFirstTimestamp,
        lastTimestamp: e.deprecatedLastTimestamp,
        count: e.deprecatedCount,
        type: e.type,
        eventTime: e.eventTime,
        series: e.series,
        action: e.action,
        related: e.related,
        reportingComponent: e.reportingController,
        reportingInstance: e.reportingInstance,
    };
}
exports.eventColumns = [
    (0, printing_ts_1.column)('Last Seen', 'string', 'The time at which the most recent occurrence of this event was recorded.'),
    (0, printing_ts_1.column)('Type', 'string', 'Type of this event (Normal, Warning), new types could be added in the future'),
    (0, printing_ts_1.column)('Reason', 'string', "This should be a short, machine understandable string that gives the reason for the transition into the object's current status."),
    (0, printing_ts_1.column)('Object', 'string', 'The object that this event is about.'),
    (0, printing_ts_1.column)('Subobject', 'string', 'The subobject (fieldPath) of the object that this event is about.', 1),
    (0, printing_ts_1.column)('Source', 'string', 'The component reporting this event. Should be a short machine understandable string.', 1),
    (0, printing_ts_1.column)('Message', 'string', 'A human-readable description of the status of this operation.'),
    (0, printing_ts_1.column)('First Seen', 'string', 'The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)', 1),
    (0, printing_ts_1.column)('Count', 'string', 'The number of times this event has occurred.', 1),
    (0, printing_ts_1.column)('Name', 'string', printing_ts_1.NAME_DOC, 1, 'name'),
];
/** printers.md §2.13: the cells of one event, first column Last Seen. */
function eventCells(e, now) {
    var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m;
    var first = e.firstTimestamp ? (0, printing_ts_1.age)(e.firstTimestamp, now) : (0, printing_ts_1.age)(e.eventTime, now);
    var last = e.lastTimestamp ? (0, printing_ts_1.age)(e.lastTimestamp, now) : first;
    var count = (_a = e.count) !== null && _a !== void 0 ? _a : 0;
    if (e.series) {
        last = (0, printing_ts_1.age)(e.series.lastObservedTime, now);
        count = (_b = e.series.count) !== null && _b !== void 0 ? _b : 0;
    }
    else if (count === 0)
        count = 1; // singleton events of the new API have no count
    var kind = ((_d = (_c = e.involvedObject) === null || _c === void 0 ? void 0 : _c.kind) !== null && _d !== void 0 ? _d : '').toLowerCase();
    var target = ((_e = e.involvedObject) === null || _e === void 0 ? void 0 : _e.name) ? "".concat(kind, "/").concat(e.involvedObject.name) : kind;
    var component = ((_f = e.source) === null || _f === void 0 ? void 0 : _f.component) || e.reportingComponent || '';
    var host = ((_g = e.source) === null || _g === void 0 ? void 0 : _g.host) || e.reportingInstance || '';
    return [
        last,
        (_h = e.type) !== null && _h !== void 0 ? _h : '',
        (_j = e.reason) !== null && _j !== void 0 ? _j : '',
        target,
        (_l = (_k = e.involvedObject) === null || _k === void 0 ? void 0 : _k.fieldPath) !== null && _l !== void 0 ? _l : '',
        host ? "".concat(component, ", ").concat(host) : component,
        ((_m = e.message) !== null && _m !== void 0 ? _m : '').trim(),
        first,
        count,
        e.metadata.name,
    ];
}
var LIMIT_128 = 128;
var NOTE_LIMIT = 1024;
/**
 * legacyValidateEvent (both APIs) plus, for events.k8s.io/v1 (`strict`), the rules of new-API
 * events. `reportingField` is how the reporting controller is named in the request's version.
 */
function validateEvent(e, strict, reportingField) {
    var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m;
    var errs = [];
    var ns = (_a = e.metadata.namespace) !== null && _a !== void 0 ? _a : '';
    var involvedNs = (_c = (_b = e.involvedObject) === null || _b === void 0 ? void 0 : _b.namespace) !== null && _c !== void 0 ? _c : '';
    var mismatch = function () { return errors_ts_1.fieldErr.invalid('involvedObject.namespace', involvedNs, 'does not match event.namespace'); };
    if (!e.eventTime) {
        // old-style events: the event lives in its object's namespace (cluster-scoped objects: "default")
        if (involvedNs ? ns !== involvedNs : ns !== '' && ns !== 'default')
            errs.push(mismatch());
    }
    else {
        if (!involvedNs && ns !== 'default' && ns !== 'kube-system')
            errs.push(mismatch());
        var controller = (_d = e.reportingComponent) !== null && _d !== void 0 ? _d : '';
        if (!controller)
            errs.push(errors_ts_1.fieldErr.required(reportingField));
        for (var _i = 0, _o = (0, validation_ts_1.qualifiedName)(controller); _i < _o.length; _i++) {
            var m = _o[_i];
            errs.push(errors_ts_1.fieldErr.invalid(reportingField, controller, m));
        }
        var tooLong = function (f, limit) { return errors_ts_1.fieldErr.invalid(f, '', "can have at most ".concat(limit, " characters")); };
        if (!e.reportingInstance)
            errs.push(errors_ts_1.fieldErr.required('reportingInstance'));
        if (((_e = e.reportingInstance) !== null && _e !== void 0 ? _e : '').length > LIMIT_128)
            errs.push(tooLong('reportingInstance', LIMIT_128));
        if (!e.action)
            errs.push(errors_ts_1.fieldErr.required('action'));
        if (((_f = e.action) !== null && _f !== void 0 ? _f : '').length > LIMIT_128)
            errs.push(tooLong('action', LIMIT_128));
        if (!e.reason)
            errs.push(errors_ts_1.fieldErr.required('reason'));
        if (((_g = e.reason) !== null && _g !== void 0 ? _g : '').length > LIMIT_128)
            errs.push(tooLong('reason', LIMIT_128));
        if (((_h = e.message) !== null && _h !== void 0 ? _h : '').length > NOTE_LIMIT)
            errs.push(tooLong('message', NOTE_LIMIT));
    }
    for (var _p = 0, _q = (0, validation_ts_1.dns1123Subdomain)(ns); _p < _q.length; _p++) {
        var m = _q[_p];
        errs.push(errors_ts_1.fieldErr.invalid('namespace', ns, m));
    }
    if (!strict)
        return errs;
    if (e.series) {
        if (((_j = e.series.count) !== null && _j !== void 0 ? _j : 0) < 2)
            errs.push(errors_ts_1.fieldErr.invalid('series.count', '', 'should be at least 2'));
        if (!e.series.lastObservedTime)
            errs.push(errors_ts_1.fieldErr.required('series.lastObservedTime'));
    }
    if (!e.eventTime)
        errs.push(errors_ts_1.fieldErr.required('eventTime'));
    if (e.type !== 'Normal' && e.type !== 'Warning')
        errs.push(errors_ts_1.fieldErr.invalid('type', '', "has invalid value: ".concat((_k = e.type) !== null && _k !== void 0 ? _k : '')));
    if (e.firstTimestamp)
        errs.push(errors_ts_1.fieldErr.invalid('firstTimestamp', '', 'needs to be unset'));
    if (e.lastTimestamp)
        errs.push(errors_ts_1.fieldErr.invalid('lastTimestamp', '', 'needs to be unset'));
    if (e.count)
        errs.push(errors_ts_1.fieldErr.invalid('count', '', 'needs to be unset'));
    if (((_l = e.source) === null || _l === void 0 ? void 0 : _l.component) || ((_m = e.source) === null || _m === void 0 ? void 0 : _m.host))
        errs.push(errors_ts_1.fieldErr.invalid('source', '', 'needs to be unset'));
    return errs;
}
