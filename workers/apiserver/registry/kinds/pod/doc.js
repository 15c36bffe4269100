"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.fieldDoc = void 0;
var walk_ts_1 = require("../../../../../lib/schema/walk.ts");
/** The description a schema gives a field: Kubernetes uses field docs as Table column descriptions. */
var fieldDoc = function (schema, path) {
    var _a;
    var field = (0, walk_ts_1.at)(schema, path);
    return field ? ((_a = (0, walk_ts_1.shape)(field).doc) !== null && _a !== void 0 ? _a : '') : '';
};
exports.fieldDoc = fieldDoc;
