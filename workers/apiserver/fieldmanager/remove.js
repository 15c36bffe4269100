"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.removeItems = removeItems;
var node_ts_1 = require("./node.ts");
function removeItems(obj, set, schema) {
    if (set.isEmpty())
        return obj;
    var node = (0, node_ts_1.ssaNode)(schema);
    if ((node.kind === 'struct' || node.kind === 'map') && (0, node_ts_1.isObject)(obj)) {
        var out = {};
        for (var _i = 0, _a = Object.entries(obj); _i < _a.length; _i++) {
            var _b = _a[_i], k = _b[0], x = _b[1];
            var e = { field: k };
            var childSchema = node.kind === 'struct' ? node.fields[k] : node.item;
            if (set.hasMember(e)) {
                if (node.kind === 'struct' && isValueStruct(childSchema))
                    out[k] = {};
                continue;
            }
            var kept = removeItems(x, set.child(e), childSchema);
            if (kept !== undefined)
                out[k] = kept;
        }
        return emptied(obj, out, node.kind === 'struct' && node.value);
    }
    if ((node.kind === 'list' || node.kind === 'set') && Array.isArray(obj)) {
        var out = [];
        for (var _c = 0, obj_1 = obj; _c < obj_1.length; _c++) {
            var item = obj_1[_c];
            var e = (0, node_ts_1.itemElement)(node, item);
            if (typeof e === 'string')
                out.push(item);
            else if (!set.hasMember(e))
                out.push(removeItems(item, set.child(e), node.item));
        }
        return obj.length && !out.length ? undefined : out;
    }
    return obj;
}
var isValueStruct = function (schema) {
    var n = (0, node_ts_1.ssaNode)(schema);
    return n.kind === 'struct' && n.value;
};
function emptied(before, after, valueStruct) {
    if (Object.keys(after).length || !Object.keys(before).length || valueStruct)
        return after;
    return undefined;
}
