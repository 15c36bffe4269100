"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.merge = merge;
var node_ts_1 = require("./node.ts");
var path_ts_1 = require("./path.ts");
var values_ts_1 = require("./values.ts");
/** `live` undefined: absent. `config` is never undefined. */
function merge(live, config, schema) {
    var node = (0, node_ts_1.ssaNode)(schema);
    if (node.kind === 'leaf' || live === undefined)
        return (0, values_ts_1.clone)(config);
    if (node.kind === 'struct' || node.kind === 'map') {
        if (!(0, node_ts_1.isObject)(live))
            return (0, values_ts_1.clone)(config);
        if (config === null)
            return Object.keys(live).length ? (0, values_ts_1.clone)(live) : null;
        if (!(0, node_ts_1.isObject)(config))
            return (0, values_ts_1.clone)(config);
        var out = {};
        for (var _i = 0, _a = Object.entries(live); _i < _a.length; _i++) {
            var _b = _a[_i], k = _b[0], x = _b[1];
            out[k] = k in config ? merge(x, config[k], fieldSchema(node, k)) : (0, values_ts_1.clone)(x);
        }
        for (var _c = 0, _d = Object.entries(config); _c < _d.length; _c++) {
            var _e = _d[_c], k = _e[0], x = _e[1];
            if (!(k in live))
                out[k] = (0, values_ts_1.clone)(x);
        }
        return out;
    }
    if (!Array.isArray(live))
        return (0, values_ts_1.clone)(config);
    if (config === null)
        return live.length ? (0, values_ts_1.clone)(live) : null;
    if (!Array.isArray(config))
        return (0, values_ts_1.clone)(config);
    return mergeItems(node, live, config);
}
var fieldSchema = function (node, k) { return (node.kind === 'struct' ? node.fields[k] : node.item); };
function keyed(node, items) {
    return items.map(function (item, i) {
        var e = (0, node_ts_1.itemElement)(node, item);
        // items without a key (only possible in a live object) never match anything
        return { key: typeof e === 'string' ? "#".concat(i) : (0, path_ts_1.serializeElement)(e), item: item };
    });
}
/**
 * The merged list keeps live-only items where they were and puts shared and new items in the
 * configuration's order: walking both lists, a live item the configuration also has waits until
 * it is the next shared item the configuration reaches.
 */
function mergeItems(node, liveItems, configItems) {
    var l = keyed(node, liveItems);
    var r = keyed(node, configItems);
    var liveByKey = new Map();
    for (var _i = 0, l_1 = l; _i < l_1.length; _i++) {
        var x = l_1[_i];
        if (!liveByKey.has(x.key))
            liveByKey.set(x.key, x.item);
    }
    var inConfig = new Set(r.map(function (x) { return x.key; }));
    var shared = r.filter(function (x) { return liveByKey.has(x.key); }).map(function (x) { return x.key; });
    var nextShared = 0;
    var done = new Set();
    var out = [];
    var take = function (x) {
        out.push(merge(liveByKey.get(x.key), x.item, node.item));
        done.add(x.key);
        if (shared[nextShared] === x.key)
            nextShared++;
    };
    var li = 0;
    var ri = 0;
    while (li < l.length || ri < r.length) {
        if (li < l.length && ri < r.length) {
            if (l[li].key === r[ri].key) {
                take(r[ri]);
                li++;
                ri++;
                continue;
            }
            var waiting = shared[nextShared];
            if (inConfig.has(l[li].key) && waiting !== undefined && waiting !== l[li].key) {
                li++;
                continue;
            }
        }
        if (li < l.length) {
            if (!inConfig.has(l[li].key)) {
                out.push((0, values_ts_1.clone)(l[li].item));
                li++;
                continue;
            }
            if (done.has(l[li].key)) {
                li++;
                continue;
            }
        }
        if (ri < r.length)
            take(r[ri++]);
        else
            li++;
    }
    return out;
}
