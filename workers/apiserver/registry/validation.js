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
exports.TOTAL_ANNOTATION_SIZE_LIMIT = void 0;
exports.dns1123Label = dns1123Label;
exports.dns1123Subdomain = dns1123Subdomain;
exports.dns1035Label = dns1035Label;
exports.labelValue = labelValue;
exports.qualifiedName = qualifiedName;
exports.pathSegmentName = pathSegmentName;
exports.validateName = validateName;
exports.validateLabels = validateLabels;
exports.validateAnnotations = validateAnnotations;
exports.validateLabelSelector = validateLabelSelector;
exports.validateOwnerReferences = validateOwnerReferences;
exports.validateFinalizers = validateFinalizers;
exports.validateObjectMeta = validateObjectMeta;
exports.immutable = immutable;
exports.validateObjectMetaUpdate = validateObjectMetaUpdate;
exports.configMapKey = configMapKey;
/**
 * Kubernetes' shared validation (apimachinery util/validation, api/validation/objectmeta.go,
 * meta/v1/validation), with its exact messages: shared/reference/errors-validation-defaults.md §3.
 * The name checks return message lists, as Go's IsDNS1123Label and friends do; the ObjectMeta
 * checks return FieldErrors at Kubernetes' field paths.
 */
var errors_ts_1 = require("../../../lib/errors.ts");
var maxLen = function (n) { return "must be no more than ".concat(n, " characters"); };
/** Go's RegexError: note the double space before "or" when there are several examples. */
var regexError = function (msg, re) {
    var examples = [];
    for (var _i = 2; _i < arguments.length; _i++) {
        examples[_i - 2] = arguments[_i];
    }
    return examples.length === 0
        ? "".concat(msg, " (regex used for validation is '").concat(re, "')")
        : "".concat(msg, " (e.g. ").concat(examples.map(function (e) { return "'".concat(e, "', "); }).join(' or '), "regex used for validation is '").concat(re, "')");
};
var DNS1123_LABEL = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
var DNS1123_SUBDOMAIN = "".concat(DNS1123_LABEL, "(\\.").concat(DNS1123_LABEL, ")*");
var DNS1035_LABEL = '[a-z]([-a-z0-9]*[a-z0-9])?';
var QUALIFIED_NAME = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
var LABEL_VALUE = "(".concat(QUALIFIED_NAME, ")?");
var full = function (re) { return new RegExp("^(?:".concat(re, ")$")); };
var reDns1123Label = full(DNS1123_LABEL);
var reDns1123Subdomain = full(DNS1123_SUBDOMAIN);
var reDns1035Label = full(DNS1035_LABEL);
var reQualifiedName = full(QUALIFIED_NAME);
var reLabelValue = full(LABEL_VALUE);
var SUBDOMAIN_MSG = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
var LABEL_MSG = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
var DNS1035_MSG = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
var QUALIFIED_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
var LABEL_VALUE_MSG = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
function dns1123Label(v) {
    var errs = [];
    if (v.length > 63)
        errs.push(maxLen(63));
    if (!reDns1123Label.test(v)) {
        // a valid subdomain that is not a label can only be failing because of its dots
        errs.push(reDns1123Subdomain.test(v) ? 'must not contain dots' : regexError(LABEL_MSG, DNS1123_LABEL, 'my-name', '123-abc'));
    }
    return errs;
}
function dns1123Subdomain(v) {
    var errs = [];
    if (v.length > 253)
        errs.push(maxLen(253));
    if (!reDns1123Subdomain.test(v))
        errs.push(regexError(SUBDOMAIN_MSG, DNS1123_SUBDOMAIN, 'example.com'));
    return errs;
}
function dns1035Label(v) {
    var errs = [];
    if (v.length > 63)
        errs.push(maxLen(63));
    if (!reDns1035Label.test(v))
        errs.push(regexError(DNS1035_MSG, DNS1035_LABEL, 'my-name', 'abc-123'));
    return errs;
}
function labelValue(v) {
    var errs = [];
    if (v.length > 63)
        errs.push(maxLen(63));
    if (!reLabelValue.test(v))
        errs.push(regexError(LABEL_VALUE_MSG, LABEL_VALUE, 'MyValue', 'my_value', '12345'));
    return errs;
}
/** A label key, annotation key or finalizer: `[prefix/]name`, prefix a DNS-1123 subdomain. */
function qualifiedName(v) {
    var errs = [];
    var parts = v.split('/');
    var name;
    if (parts.length === 1)
        name = parts[0];
    else if (parts.length === 2) {
        var prefix = parts[0];
        name = parts[1];
        if (prefix.length === 0)
            errs.push('prefix part must be non-empty');
        else
            errs.push.apply(errs, dns1123Subdomain(prefix).map(function (m) { return "prefix part ".concat(m); }));
    }
    else {
        return [
            "a qualified name ".concat(regexError(QUALIFIED_MSG, QUALIFIED_NAME, 'MyName', 'my.name', '123-abc'), " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"),
        ];
    }
    if (name.length === 0)
        errs.push('name part must be non-empty');
    else if (name.length > 63)
        errs.push("name part ".concat(maxLen(63)));
    if (!reQualifiedName.test(name))
        errs.push("name part ".concat(regexError(QUALIFIED_MSG, QUALIFIED_NAME, 'MyName', 'my.name', '123-abc')));
    return errs;
}
/** Object names that must be usable as one URL path segment (kinds without a DNS rule). */
function pathSegmentName(v, prefix) {
    if (prefix === void 0) { prefix = false; }
    if (!prefix && (v === '.' || v === '..'))
        return ["may not be '".concat(v, "'")];
    return ['/', '%'].filter(function (c) { return v.includes(c); }).map(function (c) { return "may not contain '".concat(c, "'"); });
}
/**
 * Go's maskTrailingDash: a generateName may end in '-' since random characters follow it. (Go
 * drops two characters before appending 'a'; kept as is so the same prefixes pass.)
 */
var maskTrailingDash = function (v) { return (v.length > 1 && v.endsWith('-') ? v.slice(0, -2) + 'a' : v); };
var NAME_RULES = {
    subdomain: dns1123Subdomain,
    label: dns1123Label,
    dns1035: dns1035Label,
    'path-segment': function (v) { return pathSegmentName(v); },
};
/** The name rule of a kind; `prefix` checks a generateName. */
function validateName(rule, v, prefix) {
    if (prefix === void 0) { prefix = false; }
    if (prefix && rule === 'path-segment')
        return pathSegmentName(v, true);
    return NAME_RULES[rule](prefix ? maskTrailingDash(v) : v);
}
/** Label keys are qualified names, values label values; errors sit at the map's path, no key. */
function validateLabels(labels, path) {
    var errs = [];
    for (var _i = 0, _a = Object.entries(labels !== null && labels !== void 0 ? labels : {}); _i < _a.length; _i++) {
        var _b = _a[_i], k = _b[0], val = _b[1];
        for (var _c = 0, _d = qualifiedName(k); _c < _d.length; _c++) {
            var m = _d[_c];
            errs.push(errors_ts_1.fieldErr.invalid(path, k, m));
        }
        for (var _e = 0, _f = labelValue(val); _e < _f.length; _e++) {
            var m = _f[_e];
            errs.push(errors_ts_1.fieldErr.invalid(path, val, m));
        }
    }
    return errs;
}
exports.TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;
var utf8 = new TextEncoder();
/** Annotation keys are qualified names (case-insensitive); keys and values total at most 256 KiB. */
function validateAnnotations(ann, path) {
    var errs = [];
    var size = 0;
    for (var _i = 0, _a = Object.entries(ann !== null && ann !== void 0 ? ann : {}); _i < _a.length; _i++) {
        var _b = _a[_i], k = _b[0], val = _b[1];
        for (var _c = 0, _d = qualifiedName(k.toLowerCase()); _c < _d.length; _c++) {
            var m = _d[_c];
            errs.push(errors_ts_1.fieldErr.invalid(path, k, m));
        }
        size += utf8.encode(k).length + utf8.encode(val).length;
    }
    if (size > exports.TOTAL_ANNOTATION_SIZE_LIMIT)
        errs.push(errors_ts_1.fieldErr.tooLong(path, exports.TOTAL_ANNOTATION_SIZE_LIMIT));
    return errs;
}
function validateLabelSelector(sel, path) {
    var _a;
    if (!sel)
        return [];
    var errs = validateLabels(sel.matchLabels, "".concat(path, ".matchLabels"));
    ((_a = sel.matchExpressions) !== null && _a !== void 0 ? _a : []).forEach(function (e, i) {
        var _a, _b, _c;
        var at = "".concat(path, ".matchExpressions[").concat(i, "]");
        var values = (_a = e.values) !== null && _a !== void 0 ? _a : [];
        if (e.operator === 'In' || e.operator === 'NotIn') {
            if (values.length === 0)
                errs.push(errors_ts_1.fieldErr.required("".concat(at, ".values"), "must be specified when `operator` is 'In' or 'NotIn'"));
        }
        else if (e.operator === 'Exists' || e.operator === 'DoesNotExist') {
            if (values.length > 0)
                errs.push(errors_ts_1.fieldErr.forbidden("".concat(at, ".values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        }
        else {
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".operator"), e.operator, 'not a valid selector operator'));
        }
        for (var _i = 0, _d = qualifiedName((_b = e.key) !== null && _b !== void 0 ? _b : ''); _i < _d.length; _i++) {
            var m = _d[_i];
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".key"), (_c = e.key) !== null && _c !== void 0 ? _c : '', m));
        }
        values.forEach(function (val, j) {
            for (var _i = 0, _a = labelValue(val); _i < _a.length; _i++) {
                var m = _a[_i];
                errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".values[").concat(j, "]"), val, m));
            }
        });
    });
    return errs;
}
/** `apps/v1` → version v1; `v1` → v1; more than one slash is unparsable (no version). */
var versionOf = function (apiVersion) {
    var parts = apiVersion.split('/');
    return parts.length === 1 ? parts[0] : parts.length === 2 ? parts[1] : '';
};
function validateOwnerReferences(refs, path) {
    var _a, _b, _c, _d;
    var errs = [];
    var firstController = '';
    for (var _i = 0, _e = refs !== null && refs !== void 0 ? refs : []; _i < _e.length; _i++) {
        var ref = _e[_i];
        var apiVersion = (_a = ref.apiVersion) !== null && _a !== void 0 ? _a : '';
        if (!versionOf(apiVersion))
            errs.push(errors_ts_1.fieldErr.invalid("".concat(path, ".apiVersion"), apiVersion, 'version must not be empty'));
        if (!ref.kind)
            errs.push(errors_ts_1.fieldErr.invalid("".concat(path, ".kind"), (_b = ref.kind) !== null && _b !== void 0 ? _b : '', 'must not be empty'));
        if (!ref.name)
            errs.push(errors_ts_1.fieldErr.invalid("".concat(path, ".name"), (_c = ref.name) !== null && _c !== void 0 ? _c : '', 'must not be empty'));
        if (!ref.uid)
            errs.push(errors_ts_1.fieldErr.invalid("".concat(path, ".uid"), (_d = ref.uid) !== null && _d !== void 0 ? _d : '', 'must not be empty'));
        if (apiVersion === 'v1' && ref.kind === 'Event')
            errs.push(errors_ts_1.fieldErr.invalid(path, ref, '/v1, Kind=Event is disallowed from being an owner'));
        if (ref.controller) {
            var current = "".concat(ref.kind, "/").concat(ref.name);
            if (firstController)
                errs.push(errors_ts_1.fieldErr.invalid(path, refs, "Only one reference can have Controller set to true. Found \"true\" in references for ".concat(firstController, " and ").concat(current)));
            else
                firstController = current;
        }
    }
    return errs;
}
function validateFinalizers(finalizers, path) {
    var list = finalizers !== null && finalizers !== void 0 ? finalizers : [];
    var errs = list.flatMap(function (f) { return qualifiedName(f).map(function (m) { return errors_ts_1.fieldErr.invalid(path, f, m); }); });
    if (list.includes('orphan') && list.includes('foregroundDeletion'))
        errs.push(errors_ts_1.fieldErr.invalid(path, list, 'finalizer orphan and foregroundDeletion cannot be both set'));
    return errs;
}
/** ValidateObjectMeta (create): name/generateName, namespace scope, generation, labels, annotations, owners, finalizers. */
function validateObjectMeta(obj, rules) {
    var _a, _b, _c, _d, _e;
    var m = (_a = obj.metadata) !== null && _a !== void 0 ? _a : {};
    var errs = [];
    var name = (_b = m.name) !== null && _b !== void 0 ? _b : '';
    var generateName = (_c = m.generateName) !== null && _c !== void 0 ? _c : '';
    if (generateName)
        for (var _i = 0, _f = validateName(rules.nameRule, generateName, true); _i < _f.length; _i++) {
            var msg = _f[_i];
            errs.push(errors_ts_1.fieldErr.invalid('metadata.generateName', generateName, msg));
        }
    if (!name) {
        if (!(rules.isCreate && generateName))
            errs.push(errors_ts_1.fieldErr.required('metadata.name', 'name or generateName is required'));
    }
    else {
        for (var _g = 0, _h = validateName(rules.nameRule, name); _g < _h.length; _g++) {
            var msg = _h[_g];
            errs.push(errors_ts_1.fieldErr.invalid('metadata.name', name, msg));
        }
    }
    var namespace = (_d = m.namespace) !== null && _d !== void 0 ? _d : '';
    if (rules.namespaced) {
        if (!namespace)
            errs.push(errors_ts_1.fieldErr.required('metadata.namespace'));
        else
            for (var _j = 0, _k = dns1123Label(namespace); _j < _k.length; _j++) {
                var msg = _k[_j];
                errs.push(errors_ts_1.fieldErr.invalid('metadata.namespace', namespace, msg));
            }
    }
    else if (namespace) {
        errs.push(errors_ts_1.fieldErr.forbidden('metadata.namespace', 'not allowed on this type'));
    }
    if (((_e = m.generation) !== null && _e !== void 0 ? _e : 0) < 0)
        errs.push(errors_ts_1.fieldErr.invalid('metadata.generation', m.generation, 'must be greater than or equal to 0'));
    errs.push.apply(errs, validateLabels(m.labels, 'metadata.labels'));
    errs.push.apply(errs, validateAnnotations(m.annotations, 'metadata.annotations'));
    errs.push.apply(errs, validateOwnerReferences(m.ownerReferences, 'metadata.ownerReferences'));
    errs.push.apply(errs, validateFinalizers(m.finalizers, 'metadata.finalizers'));
    return errs;
}
/** `<path>: Invalid value: <v>: field is immutable` when a value changed (absent and null are alike). */
function immutable(path, value, old) {
    var norm = function (x) { return (x === undefined || x === null ? null : x); };
    return JSON.stringify(norm(value)) === JSON.stringify(norm(old)) ? [] : [errors_ts_1.fieldErr.invalid(path, value !== null && value !== void 0 ? value : null, 'field is immutable')];
}
/**
 * The update-only part of ValidateObjectMetaUpdate: immutable fields, generation, no new
 * finalizers while deleting. The generic handler also runs validateObjectMeta on the new object
 * (labels, annotations, owners, finalizers), so those are not repeated here. The resourceVersion
 * rule is the handler's (unconditional updates).
 */
function validateObjectMetaUpdate(obj, old) {
    var _a, _b, _c, _d, _e, _f, _g;
    var m = (_a = obj.metadata) !== null && _a !== void 0 ? _a : {};
    var o = (_b = old.metadata) !== null && _b !== void 0 ? _b : {};
    var errs = [];
    if (o.deletionTimestamp) {
        var before_1 = new Set((_c = o.finalizers) !== null && _c !== void 0 ? _c : []);
        var added = __spreadArray([], new Set((_d = m.finalizers) !== null && _d !== void 0 ? _d : []), true).filter(function (f) { return !before_1.has(f); }).sort();
        if (added.length)
            errs.push(errors_ts_1.fieldErr.forbidden('metadata.finalizers', "no new finalizers can be added if the object is being deleted, found new finalizers []string{".concat(added.map(function (f) { return JSON.stringify(f); }).join(', '), "}")));
    }
    if (((_e = m.generation) !== null && _e !== void 0 ? _e : 0) < ((_f = o.generation) !== null && _f !== void 0 ? _f : 0))
        errs.push(errors_ts_1.fieldErr.invalid('metadata.generation', (_g = m.generation) !== null && _g !== void 0 ? _g : 0, 'must not be decremented'));
    for (var _i = 0, _h = ['name', 'namespace', 'uid', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds']; _i < _h.length; _i++) {
        var k = _h[_i];
        errs.push.apply(errs, immutable("metadata.".concat(k), m[k], o[k]));
    }
    return errs;
}
/** IsConfigMapKey: keys of ConfigMap.data/binaryData and Secret.data. */
function configMapKey(v) {
    var errs = [];
    if (v.length > 253)
        errs.push(maxLen(253));
    if (!/^[-._a-zA-Z0-9]+$/.test(v))
        errs.push(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", '[-._a-zA-Z0-9]+', 'key.name', 'KEY_NAME', 'key-name'));
    if (v === '.')
        errs.push("must not be '.'");
    else if (v === '..')
        errs.push("must not be '..'");
    else if (v.startsWith('..'))
        errs.push("must not start with '..'");
    return errs;
}
