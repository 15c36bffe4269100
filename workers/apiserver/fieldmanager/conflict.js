"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.describeManager = describeManager;
exports.conflictError = conflictError;
/**
 * The 409 an apply gets when it would change fields other managers own, worded as Kubernetes
 * words it (kubectl adds its own advice about --force-conflicts below the message).
 */
var errors_ts_1 = require("../../../lib/errors.ts");
var path_ts_1 = require("./path.ts");
/** `"kubectl" with subresource "scale" using apps/v1`; Apply managers have no version. */
function describeManager(m) {
    var s = JSON.stringify(m.manager);
    if (m.subresource)
        s += " with subresource ".concat(JSON.stringify(m.subresource));
    if (m.operation === 'Update')
        s += " using ".concat(m.apiVersion);
    return s;
}
/** `conflicts` in manager-identifier order, each manager's paths in set order. */
function conflictError(conflicts) {
    var causes = conflicts.map(function (c) { return ({ reason: 'FieldManagerConflict', message: "conflict with ".concat(describeManager(c.manager)), field: (0, path_ts_1.pathString)(c.path) }); });
    var message;
    if (conflicts.length === 1) {
        message = "Apply failed with 1 conflict: conflict with ".concat(describeManager(conflicts[0].manager), ": ").concat((0, path_ts_1.pathString)(conflicts[0].path));
    }
    else {
        var lines = [];
        var last = void 0;
        for (var _i = 0, conflicts_1 = conflicts; _i < conflicts_1.length; _i++) {
            var c = conflicts_1[_i];
            if (c.id !== last)
                lines.push("conflicts with ".concat(describeManager(c.manager), ":"));
            last = c.id;
            lines.push("- ".concat((0, path_ts_1.pathString)(c.path)));
        }
        message = "Apply failed with ".concat(conflicts.length, " conflicts: ").concat(lines.join('\n'));
    }
    return new errors_ts_1.StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: message, reason: 'Conflict', details: { causes: causes }, code: 409 });
}
