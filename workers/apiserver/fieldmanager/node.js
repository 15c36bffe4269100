"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isObject = exports.keptWhenEmpty = void 0;
exports.ssaNode = ssaNode;
exports.itemElement = itemElement;
var walk_ts_1 = require("../../../lib/schema/walk.ts");
var path_ts_1 = require("./path.ts");
var LEAF = { kind: 'leaf' };
var nodes = new WeakMap();
/** `undefined` (a field the schema does not declare) is an atomic leaf. */
function ssaNode(schema) {
    if (!schema)
        return LEAF;
    var node = nodes.get(schema);
    if (!node)
        nodes.set(schema, (node = describe(schema)));
    return node;
}
function describe(schema) {
    var _a, _b, _c;
    var s = (0, walk_ts_1.shape)(schema);
    var m = s.meta;
    switch (s.kind) {
        case 'object':
            return m.structType === 'atomic' ? LEAF : { kind: 'struct', fields: s.entries, value: !m.ptr };
        case 'record':
            return m.mapType === 'atomic' ? LEAF : { kind: 'map', item: s.value };
        case 'array': {
            var type = (_a = m.listType) !== null && _a !== void 0 ? _a : (((_b = m.patchStrategy) === null || _b === void 0 ? void 0 : _b.startsWith('merge')) ? (m.patchMergeKey ? 'map' : 'set') : 'atomic');
            if (type === 'map')
                return { kind: 'list', item: s.item, keys: (_c = m.listMapKeys) !== null && _c !== void 0 ? _c : (m.patchMergeKey ? [m.patchMergeKey] : []) };
            if (type === 'set')
                return { kind: 'set', item: s.item };
            return LEAF;
        }
        default:
            return LEAF;
    }
}
/** Go fields without omitempty that are nil slices or maps render as `null`, not absent. */
var keptWhenEmpty = function (schema) { return !!schema && !!(0, walk_ts_1.shape)(schema).meta.keep; };
exports.keptWhenEmpty = keptWhenEmpty;
/**
 * Key fields the OpenAPI schema defaults, so an item that omits them still has a key
 * (ContainerPort, ServicePort and EndpointPort `protocol`).
 */
var KEY_DEFAULTS = { protocol: 'TCP' };
var isObject = function (x) { return x !== null && typeof x === 'object' && !Array.isArray(x); };
exports.isObject = isObject;
/** The path element of a list item, or the reason it has none (structured-merge-diff wording). */
function itemElement(node, item) {
    var _a;
    if (node.kind === 'set') {
        if ((0, exports.isObject)(item) || Array.isArray(item))
            return "associative list without keys has an element that's a map type";
        return { value: item };
    }
    if (!(0, exports.isObject)(item))
        return 'associative list with keys has an element that is not a map type';
    var fields = [];
    for (var _i = 0, _b = node.keys; _i < _b.length; _i++) {
        var k = _b[_i];
        var value = (_a = item[k]) !== null && _a !== void 0 ? _a : KEY_DEFAULTS[k];
        if (value === undefined || value === null)
            return "associative list with keys has an element that omits key field ".concat(JSON.stringify(k), " (and doesn't have default value)");
        fields.push([k, value]);
    }
    return (0, path_ts_1.keyElement)(fields);
}
