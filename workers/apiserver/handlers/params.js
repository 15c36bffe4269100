"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.boolParam = void 0;
exports.dryRun = dryRun;
exports.fieldValidation = fieldValidation;
exports.intParam = intParam;
/** Query parameters of write and read requests, checked as Kubernetes checks them. */
var errors_ts_1 = require("../../../lib/errors.ts");
function dryRun(q) {
    var values = q.getAll('dryRun');
    for (var _i = 0, values_1 = values; _i < values_1.length; _i++) {
        var v = values_1[_i];
        if (v !== 'All')
            throw (0, errors_ts_1.badRequest)("Invalid dry run value: ".concat(JSON.stringify(v), ": supported values: \"All\""));
    }
    return values.length > 0;
}
function fieldValidation(q) {
    var v = q.get('fieldValidation');
    if (v === null || v === '')
        return 'Warn';
    var found = ['Strict', 'Warn', 'Ignore'].find(function (x) { return x.toLowerCase() === v.toLowerCase(); });
    if (!found)
        throw (0, errors_ts_1.badRequest)("fieldValidation must be one of \"Ignore\", \"Warn\", or \"Strict\", got ".concat(JSON.stringify(v)));
    return found;
}
function intParam(q, name) {
    var v = q.get(name);
    if (v === null || v === '')
        return undefined;
    var n = Number(v);
    if (!Number.isInteger(n))
        throw (0, errors_ts_1.badRequest)("invalid value for ".concat(name, ": ").concat(JSON.stringify(v)));
    return n;
}
var boolParam = function (q, name) {
    var v = q.get(name);
    return v !== null && v !== '0' && v.toLowerCase() !== 'false';
};
exports.boolParam = boolParam;
