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
exports.tableOf = tableOf;
var printing_ts_1 = require("../registry/printing.ts");
function tableOf(desc, objects, opts, listMeta, now) {
    var _a, _b;
    if (listMeta === void 0) { listMeta = {}; }
    if (now === void 0) { now = Date.now(); }
    var printer = (_a = desc.table) !== null && _a !== void 0 ? _a : printing_ts_1.defaultTable;
    var apiVersion = "meta.k8s.io/".concat(opts.version);
    var include = (_b = opts.includeObject) !== null && _b !== void 0 ? _b : 'Metadata';
    return {
        kind: 'Table',
        apiVersion: apiVersion,
        metadata: listMeta,
        columnDefinitions: opts.noHeaders ? null : printer.columns,
        rows: objects.map(function (o) { return (__assign({ cells: printer.cells(o, now) }, (include === 'None' ? {} : { object: include === 'Object' ? o : { kind: 'PartialObjectMetadata', apiVersion: apiVersion, metadata: o.metadata } }))); }),
    };
}
