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
exports.objectFilter = objectFilter;
var errors_ts_1 = require("../../../lib/errors.ts");
var label_ts_1 = require("../../../lib/selectors/label.ts");
var field_ts_1 = require("../../../lib/selectors/field.ts");
var COMMON = {
    'metadata.name': function (o) { return o.metadata.name; },
    'metadata.namespace': function (o) { var _a; return (_a = o.metadata.namespace) !== null && _a !== void 0 ? _a : ''; },
};
/** undefined when nothing is selected on (storage counts what remains only then). */
function objectFilter(desc, labelSelector, fieldSelector) {
    var labels = labelSelector ? (0, label_ts_1.parseLabelSelector)(labelSelector) : [];
    var fields = fieldSelector ? (0, field_ts_1.parseFieldSelector)(fieldSelector) : [];
    var getters = __assign(__assign({}, COMMON), desc.fieldSelectors);
    for (var _i = 0, fields_1 = fields; _i < fields_1.length; _i++) {
        var f = fields_1[_i];
        if (!getters[f.field])
            throw (0, errors_ts_1.badRequest)("field label not supported: ".concat(f.field));
    }
    if (!labels.length && !fields.length)
        return undefined;
    return function (o) { var _a; return (0, label_ts_1.labelsMatch)(labels, (_a = o.metadata.labels) !== null && _a !== void 0 ? _a : {}) && (0, field_ts_1.fieldsMatch)(fields, function (path) { var _a; return (_a = getters[path](o)) !== null && _a !== void 0 ? _a : ''; }); };
}
