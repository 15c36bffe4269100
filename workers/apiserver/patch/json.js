"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.jsonPatch = jsonPatch;
/**
 * JSON patch (RFC 6902, `application/json-patch+json`) via fast-json-patch. As in Kubernetes, a
 * body that is not a list of operation objects is a 400, more than 10000 operations a 413, and
 * any operation that fails to apply (a failed `test`, a missing path, an unknown op) a 422.
 */
// the default export exists in both the CommonJS build (node) and the ESM build (bundlers)
var fast_json_patch_1 = require("fast-json-patch");
var errors_ts_1 = require("../../../lib/errors.ts");
var errors_ts_2 = require("../codec/errors.ts");
var errors_ts_3 = require("./errors.ts");
/** Applies operations to a copy of `doc` and returns it. */
function jsonPatch(doc, ops) {
    if (ops === null)
        ops = [];
    if (!Array.isArray(ops))
        throw (0, errors_ts_1.badRequest)("json: cannot unmarshal ".concat((0, errors_ts_2.goKind)(ops), " into Go value of type jsonpatch.Patch"));
    for (var _i = 0, ops_1 = ops; _i < ops_1.length; _i++) {
        var op = ops_1[_i];
        if (typeof op !== 'object' || op === null || Array.isArray(op))
            throw (0, errors_ts_1.badRequest)("json: cannot unmarshal ".concat((0, errors_ts_2.goKind)(op), " into Go value of type jsonpatch.Operation"));
    }
    if (ops.length > errors_ts_3.MAX_JSON_PATCH_OPERATIONS)
        throw (0, errors_ts_3.tooManyOperations)(ops.length);
    try {
        return fast_json_patch_1.default.applyPatch(structuredClone(doc), ops, true, true, true).newDocument;
    }
    catch (_a) {
        throw (0, errors_ts_3.patchNotApplicable)();
    }
}
