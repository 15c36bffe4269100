"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SERVED_TYPES = exports.TABLE_V1 = void 0;
exports.parseMediaType = parseMediaType;
exports.negotiate = negotiate;
/**
 * Content negotiation: which representation the client accepts (a meta.k8s.io Table or the plain
 * object, as JSON) and what the request body is.
 */
var errors_ts_1 = require("../../../lib/errors.ts");
exports.TABLE_V1 = 'application/json;as=Table;v=v1;g=meta.k8s.io';
exports.SERVED_TYPES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];
function parseMediaType(s) {
    var _a = s.split(';').map(function (x) { return x.trim(); }), type = _a[0], rest = _a.slice(1);
    var params = {};
    for (var _i = 0, rest_1 = rest; _i < rest_1.length; _i++) {
        var p = rest_1[_i];
        var i = p.indexOf('=');
        if (i > 0)
            params[p.slice(0, i).trim().toLowerCase()] = p.slice(i + 1).trim().replace(/^"|"$/g, '');
    }
    return { type: type.toLowerCase(), params: params };
}
/**
 * Picks the response representation from the Accept header, in the client's order. JSON is the
 * only wire format we write; protobuf-only clients get 406 (kubectl always offers JSON too).
 */
function negotiate(accept) {
    if (!accept)
        return { as: 'object' };
    for (var _i = 0, _a = accept.split(','); _i < _a.length; _i++) {
        var part = _a[_i];
        var m = parseMediaType(part);
        if (m.params.as === 'Table' && m.params.g === 'meta.k8s.io' && (m.params.v === 'v1' || m.params.v === 'v1beta1'))
            return { as: 'table', version: m.params.v };
        if (m.params.as)
            continue; // another transformation (PartialObjectMetadata...): fall through to plain JSON
        if (m.type === 'application/json' || m.type === '*/*' || m.type === 'application/*' || m.type === 'application/yaml')
            return { as: 'object' };
    }
    throw (0, errors_ts_1.notAcceptable)(exports.SERVED_TYPES);
}
