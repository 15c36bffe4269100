"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.keyOf = exports.splitKey = void 0;
var splitKey = function (key) {
    var i = key.indexOf('/');
    return i < 0 ? [undefined, key] : [key.slice(0, i), key.slice(i + 1)];
};
exports.splitKey = splitKey;
var keyOf = function (o) { return (o.metadata.namespace ? "".concat(o.metadata.namespace, "/").concat(o.metadata.name) : o.metadata.name); };
exports.keyOf = keyOf;
