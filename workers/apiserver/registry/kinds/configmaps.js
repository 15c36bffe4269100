"use strict";
var __spreadArray = (this && this.__spreadArray) || function (to, from, pack) {
    if (pack || arguments.length === 2) for (var i = 0, l = from.length, ar; i < l; i++) {
        if (ar || !(i in from)) {
            if (!ar) ar = Array.prototype.slice.call(from, 0, i);
            ar[i] = from[i];
        }
    }
    return to.concat(ar || Array.prototype.slice.call(from));
};
Object.defineProperty(exports, "__esModule", { value: true });
/** core/v1 configmaps. */
var configmap_ts_1 = require("../../../../lib/api/core/configmap.ts");
var errors_ts_1 = require("../../../../lib/errors.ts");
var printing_ts_1 = require("../printing.ts");
var data_ts_1 = require("./data.ts");
var desc = {
    group: '',
    version: 'v1',
    kind: 'ConfigMap',
    resource: 'configmaps',
    singular: 'configmap',
    namespaced: true,
    shortNames: ['cm'],
    schema: configmap_ts_1.configMap,
    openapiName: 'io.k8s.api.core.v1.ConfigMap',
    nameRule: 'subdomain',
    validate: function (cm) {
        var _a, _b, _c;
        var errs = __spreadArray(__spreadArray([], (0, data_ts_1.validateKeys)(cm.data, 'data'), true), (0, data_ts_1.validateKeys)(cm.binaryData, 'binaryData'), true);
        for (var _i = 0, _d = Object.keys((_a = cm.data) !== null && _a !== void 0 ? _a : {}); _i < _d.length; _i++) {
            var k = _d[_i];
            if (cm.binaryData && k in cm.binaryData)
                errs.push(errors_ts_1.fieldErr.invalid("data[".concat(k, "]"), k, 'duplicate of key present in binaryData'));
        }
        var size = Object.values((_b = cm.data) !== null && _b !== void 0 ? _b : {}).reduce(function (n, s) { return n + (0, data_ts_1.utf8Length)(s); }, 0) + Object.values((_c = cm.binaryData) !== null && _c !== void 0 ? _c : {}).reduce(function (n, s) { return n + (0, data_ts_1.base64Length)(s); }, 0);
        // Kubernetes reports the whole object (an empty field path)
        if (size > data_ts_1.MAX_DATA_SIZE)
            errs.push(errors_ts_1.fieldErr.tooLong('', data_ts_1.MAX_DATA_SIZE));
        return errs;
    },
    validateUpdate: function (cm, old) { return (0, data_ts_1.validateImmutable)(cm, old, ['data', 'binaryData']); },
    table: {
        columns: [printing_ts_1.nameColumn, (0, printing_ts_1.column)('Data', 'string', 'Data contains the configuration data.'), printing_ts_1.ageColumn],
        cells: function (cm, now) { var _a, _b; return [cm.metadata.name, Object.keys((_a = cm.data) !== null && _a !== void 0 ? _a : {}).length + Object.keys((_b = cm.binaryData) !== null && _b !== void 0 ? _b : {}).length, (0, printing_ts_1.age)(cm.metadata.creationTimestamp, now)]; },
    },
};
exports.default = desc;
