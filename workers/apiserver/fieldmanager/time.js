"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.rfc3339Seconds = void 0;
/** managedFields times: RFC 3339 in UTC, whole seconds. */
var rfc3339Seconds = function (d) { return d.toISOString().replace(/\.\d+Z$/, 'Z'); };
exports.rfc3339Seconds = rfc3339Seconds;
