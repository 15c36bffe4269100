"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
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
exports.nodeStatusCell = nodeStatusCell;
exports.nodeRoles = nodeRoles;
/** core/v1 nodes (cluster-scoped; the node-agent writes status through nodes/status). */
var node_ts_1 = require("../../../../lib/api/core/node.ts");
var errors_ts_1 = require("../../../../lib/errors.ts");
var printing_ts_1 = require("../printing.ts");
var validation_ts_1 = require("../validation.ts");
var EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
var ROLE_PREFIX = 'node-role.kubernetes.io/';
var ROLE_LABEL = 'kubernetes.io/role';
/** Go's %#v of a Taint, as duplicate-taint errors print it. */
var taintValue = function (t) { var _a, _b, _c; return "core.Taint{Key:".concat(JSON.stringify((_a = t.key) !== null && _a !== void 0 ? _a : ''), ", Value:").concat(JSON.stringify((_b = t.value) !== null && _b !== void 0 ? _b : ''), ", Effect:").concat(JSON.stringify((_c = t.effect) !== null && _c !== void 0 ? _c : ''), ", TimeAdded:(*v1.Time)(nil)}"); };
function validateTaints(taints) {
    var errs = [];
    var seen = new Set();
    (taints !== null && taints !== void 0 ? taints : []).forEach(function (t, i) {
        var _a, _b, _c, _d;
        var at = "spec.taints[".concat(i, "]");
        for (var _i = 0, _e = (0, validation_ts_1.qualifiedName)((_a = t.key) !== null && _a !== void 0 ? _a : ''); _i < _e.length; _i++) {
            var m = _e[_i];
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".key"), (_b = t.key) !== null && _b !== void 0 ? _b : '', m));
        }
        var valueErrs = (0, validation_ts_1.labelValue)((_c = t.value) !== null && _c !== void 0 ? _c : '');
        if (valueErrs.length)
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".value"), (_d = t.value) !== null && _d !== void 0 ? _d : '', valueErrs.join(';')));
        if (!t.effect)
            errs.push(errors_ts_1.fieldErr.required("".concat(at, ".effect")));
        else if (!EFFECTS.includes(t.effect))
            errs.push(errors_ts_1.fieldErr.notSupported("".concat(at, ".effect"), t.effect, EFFECTS));
        var key = "".concat(t.effect, "\0").concat(t.key);
        if (seen.has(key))
            errs.push({ type: 'FieldValueDuplicate', field: at, body: "Duplicate value: ".concat(taintValue(t), ": taints must be unique by key and effect pair") });
        seen.add(key);
    });
    return errs;
}
/** podCIDR and providerID may be set once, never changed. */
function validateSetOnce(n, old) {
    var _a, _b, _c, _d;
    var errs = [];
    for (var _i = 0, _e = ['podCIDR', 'providerID']; _i < _e.length; _i++) {
        var f = _e[_i];
        var before = (_b = (_a = old.spec) === null || _a === void 0 ? void 0 : _a[f]) !== null && _b !== void 0 ? _b : '';
        if (before && ((_d = (_c = n.spec) === null || _c === void 0 ? void 0 : _c[f]) !== null && _d !== void 0 ? _d : '') !== before)
            errs.push(errors_ts_1.fieldErr.forbidden("spec.".concat(f), "node updates may not change ".concat(f, " except from \"\" to valid")));
    }
    return errs;
}
/** Ready / NotReady / Unknown, then SchedulingDisabled (printers.md §2.11). */
function nodeStatusCell(n) {
    var _a, _b, _c;
    var ready = ((_b = (_a = n.status) === null || _a === void 0 ? void 0 : _a.conditions) !== null && _b !== void 0 ? _b : []).filter(function (c) { return c.type === 'Ready'; }).at(-1);
    var parts = [ready ? (ready.status === 'True' ? 'Ready' : 'NotReady') : 'Unknown'];
    if ((_c = n.spec) === null || _c === void 0 ? void 0 : _c.unschedulable)
        parts.push('SchedulingDisabled');
    return parts.join(',');
}
function nodeRoles(n) {
    var _a;
    var roles = new Set();
    for (var _i = 0, _b = Object.entries((_a = n.metadata.labels) !== null && _a !== void 0 ? _a : {}); _i < _b.length; _i++) {
        var _c = _b[_i], k = _c[0], v = _c[1];
        if (k.startsWith(ROLE_PREFIX) && k.length > ROLE_PREFIX.length)
            roles.add(k.slice(ROLE_PREFIX.length));
        else if (k === ROLE_LABEL && v)
            roles.add(v);
    }
    return roles.size ? __spreadArray([], roles, true).sort().join(',') : '<none>';
}
var address = function (n, type) { var _a, _b, _c, _d; return (_d = (_c = (_b = (_a = n.status) === null || _a === void 0 ? void 0 : _a.addresses) === null || _b === void 0 ? void 0 : _b.find(function (a) { return a.type === type; })) === null || _c === void 0 ? void 0 : _c.address) !== null && _d !== void 0 ? _d : '<none>'; };
var desc = {
    group: '',
    version: 'v1',
    kind: 'Node',
    resource: 'nodes',
    singular: 'node',
    namespaced: false,
    shortNames: ['no'],
    schema: node_ts_1.node,
    openapiName: 'io.k8s.api.core.v1.Node',
    subresources: { status: true },
    nameRule: 'subdomain',
    defaults: function (n) {
        var _a;
        // SetDefaults_NodeStatus: allocatable falls back to capacity
        if (((_a = n.status) === null || _a === void 0 ? void 0 : _a.capacity) && !n.status.allocatable)
            n.status.allocatable = __assign({}, n.status.capacity);
    },
    validate: function (n) { var _a; return validateTaints((_a = n.spec) === null || _a === void 0 ? void 0 : _a.taints); },
    validateUpdate: validateSetOnce,
    table: {
        columns: [
            printing_ts_1.nameColumn,
            (0, printing_ts_1.column)('Status', 'string', 'The status of the node'),
            (0, printing_ts_1.column)('Roles', 'string', 'The roles of the node'),
            printing_ts_1.ageColumn,
            (0, printing_ts_1.column)('Version', 'string', 'Kubelet Version reported by the node.'),
            (0, printing_ts_1.column)('Internal-IP', 'string', 'List of addresses reachable to the node.', 1),
            (0, printing_ts_1.column)('External-IP', 'string', 'List of addresses reachable to the node.', 1),
            (0, printing_ts_1.column)('OS-Image', 'string', 'OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).', 1),
            (0, printing_ts_1.column)('Kernel-Version', 'string', "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).", 1),
            (0, printing_ts_1.column)('Container-Runtime', 'string', 'Container runtime version reported by the node through runtime remote API (e.g. containerd://1.4.2).', 1),
        ],
        cells: function (n, now) {
            var _a, _b;
            var info = (_a = n.status) === null || _a === void 0 ? void 0 : _a.nodeInfo;
            return [
                n.metadata.name,
                nodeStatusCell(n),
                nodeRoles(n),
                (0, printing_ts_1.age)(n.metadata.creationTimestamp, now),
                (_b = info === null || info === void 0 ? void 0 : info.kubeletVersion) !== null && _b !== void 0 ? _b : '',
                address(n, 'InternalIP'),
                address(n, 'ExternalIP'),
                (info === null || info === void 0 ? void 0 : info.osImage) || '<unknown>',
                (info === null || info === void 0 ? void 0 : info.kernelVersion) || '<unknown>',
                (info === null || info === void 0 ? void 0 : info.containerRuntimeVersion) || '<unknown>',
            ];
        },
    },
    fieldSelectors: { 'spec.unschedulable': function (n) { var _a; return String(!!((_a = n.spec) === null || _a === void 0 ? void 0 : _a.unschedulable)); } },
};
exports.default = desc;
