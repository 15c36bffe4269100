"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.goKind = exports.cannotHandle = exports.unrecognized = void 0;
exports.summarizeBody = summarizeBody;
exports.jsonSyntaxError = jsonSyntaxError;
/**
 * The 400s of body decoding, in Kubernetes' words (apiserver transformDecodeError): a body the
 * server cannot read a version/kind from is "unrecognized" and quoted; a body of a known kind
 * that does not decode "cannot be handled".
 */
var errors_ts_1 = require("../../../lib/errors.ts");
var hex = function (b) { return Array.from(b, function (x) { return x.toString(16).padStart(2, '0'); }).join(''); };
/** The body as Kubernetes quotes it: up to 30 bytes, hex-encoded unless it starts with `{`. */
function summarizeBody(body, max) {
    if (max === void 0) { max = 30; }
    if (body.length === 0)
        return '<empty>';
    var head = body.subarray(0, max);
    var text = body[0] === 0x7b ? new TextDecoder().decode(head) : hex(head);
    return body.length > max ? "".concat(text, " ...") : text;
}
var unrecognized = function (kind, err, body) {
    return (0, errors_ts_1.badRequest)("the object provided is unrecognized (must be of type ".concat(kind, "): ").concat(err, " (").concat(summarizeBody(body), ")"));
};
exports.unrecognized = unrecognized;
var cannotHandle = function (bodyKind, version, kind, err) {
    return (0, errors_ts_1.badRequest)("".concat(bodyKind, " in version ").concat(JSON.stringify(version), " cannot be handled as a ").concat(kind, ": ").concat(err));
};
exports.cannotHandle = cannotHandle;
/** Go's SyntaxError text does not say where; the cause does (kubectl prints only the message). */
function jsonSyntaxError(kind, e, body) {
    var err = (0, exports.unrecognized)(kind, "couldn't get version/kind; json parse error: ".concat(e.message), body);
    err.status.details = { causes: [{ reason: 'FieldValueInvalid', message: "".concat(e.message, " at line ").concat(e.line, ", column ").concat(e.column, " (byte ").concat(e.offset, ")"), field: 'body' }] };
    return err;
}
/** The Go kind of a JSON value in UnmarshalTypeError texts. */
var goKind = function (x) { return (Array.isArray(x) ? 'array' : x === null ? 'null' : typeof x === 'boolean' ? 'bool' : typeof x); };
exports.goKind = goKind;
