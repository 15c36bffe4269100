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
var __rest = (this && this.__rest) || function (s, e) {
    var t = {};
    for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p) && e.indexOf(p) < 0)
        t[p] = s[p];
    if (s != null && typeof Object.getOwnPropertySymbols === "function")
        for (var i = 0, p = Object.getOwnPropertySymbols(s); i < p.length; i++) {
            if (e.indexOf(p[i]) < 0 && Object.prototype.propertyIsEnumerable.call(s, p[i]))
                t[p[i]] = s[p[i]];
        }
    return t;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.CLIENT_SIDE_UPGRADER = exports.LAST_APPLIED = void 0;
exports.lastAppliedFields = lastAppliedFields;
exports.withLastApplied = withLastApplied;
var compare_ts_1 = require("./compare.ts");
var owned_ts_1 = require("./owned.ts");
var path_ts_1 = require("./path.ts");
exports.LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
exports.CLIENT_SIDE_UPGRADER = 'kubectl';
var annotation = function (obj) { var _a, _b; return (_b = (_a = obj === null || obj === void 0 ? void 0 : obj.metadata) === null || _a === void 0 ? void 0 : _a.annotations) === null || _b === void 0 ? void 0 : _b[exports.LAST_APPLIED]; };
/** Fields of the last-applied configuration whose values the live object still has. */
function lastAppliedFields(live, schema) {
    var text = annotation(live);
    if (!text)
        return undefined;
    var last;
    try {
        last = JSON.parse(text);
    }
    catch (_a) {
        return undefined;
    }
    var diff = (0, compare_ts_1.compare)(last, live, schema);
    return (0, owned_ts_1.fieldSet)(last, schema).difference(diff.modified).difference(diff.added).difference(diff.removed);
}
/** `obj` with the annotation set to `config` (itself without the annotation), if `obj` had one. */
function withLastApplied(obj, config) {
    var _a;
    if (annotation(obj) === undefined)
        return obj;
    var configMeta = __assign({}, config.metadata);
    if (configMeta.annotations) {
        var _b = configMeta.annotations, _c = exports.LAST_APPLIED, _ = _b[_c], rest = __rest(_b, [typeof _c === "symbol" ? _c : _c + ""]);
        configMeta.annotations = rest;
    }
    var value = "".concat((0, path_ts_1.goJson)(__assign(__assign({}, config), { metadata: configMeta })), "\n");
    return __assign(__assign({}, obj), { metadata: __assign(__assign({}, obj.metadata), { annotations: __assign(__assign({}, obj.metadata.annotations), (_a = {}, _a[exports.LAST_APPLIED] = value, _a)) }) });
}
