"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.qualifiedNameErrors = qualifiedNameErrors;
exports.labelValueErrors = labelValueErrors;
/**
 * The two name checks selectors need, with apimachinery's validation texts (label keys are
 * qualified names, label values are label values). Kept here because selectors are shared by
 * every worker and must not depend on the apiserver's validation code.
 */
var QNAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
var QNAME_RE = new RegExp("^".concat(QNAME_FMT, "$"));
var QNAME_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
var LABEL_VALUE_FMT = "(".concat(QNAME_FMT, ")?");
var LABEL_VALUE_RE = new RegExp("^".concat(LABEL_VALUE_FMT, "$"));
var LABEL_VALUE_MSG = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
var SUBDOMAIN_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*';
var SUBDOMAIN_RE = new RegExp("^".concat(SUBDOMAIN_FMT, "$"));
var SUBDOMAIN_MSG = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
/** Go's validation.RegexError: note the two spaces before each "or". */
function regexError(msg, fmt) {
    var examples = [];
    for (var _i = 2; _i < arguments.length; _i++) {
        examples[_i - 2] = arguments[_i];
    }
    if (examples.length === 0)
        return "".concat(msg, " (regex used for validation is '").concat(fmt, "')");
    return "".concat(msg, " (e.g. ").concat(examples.map(function (e) { return "'".concat(e, "', "); }).join(' or '), "regex used for validation is '").concat(fmt, "')");
}
var maxLen = function (n) { return "must be no more than ".concat(n, " characters"); };
/** validation.IsQualifiedName: the error texts, empty when valid. */
function qualifiedNameErrors(value) {
    var errs = [];
    var parts = value.split('/');
    var name;
    if (parts.length === 1)
        name = parts[0];
    else if (parts.length === 2) {
        var prefix = parts[0];
        name = parts[1];
        if (prefix.length === 0)
            errs.push('prefix part must be non-empty');
        else {
            if (prefix.length > 253)
                errs.push("prefix part ".concat(maxLen(253)));
            if (!SUBDOMAIN_RE.test(prefix))
                errs.push("prefix part ".concat(regexError(SUBDOMAIN_MSG, SUBDOMAIN_FMT, 'example.com')));
        }
    }
    else {
        return [
            "a qualified name ".concat(regexError(QNAME_MSG, QNAME_FMT, 'MyName', 'my.name', '123-abc'), " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"),
        ];
    }
    if (name.length === 0)
        errs.push('name part must be non-empty');
    else if (name.length > 63)
        errs.push("name part ".concat(maxLen(63)));
    if (!QNAME_RE.test(name))
        errs.push("name part ".concat(regexError(QNAME_MSG, QNAME_FMT, 'MyName', 'my.name', '123-abc')));
    return errs;
}
/** validation.IsValidLabelValue: the error texts, empty when valid. */
function labelValueErrors(value) {
    var errs = [];
    if (value.length > 63)
        errs.push(maxLen(63));
    if (!LABEL_VALUE_RE.test(value))
        errs.push(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
    return errs;
}
