"use strict";
var __extends = (this && this.__extends) || (function () {
    var extendStatics = function (d, b) {
        extendStatics = Object.setPrototypeOf ||
            ({ __proto__: [] } instanceof Array && function (d, b) { d.__proto__ = b; }) ||
            function (d, b) { for (var p in b) if (Object.prototype.hasOwnProperty.call(b, p)) d[p] = b[p]; };
        return extendStatics(d, b);
    };
    return function (d, b) {
        if (typeof b !== "function" && b !== null)
            throw new TypeError("Class extends value " + String(b) + " is not a constructor or null");
        extendStatics(d, b);
        function __() { this.constructor = d; }
        d.prototype = b === null ? Object.create(b) : (__.prototype = b.prototype, new __());
    };
})();
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
exports.apply = apply;
var errors_ts_1 = require("../../../lib/errors.ts");
var compare_ts_1 = require("./compare.ts");
var conflict_ts_1 = require("./conflict.ts");
var lastapplied_ts_1 = require("./lastapplied.ts");
var managed_ts_1 = require("./managed.ts");
var merge_ts_1 = require("./merge.ts");
var owned_ts_1 = require("./owned.ts");
var remove_ts_1 = require("./remove.ts");
var request_ts_1 = require("./request.ts");
var settle_ts_1 = require("./settle.ts");
var strip_ts_1 = require("./strip.ts");
var time_ts_1 = require("./time.ts");
var values_ts_1 = require("./values.ts");
var update_ts_1 = require("./update.ts");
function apply(input) {
    var _a, _b, _c, _d, _e, _f, _g;
    var config = input.config, manager = input.manager, apiVersion = input.apiVersion;
    var optionsError = (0, request_ts_1.fieldManagerOptionsError)('PatchOptions', { fieldManager: manager, apply: true });
    if (optionsError)
        throw optionsError;
    if (((_a = config.metadata) === null || _a === void 0 ? void 0 : _a.managedFields) !== undefined && ((_b = config.metadata) === null || _b === void 0 ? void 0 : _b.managedFields) !== null)
        throw (0, errors_ts_1.badRequest)('metadata.managedFields must be nil');
    if (config.apiVersion !== apiVersion)
        throw (0, errors_ts_1.badRequest)("Incorrect version specified in apply patch. Specified patch version: ".concat((_c = config.apiVersion) !== null && _c !== void 0 ? _c : '', ", expected: ").concat(apiVersion));
    var errors = (0, owned_ts_1.typedErrors)(config, input.schema);
    if (errors.length)
        throw typedPatchError(input, errors);
    var managers;
    try {
        managers = (0, managed_ts_1.decodeManaged)((_e = (_d = input.live) === null || _d === void 0 ? void 0 : _d.metadata) === null || _e === void 0 ? void 0 : _e.managedFields);
    }
    catch (e) {
        throw unknownError("failed to decode managed fields: ".concat(e.message));
    }
    try {
        return applyWith(input, managers, input.force);
    }
    catch (e) {
        if (!(e instanceof Conflicts))
            throw e;
        // kubectl's own server-side apply takes over what it applied client-side
        var allowed_1 = manager === lastapplied_ts_1.CLIENT_SIDE_UPGRADER ? (0, lastapplied_ts_1.lastAppliedFields)(input.live, input.schema) : undefined;
        var remaining = allowed_1 ? e.conflicts.filter(function (c) { return !allowed_1.has(c.path); }) : e.conflicts;
        if (remaining.length)
            throw (0, conflict_ts_1.conflictError)(remaining);
        return applyWith(input, (0, managed_ts_1.decodeManaged)((_g = (_f = input.live) === null || _f === void 0 ? void 0 : _f.metadata) === null || _g === void 0 ? void 0 : _g.managedFields), true);
    }
}
var Conflicts = /** @class */ (function (_super) {
    __extends(Conflicts, _super);
    function Conflicts(conflicts) {
        var _this = _super.call(this, 'conflicts') || this;
        _this.conflicts = conflicts;
        return _this;
    }
    return Conflicts;
}(Error));
function applyWith(input, managers, force) {
    var schema = input.schema, config = input.config, manager = input.manager, apiVersion = input.apiVersion, subresource = input.subresource;
    var live = input.live ? (0, update_ts_1.withoutManagedFields)(input.live) : undefined;
    var before = live !== null && live !== void 0 ? live : {};
    var reset = (0, strip_ts_1.resetSet)(input.resetFields);
    var entry = __assign({ manager: manager, operation: 'Apply', apiVersion: apiVersion }, (subresource ? { subresource: subresource } : {}));
    var id = (0, managed_ts_1.managerId)(entry);
    var last = managers.get(id);
    var applied = (0, owned_ts_1.fieldSet)(config, schema);
    managers.set(id, __assign(__assign({}, entry), { time: last === null || last === void 0 ? void 0 : last.time, set: reset ? applied.recursiveDifference(reset) : applied }));
    var merged = (0, merge_ts_1.merge)(live, config, schema);
    if (last && !last.set.isEmpty())
        merged = prune(merged, last.set, managers, schema);
    var conflicts = (0, settle_ts_1.settle)(managers, id, (0, compare_ts_1.compare)(before, merged, schema), force);
    if (conflicts.length)
        throw new Conflicts(conflicts);
    var mine = managers.get(id);
    if (mine) {
        var set = (0, strip_ts_1.strip)(mine.set);
        if (set.isEmpty())
            managers.delete(id);
        else
            managers.set(id, __assign(__assign({}, mine), { set: set, time: (0, values_ts_1.deepEqual)((0, compare_ts_1.materialize)(before, schema), (0, compare_ts_1.materialize)(merged, schema)) ? mine.time : (0, time_ts_1.rfc3339Seconds)(input.now) }));
    }
    var managedFields = (0, managed_ts_1.encodeManaged)(managers);
    var object = (0, values_ts_1.dropNulls)(merged);
    if (manager === lastapplied_ts_1.CLIENT_SIDE_UPGRADER)
        object = (0, lastapplied_ts_1.withLastApplied)(object, config);
    object = __assign(__assign({}, object), { metadata: __assign({}, object.metadata) });
    if (managedFields.length)
        object.metadata.managedFields = managedFields;
    else
        delete object.metadata.managedFields;
    return { object: object, managedFields: managedFields };
}
/** What the applier owned before and nobody (the applier included) owns now leaves the object. */
function prune(merged, last, managers, schema) {
    var owned;
    for (var _i = 0, _a = managers.values(); _i < _a.length; _i++) {
        var m = _a[_i];
        owned = owned ? owned.union(m.set) : m.set;
    }
    var drop = (0, owned_ts_1.namedFieldsAsMembers)(last, schema).difference((0, owned_ts_1.namedFieldsAsMembers)(owned, schema));
    return (0, remove_ts_1.removeItems)(merged, drop, schema);
}
/** `failed to create typed patch object (ns/name; apps/v1, Kind=Deployment): ...` — a 500, as in Kubernetes. */
function typedPatchError(input, errors) {
    var _a, _b;
    var _c = input.config, _d = _c.metadata, metadata = _d === void 0 ? {} : _d, _e = _c.kind, kind = _e === void 0 ? '' : _e;
    var gv = input.apiVersion.includes('/') ? input.apiVersion : "/".concat(input.apiVersion);
    var detail = errors.length === 1 ? errors[0] : "errors:\n".concat(errors.map(function (e) { return "  ".concat(e); }).join('\n'));
    return unknownError("failed to create typed patch object (".concat((_a = metadata.namespace) !== null && _a !== void 0 ? _a : '', "/").concat((_b = metadata.name) !== null && _b !== void 0 ? _b : '', "; ").concat(gv, ", Kind=").concat(kind, "): ").concat(detail));
}
/** A Go error that is not an API status: Kubernetes answers 500 with its text and no reason. */
var unknownError = function (message) { return new errors_ts_1.StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: message, code: 500 }); };
