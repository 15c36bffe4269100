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
exports.toBase64 = toBase64;
/** core/v1 secrets. stringData is write-only: merged into data (base64) on every write. */
var secret_ts_1 = require("../../../../lib/api/core/secret.ts");
var errors_ts_1 = require("../../../../lib/errors.ts");
var printing_ts_1 = require("../printing.ts");
var data_ts_1 = require("./data.ts");
var validation_ts_1 = require("../validation.ts");
/** UTF-8 text → base64, without Node's Buffer. */
function toBase64(text) {
    var bin = '';
    for (var _i = 0, _a = new TextEncoder().encode(text); _i < _a.length; _i++) {
        var b = _a[_i];
        bin += String.fromCharCode(b);
    }
    return btoa(bin);
}
/** Keys each well-known type requires in data (at least one of the list, or all for tls). */
var REQUIRED_KEYS = {
    'kubernetes.io/dockercfg': { keys: ['.dockercfg'], all: true },
    'kubernetes.io/dockerconfigjson': { keys: ['.dockerconfigjson'], all: true },
    'kubernetes.io/basic-auth': { keys: ['username', 'password'], all: false },
    'kubernetes.io/ssh-auth': { keys: ['ssh-privatekey'], all: true },
    'kubernetes.io/tls': { keys: ['tls.crt', 'tls.key'], all: true },
};
function validateType(s) {
    var _a, _b, _c;
    var data = (_a = s.data) !== null && _a !== void 0 ? _a : {};
    if (s.type === 'kubernetes.io/service-account-token') {
        var ann = 'kubernetes.io/service-account.name';
        return ((_b = s.metadata.annotations) === null || _b === void 0 ? void 0 : _b[ann]) ? [] : [errors_ts_1.fieldErr.required("metadata.annotations[".concat(ann, "]"))];
    }
    var rule = REQUIRED_KEYS[(_c = s.type) !== null && _c !== void 0 ? _c : ''];
    if (!rule)
        return [];
    var missing = rule.keys.filter(function (k) { return !(k in data); });
    if (rule.all)
        return missing.map(function (k) { return errors_ts_1.fieldErr.required("data[".concat(k, "]")); });
    return missing.length === rule.keys.length ? missing.map(function (k) { return errors_ts_1.fieldErr.required("data[".concat(k, "]")); }) : [];
}
var desc = {
    group: '',
    version: 'v1',
    kind: 'Secret',
    resource: 'secrets',
    singular: 'secret',
    namespaced: true,
    schema: secret_ts_1.secret,
    openapiName: 'io.k8s.api.core.v1.Secret',
    nameRule: 'subdomain',
    defaults: function (s) {
        if (!s.type)
            s.type = 'Opaque';
        if (s.stringData) {
            var data = __assign({}, s.data);
            for (var _i = 0, _a = Object.entries(s.stringData); _i < _a.length; _i++) {
                var _b = _a[_i], k = _b[0], text = _b[1];
                data[k] = toBase64(text);
            }
            s.data = data;
            delete s.stringData;
        }
    },
    validate: function (s) {
        var _a;
        var errs = (0, data_ts_1.validateKeys)(s.data, 'data');
        var size = Object.values((_a = s.data) !== null && _a !== void 0 ? _a : {}).reduce(function (n, b) { return n + (0, data_ts_1.base64Length)(b); }, 0);
        if (size > data_ts_1.MAX_DATA_SIZE)
            errs.push(errors_ts_1.fieldErr.tooLong('data', data_ts_1.MAX_DATA_SIZE));
        return __spreadArray(__spreadArray([], errs, true), validateType(s), true);
    },
    validateUpdate: function (s, old) { return __spreadArray(__spreadArray([], (0, validation_ts_1.immutable)('type', s.type, old.type), true), (0, data_ts_1.validateImmutable)(s, old, ['data']), true); },
    table: {
        columns: [printing_ts_1.nameColumn, (0, printing_ts_1.column)('Type', 'string', 'The type of the secret'), (0, printing_ts_1.column)('Data', 'string', 'The number of entries in the secret'), printing_ts_1.ageColumn],
        cells: function (s, now) { var _a, _b; return [s.metadata.name, (_a = s.type) !== null && _a !== void 0 ? _a : '', Object.keys((_b = s.data) !== null && _b !== void 0 ? _b : {}).length, (0, printing_ts_1.age)(s.metadata.creationTimestamp, now)]; },
    },
    fieldSelectors: { type: function (s) { var _a; return (_a = s.type) !== null && _a !== void 0 ? _a : ''; } },
};
exports.default = desc;
