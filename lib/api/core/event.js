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
exports.event = exports.coreEventSeries = exports.eventSource = void 0;
/**
 * core/v1 Event. Timestamps: firstTimestamp/lastTimestamp are meta/v1 Time (seconds), eventTime and
 * series.lastObservedTime are MicroTime (microseconds); the DSL carries both as `time`.
 */
var v = require("valibot");
var fields_ts_1 = require("../../schema/fields.ts");
var meta_ts_1 = require("../meta.ts");
var refs_ts_1 = require("./refs.ts");
exports.eventSource = (0, fields_ts_1.message)({
    component: (0, fields_ts_1.str)(1, { doc: 'Component from which the event is generated.' }),
    host: (0, fields_ts_1.str)(2, { doc: 'Node name on which the event is generated.' }),
});
exports.coreEventSeries = (0, fields_ts_1.message)({
    count: (0, fields_ts_1.int32)(1, { doc: 'Number of occurrences in this series up to the last heartbeat time.' }),
    lastObservedTime: (0, fields_ts_1.time)(2, { doc: 'Time of the last occurrence observed.' }),
});
exports.event = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { involvedObject: (0, fields_ts_1.obj)(2, refs_ts_1.objectReference, { keep: true, doc: 'The object that this event is about.' }), reason: (0, fields_ts_1.str)(3, { doc: "A short, machine understandable string that gives the reason for the transition into the object's current status." }), message: (0, fields_ts_1.str)(4, { doc: 'A human-readable description of the status of this operation.' }), source: (0, fields_ts_1.obj)(5, exports.eventSource, { doc: 'The component reporting this event.' }), firstTimestamp: (0, fields_ts_1.time)(6, { doc: 'The time at which the event was first recorded.' }), lastTimestamp: (0, fields_ts_1.time)(7, { doc: 'The time at which the most recent occurrence of this event was recorded.' }), count: (0, fields_ts_1.int32)(8, { doc: 'The number of times this event has occurred.' }), type: (0, fields_ts_1.str)(9, { doc: 'Type of this event (Normal, Warning).' }), eventTime: (0, fields_ts_1.time)(10, { doc: 'Time when this Event was first observed (MicroTime).' }), series: (0, fields_ts_1.obj)(11, exports.coreEventSeries, { ptr: true, doc: "Data about the Event series this event represents, or nil if it's a singleton Event." }), action: (0, fields_ts_1.str)(12, { doc: 'What action was taken/failed regarding the involved object.' }), related: (0, fields_ts_1.obj)(13, refs_ts_1.objectReference, { ptr: true, doc: 'Optional secondary object for more complex actions.' }), reportingComponent: (0, fields_ts_1.str)(14, { keep: true, doc: 'Name of the controller that emitted this Event, e.g. `kubernetes.io/kubelet`.' }), reportingInstance: (0, fields_ts_1.str)(15, { keep: true, doc: 'ID of the controller instance, e.g. `kubelet-xyzf`.' }) }));
