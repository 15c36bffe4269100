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
exports.eventsV1Event = exports.eventSeries = void 0;
/** events.k8s.io/v1 Event: the newer shape of core/v1 Event (regarding/note/reportingController). */
var v = require("valibot");
var fields_ts_1 = require("../schema/fields.ts");
var meta_ts_1 = require("./meta.ts");
var refs_ts_1 = require("./core/refs.ts");
var event_ts_1 = require("./core/event.ts");
exports.eventSeries = (0, fields_ts_1.message)({
    count: (0, fields_ts_1.int32)(1, { keep: true, doc: 'The number of occurrences in this series up to the last heartbeat time.' }),
    lastObservedTime: (0, fields_ts_1.time)(2, { keep: true, doc: 'The time when the last Event from the series was seen before the last heartbeat (MicroTime).' }),
});
exports.eventsV1Event = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { eventTime: (0, fields_ts_1.time)(2, { keep: true, doc: 'The time when this Event was first observed (MicroTime). Required.' }), series: (0, fields_ts_1.obj)(3, exports.eventSeries, { ptr: true, doc: "Data about the Event series this event represents, or nil if it's a singleton Event." }), reportingController: (0, fields_ts_1.str)(4, { doc: 'The name of the controller that emitted this Event, e.g. `kubernetes.io/kubelet`.' }), reportingInstance: (0, fields_ts_1.str)(5, { doc: 'The ID of the controller instance, e.g. `kubelet-xyzf` (at most 128 characters).' }), action: (0, fields_ts_1.str)(6, { doc: 'What action was taken/failed regarding the regarding object (at most 128 characters).' }), reason: (0, fields_ts_1.str)(7, { doc: 'Why the action was taken (at most 128 characters).' }), regarding: (0, fields_ts_1.obj)(8, refs_ts_1.objectReference, { doc: 'The object this Event is about.' }), related: (0, fields_ts_1.obj)(9, refs_ts_1.objectReference, { ptr: true, doc: 'Optional secondary object for more complex actions.' }), note: (0, fields_ts_1.str)(10, { doc: 'A human-readable description of the status of this operation (at most 1kB).' }), type: (0, fields_ts_1.str)(11, { doc: 'The type of this event (Normal, Warning).' }), deprecatedSource: (0, fields_ts_1.obj)(12, event_ts_1.eventSource, { doc: 'Deprecated: core/v1 Event source, for backward compatibility.' }), deprecatedFirstTimestamp: (0, fields_ts_1.time)(13, { doc: 'Deprecated: core/v1 Event firstTimestamp.' }), deprecatedLastTimestamp: (0, fields_ts_1.time)(14, { doc: 'Deprecated: core/v1 Event lastTimestamp.' }), deprecatedCount: (0, fields_ts_1.int32)(15, { doc: 'Deprecated: core/v1 Event count.' }) }));
