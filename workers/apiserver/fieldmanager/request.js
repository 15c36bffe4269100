"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.managerFromRequest = managerFromRequest;
exports.fieldManagerOptionsError = fieldManagerOptionsError;
/** Who a write is recorded under, and the request options Kubernetes checks before any apply. */
var errors_ts_1 = require("../../../lib/errors.ts");
var MAX_MANAGER_BYTES = 128;
/** Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
var PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
var utf8Length = function (s) { return new TextEncoder().encode(s).length; };
/**
 * The `fieldManager` query parameter, else the User-Agent up to its first `/`
 * (`kubectl/v1.32.0 (linux/amd64) ...` → `kubectl`), non-printable characters dropped, cut to
 * 128 bytes without splitting a character.
 */
function managerFromRequest(fieldManager, userAgent) {
    if (fieldManager)
        return fieldManager;
    var out = '';
    for (var _i = 0, _a = (userAgent !== null && userAgent !== void 0 ? userAgent : '').split('/')[0]; _i < _a.length; _i++) {
        var ch = _a[_i];
        if (!PRINTABLE.test(ch))
            continue;
        if (utf8Length(out) + utf8Length(ch) > MAX_MANAGER_BYTES)
            break;
        out += ch;
    }
    return out;
}
/**
 * Kubernetes' ValidateCreate/Update/PatchOptions for the field-manager options: `fieldManager`
 * required for apply, at most 128 bytes, printable; `force` only on apply. Returns the 422 to
 * throw, or undefined.
 */
function fieldManagerOptionsError(kind, opts) {
    var _a;
    var errs = [];
    var fm = (_a = opts.fieldManager) !== null && _a !== void 0 ? _a : '';
    if (kind === 'PatchOptions') {
        if (!opts.apply && opts.force !== undefined && opts.force !== null)
            errs.push(errors_ts_1.fieldErr.forbidden('force', 'may not be specified for non-apply patch'));
        if (opts.apply && !fm)
            errs.push(errors_ts_1.fieldErr.required('fieldManager', 'is required for apply patch'));
    }
    if (utf8Length(fm) > MAX_MANAGER_BYTES)
        errs.push(errors_ts_1.fieldErr.tooLong('fieldManager', MAX_MANAGER_BYTES));
    var i = 0;
    for (var _i = 0, fm_1 = fm; _i < fm_1.length; _i++) {
        var ch = fm_1[_i];
        if (!PRINTABLE.test(ch))
            errs.push(errors_ts_1.fieldErr.invalid('fieldManager', fm, "invalid character ".concat(codePoint(ch), " (at position ").concat(i, ")")));
        i += utf8Length(ch);
    }
    if (!errs.length)
        return undefined;
    var err = (0, errors_ts_1.invalid)({ group: 'meta.k8s.io', kind: kind }, '', errs);
    delete err.status.details.name; // Go omits the empty name
    return err;
}
/** Go's %#U of a non-printable rune: `U+0007`. */
var codePoint = function (ch) { return "U+".concat(ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')); };
