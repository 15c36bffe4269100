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
exports.BODY_TYPES = exports.PROTOBUF_TYPE = exports.YAML_TYPE = exports.JSON_TYPE = void 0;
exports.mediaType = mediaType;
exports.bodyType = bodyType;
/** Request body media types, as the apiserver negotiates them (charset and other parameters ignored). */
var errors_ts_1 = require("../../../lib/errors.ts");
exports.JSON_TYPE = 'application/json';
exports.YAML_TYPE = 'application/yaml';
exports.PROTOBUF_TYPE = 'application/vnd.kubernetes.protobuf';
/** What create/update accept, in Kubernetes' order (the 415 message lists them so). */
exports.BODY_TYPES = [exports.JSON_TYPE, exports.YAML_TYPE, exports.PROTOBUF_TYPE];
/** The bare media type; an absent Content-Type means JSON, as in Kubernetes. */
function mediaType(contentType) {
    var bare = (contentType !== null && contentType !== void 0 ? contentType : '').split(';')[0].trim().toLowerCase();
    return bare === '' ? exports.JSON_TYPE : bare;
}
/** The body type of a create/update request, or 415 UnsupportedMediaType. */
function bodyType(contentType) {
    var t = mediaType(contentType);
    if (exports.BODY_TYPES.includes(t))
        return t;
    throw (0, errors_ts_1.unsupportedMediaType)(__spreadArray([], exports.BODY_TYPES, true));
}
