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
exports.validateTolerations = validateTolerations;
exports.validateAffinity = validateAffinity;
exports.validateTopologySpread = validateTopologySpread;
exports.validateDNSConfig = validateDNSConfig;
exports.validateHostAliases = validateHostAliases;
exports.validateGates = validateGates;
var errors_ts_1 = require("../../../../../lib/errors.ts");
var validation_ts_1 = require("../../validation.ts");
var messages_ts_1 = require("./messages.ts");
var EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
var SCHEDULE_ACTIONS = ['DoNotSchedule', 'ScheduleAnyway'];
var qualified = function (v, at) { return (0, validation_ts_1.qualifiedName)(v).map(function (m) { return errors_ts_1.fieldErr.invalid(at, v, m); }); };
/** Go's %#v of a core.Toleration, as the Exists-with-value error prints it. */
var goToleration = function (t) { var _a, _b, _c, _d; return "core.Toleration{Key:".concat(JSON.stringify((_a = t.key) !== null && _a !== void 0 ? _a : ''), ", Operator:").concat(JSON.stringify((_b = t.operator) !== null && _b !== void 0 ? _b : ''), ", Value:").concat(JSON.stringify((_c = t.value) !== null && _c !== void 0 ? _c : ''), ", Effect:").concat(JSON.stringify((_d = t.effect) !== null && _d !== void 0 ? _d : ''), ", TolerationSeconds:").concat(t.tolerationSeconds == null ? '(*int64)(nil)' : "(*int64)(".concat(t.tolerationSeconds, ")"), "}"); };
function validateTolerations(tolerations, at) {
    var errs = [];
    (tolerations !== null && tolerations !== void 0 ? tolerations : []).forEach(function (t, i) {
        var _a, _b, _c, _d, _e;
        var p = "".concat(at, "[").concat(i, "]");
        var key = (_a = t.key) !== null && _a !== void 0 ? _a : '';
        var op = (_b = t.operator) !== null && _b !== void 0 ? _b : '';
        if (key)
            errs.push.apply(errs, qualified(key, "".concat(p, ".key")));
        if (!key && op !== 'Exists')
            errs.push(errors_ts_1.fieldErr.invalid("".concat(p, ".operator"), op, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
        if (t.tolerationSeconds != null && t.effect !== 'NoExecute')
            errs.push(errors_ts_1.fieldErr.invalid("".concat(p, ".effect"), (_c = t.effect) !== null && _c !== void 0 ? _c : '', "effect must be 'NoExecute' when `tolerationSeconds` is set"));
        if (op === 'Equal' || op === '') {
            var msgs = (0, validation_ts_1.labelValue)((_d = t.value) !== null && _d !== void 0 ? _d : '');
            if (msgs.length)
                errs.push(errors_ts_1.fieldErr.invalid("".concat(p, ".operator"), (_e = t.value) !== null && _e !== void 0 ? _e : '', msgs.join(';')));
        }
        else if (op === 'Exists') {
            if (t.value)
                errs.push({ type: 'FieldValueInvalid', field: "".concat(p, ".operator"), body: "Invalid value: ".concat(goToleration(t), ": value must be empty when `operator` is 'Exists'") });
        }
        else
            errs.push(errors_ts_1.fieldErr.notSupported("".concat(p, ".operator"), op, ['Equal', 'Exists']));
        if (t.effect && !EFFECTS.includes(t.effect))
            errs.push(errors_ts_1.fieldErr.notSupported("".concat(p, ".effect"), t.effect, EFFECTS));
    });
    return errs;
}
function validateNodeRequirement(rq, at) {
    var _a, _b, _c, _d;
    var errs = [];
    var n = (_b = (_a = rq.values) === null || _a === void 0 ? void 0 : _a.length) !== null && _b !== void 0 ? _b : 0;
    switch (rq.operator) {
        case 'In':
        case 'NotIn':
            if (n === 0)
                errs.push(errors_ts_1.fieldErr.required("".concat(at, ".values"), "must be specified when `operator` is 'In' or 'NotIn'"));
            break;
        case 'Exists':
        case 'DoesNotExist':
            if (n > 0)
                errs.push(errors_ts_1.fieldErr.forbidden("".concat(at, ".values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
            break;
        case 'Gt':
        case 'Lt':
            if (n !== 1)
                errs.push(errors_ts_1.fieldErr.required("".concat(at, ".values"), "must be specified single value when `operator` is 'Lt' or 'Gt'"));
            break;
        default:
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".operator"), (_c = rq.operator) !== null && _c !== void 0 ? _c : '', 'not a valid selector operator'));
    }
    errs.push.apply(errs, qualified((_d = rq.key) !== null && _d !== void 0 ? _d : '', "".concat(at, ".key")));
    return errs;
}
function validateNodeSelectorTerm(term, at) {
    var _a, _b;
    return __spreadArray(__spreadArray([], ((_a = term.matchExpressions) !== null && _a !== void 0 ? _a : []).flatMap(function (rq, j) { return validateNodeRequirement(rq, "".concat(at, ".matchExpressions[").concat(j, "]")); }), true), ((_b = term.matchFields) !== null && _b !== void 0 ? _b : []).flatMap(function (rq, j) { return validateNodeRequirement(rq, "".concat(at, ".matchFields[").concat(j, "]")); }), true);
}
var validateWeight = function (w, at) { return (w != null && w >= 1 && w <= 100 ? [] : [errors_ts_1.fieldErr.invalid(at, w !== null && w !== void 0 ? w : 0, 'must be in the range 1-100')]); };
/** The schema types keep selector fields optional; validation reads them like meta's LabelSelector. */
var selector = function (s) { return s; };
function validatePodAffinityTerm(term, at) {
    var _a;
    var errs = __spreadArray(__spreadArray([], (0, validation_ts_1.validateLabelSelector)(selector(term.labelSelector), "".concat(at, ".labelSelector")), true), (0, validation_ts_1.validateLabelSelector)(selector(term.namespaceSelector), "".concat(at, ".namespaceSelector")), true);
    for (var _i = 0, _b = (_a = term.namespaces) !== null && _a !== void 0 ? _a : []; _i < _b.length; _i++) {
        var ns = _b[_i];
        for (var _c = 0, _d = (0, validation_ts_1.dns1123Subdomain)(ns); _c < _d.length; _c++) {
            var m = _d[_c];
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".namespace"), ns, m));
        }
    }
    if (!term.topologyKey)
        errs.push(errors_ts_1.fieldErr.required("".concat(at, ".topologyKey"), 'can not be empty'));
    else
        errs.push.apply(errs, qualified(term.topologyKey, "".concat(at, ".topologyKey")));
    return errs;
}
function validateAffinity(a, at) {
    var _a, _b, _c, _d, _e;
    if (!a)
        return [];
    var errs = [];
    var na = a.nodeAffinity;
    var required = na === null || na === void 0 ? void 0 : na.requiredDuringSchedulingIgnoredDuringExecution;
    if (required) {
        var rp_1 = "".concat(at, ".nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution");
        if (!((_a = required.nodeSelectorTerms) === null || _a === void 0 ? void 0 : _a.length))
            errs.push(errors_ts_1.fieldErr.required("".concat(rp_1, ".nodeSelectorTerms"), 'must have at least one node selector term'));
        ((_b = required.nodeSelectorTerms) !== null && _b !== void 0 ? _b : []).forEach(function (t, i) { return errs.push.apply(errs, validateNodeSelectorTerm(t, "".concat(rp_1, ".nodeSelectorTerms[").concat(i, "]"))); });
    }
    ((_c = na === null || na === void 0 ? void 0 : na.preferredDuringSchedulingIgnoredDuringExecution) !== null && _c !== void 0 ? _c : []).forEach(function (t, i) {
        var _a;
        var p = "".concat(at, ".nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[").concat(i, "]");
        errs.push.apply(errs, __spreadArray(__spreadArray([], validateWeight(t.weight, "".concat(p, ".weight")), false), validateNodeSelectorTerm((_a = t.preference) !== null && _a !== void 0 ? _a : {}, "".concat(p, ".preference")), false));
    });
    var _loop_1 = function (kind) {
        var pa = a[kind];
        ((_d = pa === null || pa === void 0 ? void 0 : pa.requiredDuringSchedulingIgnoredDuringExecution) !== null && _d !== void 0 ? _d : []).forEach(function (t, i) {
            return errs.push.apply(errs, validatePodAffinityTerm(t, "".concat(at, ".").concat(kind, ".requiredDuringSchedulingIgnoredDuringExecution[").concat(i, "]")));
        });
        ((_e = pa === null || pa === void 0 ? void 0 : pa.preferredDuringSchedulingIgnoredDuringExecution) !== null && _e !== void 0 ? _e : []).forEach(function (t, i) {
            var _a;
            var p = "".concat(at, ".").concat(kind, ".preferredDuringSchedulingIgnoredDuringExecution[").concat(i, "]");
            errs.push.apply(errs, __spreadArray(__spreadArray([], validateWeight(t.weight, "".concat(p, ".weight")), false), validatePodAffinityTerm((_a = t.podAffinityTerm) !== null && _a !== void 0 ? _a : {}, "".concat(p, ".podAffinityTerm")), false));
        });
    };
    for (var _i = 0, _f = ['podAffinity', 'podAntiAffinity']; _i < _f.length; _i++) {
        var kind = _f[_i];
        _loop_1(kind);
    }
    return errs;
}
function validateTopologySpread(constraints, at) {
    var errs = [];
    var list = constraints !== null && constraints !== void 0 ? constraints : [];
    list.forEach(function (c, i) {
        var _a, _b, _c, _d, _e, _f, _g;
        var p = "".concat(at, "[").concat(i, "]");
        if (((_a = c.maxSkew) !== null && _a !== void 0 ? _a : 0) <= 0)
            errs.push(errors_ts_1.fieldErr.invalid("".concat(p, ".maxSkew"), (_b = c.maxSkew) !== null && _b !== void 0 ? _b : 0, messages_ts_1.NOT_POSITIVE));
        if (!c.topologyKey)
            errs.push(errors_ts_1.fieldErr.required("".concat(p, ".topologyKey"), 'can not be empty'));
        if (!SCHEDULE_ACTIONS.includes((_c = c.whenUnsatisfiable) !== null && _c !== void 0 ? _c : ''))
            errs.push(errors_ts_1.fieldErr.notSupported("".concat(p, ".whenUnsatisfiable"), (_d = c.whenUnsatisfiable) !== null && _d !== void 0 ? _d : '', SCHEDULE_ACTIONS));
        if (list.slice(i + 1).some(function (o) { return o.topologyKey === c.topologyKey && o.whenUnsatisfiable === c.whenUnsatisfiable; }))
            errs.push(errors_ts_1.fieldErr.duplicate("".concat(p, ".{topologyKey, whenUnsatisfiable}"), "{".concat((_e = c.topologyKey) !== null && _e !== void 0 ? _e : '', ", ").concat((_f = c.whenUnsatisfiable) !== null && _f !== void 0 ? _f : '', "}")));
        if (c.minDomains != null) {
            if (c.minDomains <= 0)
                errs.push(errors_ts_1.fieldErr.invalid("".concat(p, ".minDomains"), c.minDomains, messages_ts_1.NOT_POSITIVE));
            else if (c.whenUnsatisfiable !== 'DoNotSchedule')
                errs.push(errors_ts_1.fieldErr.invalid("".concat(p, ".minDomains"), c.minDomains, "can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ".concat((_g = c.whenUnsatisfiable) !== null && _g !== void 0 ? _g : '')));
        }
        errs.push.apply(errs, (0, validation_ts_1.validateLabelSelector)(selector(c.labelSelector), "".concat(p, ".labelSelector")));
    });
    return errs;
}
function validateDNSConfig(spec, at) {
    var _a, _b, _c;
    var cfg = spec.dnsConfig;
    var none = spec.dnsPolicy === 'None';
    if (!cfg)
        return none ? [errors_ts_1.fieldErr.required(at, 'must provide `dnsConfig` when `dnsPolicy` is None')] : [];
    var errs = [];
    var ns = (_a = cfg.nameservers) !== null && _a !== void 0 ? _a : [];
    if (ns.length > 3)
        errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".nameservers"), ns, 'must not have more than 3 nameservers'));
    ns.forEach(function (ip, i) {
        for (var _i = 0, _a = (0, messages_ts_1.ipAddress)(ip); _i < _a.length; _i++) {
            var m = _a[_i];
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".nameservers[").concat(i, "]"), ip, m));
        }
    });
    if (none && ns.length === 0)
        errs.push(errors_ts_1.fieldErr.required("".concat(at, ".nameservers"), 'must provide at least one DNS nameserver when `dnsPolicy` is None'));
    if (((_b = cfg.searches) !== null && _b !== void 0 ? _b : []).length > 32)
        errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".searches"), cfg.searches, 'must not have more than 32 search paths'));
    ((_c = cfg.options) !== null && _c !== void 0 ? _c : []).forEach(function (o, i) {
        if (!o.name)
            errs.push(errors_ts_1.fieldErr.required("".concat(at, ".options[").concat(i, "]"), 'Option.Name must not be empty'));
    });
    return errs;
}
function validateHostAliases(aliases, at) {
    var errs = [];
    (aliases !== null && aliases !== void 0 ? aliases : []).forEach(function (a, i) {
        var _a, _b, _c;
        for (var _i = 0, _d = (0, messages_ts_1.ipAddress)((_a = a.ip) !== null && _a !== void 0 ? _a : ''); _i < _d.length; _i++) {
            var m = _d[_i];
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, "[").concat(i, "].ip"), (_b = a.ip) !== null && _b !== void 0 ? _b : '', m));
        }
        ((_c = a.hostnames) !== null && _c !== void 0 ? _c : []).forEach(function (h, j) {
            for (var _i = 0, _a = (0, validation_ts_1.dns1123Subdomain)(h); _i < _a.length; _i++) {
                var m = _a[_i];
                errs.push(errors_ts_1.fieldErr.invalid("".concat(at, "[").concat(i, "].hostnames[").concat(j, "]"), h, m));
            }
        });
    });
    return errs;
}
function validateGates(spec, at) {
    var _a, _b;
    var errs = [];
    ((_a = spec.readinessGates) !== null && _a !== void 0 ? _a : []).forEach(function (g, i) { var _a; return errs.push.apply(errs, qualified((_a = g.conditionType) !== null && _a !== void 0 ? _a : '', "".concat(at, ".readinessGates[").concat(i, "].conditionType"))); });
    var seen = new Set();
    ((_b = spec.schedulingGates) !== null && _b !== void 0 ? _b : []).forEach(function (g, i) {
        var _a, _b, _c, _d;
        var p = "".concat(at, ".schedulingGates[").concat(i, "]");
        errs.push.apply(errs, qualified((_a = g.name) !== null && _a !== void 0 ? _a : '', p));
        if (seen.has((_b = g.name) !== null && _b !== void 0 ? _b : ''))
            errs.push(errors_ts_1.fieldErr.duplicate(p, (_c = g.name) !== null && _c !== void 0 ? _c : ''));
        seen.add((_d = g.name) !== null && _d !== void 0 ? _d : '');
    });
    return errs;
}
