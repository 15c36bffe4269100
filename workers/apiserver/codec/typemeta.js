"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.checkTypeMeta = checkTypeMeta;
/**
 * apiVersion/kind of a body against the endpoint's. Missing parts are filled from the endpoint
 * (the serializer's gvkWithDefaults); a different group/version or kind is a 400.
 */
var errors_ts_1 = require("../../../lib/errors.ts");
var errors_ts_2 = require("./errors.ts");
var gv = function (group, version) { return (group ? "".concat(group, "/").concat(version) : version); };
function checkTypeMeta(apiVersion, kind, expected) {
    var _a;
    var _b = apiVersion.includes('/') ? apiVersion.split('/', 2) : ['', apiVersion], group = _b[0], version = _b[1];
    if (!version && !group)
        _a = [expected.group, expected.version], group = _a[0], version = _a[1];
    if (!version && group === expected.group)
        version = expected.version;
    var want = gv(expected.group, expected.version);
    if (gv(group, version) !== want)
        throw (0, errors_ts_1.badRequest)("the API version in the data (".concat(gv(group, version), ") does not match the expected API version (").concat(want, ")"));
    var bodyKind = kind || expected.kind;
    if (bodyKind !== expected.kind) {
        // Kubernetes decodes the other kind, then fails to convert it to the endpoint's internal type
        var pkg = expected.group ? expected.group.split('.')[0] : 'core';
        throw (0, errors_ts_2.cannotHandle)(bodyKind, version, expected.kind, "converting (".concat(version, ".").concat(bodyKind, ") to (").concat(pkg, ".").concat(expected.kind, "): unknown conversion"));
    }
    return { apiVersion: want, kind: expected.kind };
}
