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
exports.resetSet = exports.NEVER_TRACKED = void 0;
exports.strip = strip;
/**
 * Fields no manager ever owns (Kubernetes' stripMeta): type and identity fields, and what the
 * server sets on every write. They are removed from a manager's set after each operation, not
 * before, so that an apply configuration's `metadata.name` still keeps `metadata` from pruning.
 */
var fieldset_ts_1 = require("./fieldset.ts");
var meta = function (field) { return [{ field: 'metadata' }, { field: field }]; };
exports.NEVER_TRACKED = fieldset_ts_1.FieldSet.of.apply(fieldset_ts_1.FieldSet, __spreadArray([[{ field: 'apiVersion' }],
    [{ field: 'kind' }],
    [{ field: 'metadata' }]], ['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'clusterName', 'generation', 'managedFields', 'resourceVersion'].map(meta), false));
/** `set` without the never-tracked fields and without `reset` (fields the strategy resets, recursively). */
function strip(set, reset) {
    var kept = set.difference(exports.NEVER_TRACKED);
    return reset ? kept.recursiveDifference(reset) : kept;
}
/** Top-level-style field paths (`[['status']]`, `[['metadata', 'labels']]`) as a set. */
var resetSet = function (paths) {
    return (paths === null || paths === void 0 ? void 0 : paths.length) ? fieldset_ts_1.FieldSet.of.apply(fieldset_ts_1.FieldSet, paths.map(function (p) { return p.map(function (field) { return ({ field: field }); }); })) : undefined;
};
exports.resetSet = resetSet;
