"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.badStrategicPatch = exports.MAX_JSON_PATCH_OPERATIONS = void 0;
exports.patchNotApplicable = patchNotApplicable;
exports.tooManyOperations = tooManyOperations;
exports.goFormat = goFormat;
/**
 * The errors of applying a patch, as the apiserver reports them: a malformed patch is a 400, a
 * patch that cannot apply to the object is a 422 whose message (like Kubernetes') does not say why.
 */
var errors_ts_1 = require("../../../lib/errors.ts");
/** NewGenericServerResponse(422): what a failed JSON patch operation, or a list of lists, gets. */
function patchNotApplicable() {
    return new errors_ts_1.StatusError({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'the server rejected our request due to an error in our request',
        reason: 'Invalid',
        details: {},
        code: 422,
    });
}
exports.MAX_JSON_PATCH_OPERATIONS = 10000;
function tooManyOperations(n) {
    return new errors_ts_1.StatusError({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: "Request entity too large: The allowed maximum operations in a JSON patch is ".concat(exports.MAX_JSON_PATCH_OPERATIONS, ", got ").concat(n),
        reason: 'RequestEntityTooLarge',
        code: 413,
    });
}
/** A strategic merge patch the server cannot interpret (Kubernetes answers some of these with 500). */
var badStrategicPatch = function (message) { return (0, errors_ts_1.badRequest)(message); };
exports.badStrategicPatch = badStrategicPatch;
/** Go's %v of a decoded JSON value (map[k:v ...] with sorted keys, [a b]), for error texts. */
function goFormat(x) {
    if (x === null || x === undefined)
        return '<nil>';
    if (Array.isArray(x))
        return "[".concat(x.map(goFormat).join(' '), "]");
    if (typeof x === 'object')
        return "map[".concat(Object.keys(x)
            .sort()
            .map(function (k) { return "".concat(k, ":").concat(goFormat(x[k])); })
            .join(' '), "]");
    return String(x);
}
