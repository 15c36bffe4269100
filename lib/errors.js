"use strict";
var __extends = (this && this.__extends) || (function () {
    var extendStatics = function (d, b) {
        extendStatics = Object.setPrototypeOf ||
            ({ __proto__: [] } instanceof Array && function (d, b) { d.__proto__ = b; }) ||
            function (d, b) { for (var p in b) if (Object.prototype.hasOwnProperty.call(b, p)) d[p] = b[p]; };
        return extendStatics(d, b);
    };
    return function (d, b) {
        if (typeof b !== "function" && b !== null)
            throw new TypeError("Class extends value " + String(b) + " is not a constructor or null");
        extendStatics(d, b);
        function __() { this.constructor = d; }
        d.prototype = b === null ? Object.create(b) : (__.prototype = b.prototype, new __());
    };
})();
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
exports.fieldErr = exports.resourceNotFound = exports.internal = exports.timeout = exports.tooManyRequests = exports.expired = exports.tooLarge = exports.MAX_BODY_BYTES = exports.unsupportedMediaType = exports.notAcceptable = exports.methodNotAllowed = exports.badRequest = exports.unauthorized = exports.forbidden = exports.conflict = exports.CONFLICT_MODIFIED = exports.alreadyExists = exports.notFound = exports.StatusError = void 0;
exports.goValue = goValue;
exports.invalid = invalid;
exports.toStatusError = toStatusError;
var StatusError = /** @class */ (function (_super) {
    __extends(StatusError, _super);
    function StatusError(status) {
        var _this = _super.call(this, status.message) || this;
        _this.status = status;
        return _this;
    }
    Object.defineProperty(StatusError.prototype, "code", {
        get: function () {
            var _a;
            return (_a = this.status.code) !== null && _a !== void 0 ? _a : 500;
        },
        enumerable: false,
        configurable: true
    });
    return StatusError;
}(Error));
exports.StatusError = StatusError;
var qualified = function (r) { return (r.group ? "".concat(r.resource, ".").concat(r.group) : r.resource); };
function failure(code, reason, message, details) {
    var status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: message, reason: reason };
    if (details)
        status.details = details;
    status.code = code;
    return new StatusError(status);
}
var detailsFor = function (r, name) {
    var d = {};
    if (name !== undefined)
        d.name = name;
    if (r.group)
        d.group = r.group;
    d.kind = r.resource;
    return d;
};
var notFound = function (r, name) {
    return failure(404, 'NotFound', "".concat(qualified(r), " \"").concat(name, "\" not found"), detailsFor(r, name));
};
exports.notFound = notFound;
var alreadyExists = function (r, name) {
    return failure(409, 'AlreadyExists', "".concat(qualified(r), " \"").concat(name, "\" already exists"), detailsFor(r, name));
};
exports.alreadyExists = alreadyExists;
exports.CONFLICT_MODIFIED = 'the object has been modified; please apply your changes to the latest version and try again';
var conflict = function (r, name, err, causes) {
    if (err === void 0) { err = exports.CONFLICT_MODIFIED; }
    return failure(409, 'Conflict', "Operation cannot be fulfilled on ".concat(qualified(r), " \"").concat(name, "\": ").concat(err), __assign(__assign({}, detailsFor(r, name)), (causes ? { causes: causes } : {})));
};
exports.conflict = conflict;
var forbidden = function (r, name, err, causes) {
    var what = !r ? 'forbidden' : name ? "".concat(qualified(r), " \"").concat(name, "\" is forbidden") : "".concat(qualified(r), " is forbidden");
    var details = r ? detailsFor(r, name) : {};
    if (causes)
        details.causes = causes;
    return failure(403, 'Forbidden', "".concat(what, ": ").concat(err), details);
};
exports.forbidden = forbidden;
var unauthorized = function () { return failure(401, 'Unauthorized', 'Unauthorized'); };
exports.unauthorized = unauthorized;
var badRequest = function (message) { return failure(400, 'BadRequest', message); };
exports.badRequest = badRequest;
var methodNotAllowed = function (message) {
    if (message === void 0) { message = 'the server does not allow this method on the requested resource'; }
    return failure(405, 'MethodNotAllowed', message);
};
exports.methodNotAllowed = methodNotAllowed;
var notAcceptable = function (types) {
    return failure(406, 'NotAcceptable', "only the following media types are accepted: ".concat(types.join(', ')));
};
exports.notAcceptable = notAcceptable;
var unsupportedMediaType = function (types) {
    return failure(415, 'UnsupportedMediaType', "the body of the request was in an unknown format - accepted media types include: ".concat(types.join(', ')));
};
exports.unsupportedMediaType = unsupportedMediaType;
exports.MAX_BODY_BYTES = 3 * 1024 * 1024;
var tooLarge = function () { return failure(413, 'RequestEntityTooLarge', "Request entity too large: limit is ".concat(exports.MAX_BODY_BYTES)); };
exports.tooLarge = tooLarge;
var expired = function (message) { return failure(410, 'Expired', message); };
exports.expired = expired;
var tooManyRequests = function (message, retryAfterSeconds) {
    if (retryAfterSeconds === void 0) { retryAfterSeconds = 1; }
    return failure(429, 'TooManyRequests', message, { retryAfterSeconds: retryAfterSeconds });
};
exports.tooManyRequests = tooManyRequests;
var timeout = function (message) { return failure(504, 'Timeout', "Timeout: ".concat(message), {}); };
exports.timeout = timeout;
var internal = function (err) { return failure(500, 'InternalError', "Internal error occurred: ".concat(err), { causes: [{ message: err }] }); };
exports.internal = internal;
var resourceNotFound = function () { return failure(404, 'NotFound', 'the server could not find the requested resource', {}); };
exports.resourceNotFound = resourceNotFound;
/** Go's rendering of a value in field errors: strings quoted, numbers plain, maps/slices in %#v. */
function goValue(value) {
    if (value === null || value === undefined)
        return 'null';
    if (typeof value === 'string')
        return JSON.stringify(value);
    if (typeof value === 'number' || typeof value === 'boolean')
        return String(value);
    if (Array.isArray(value)) {
        if (value.every(function (x) { return typeof x === 'string'; }))
            return "[]string{".concat(value.map(function (x) { return JSON.stringify(x); }).join(', '), "}");
        return JSON.stringify(value);
    }
    if (typeof value === 'object') {
        var entries = Object.entries(value);
        if (entries.every(function (_a) {
            var x = _a[1];
            return typeof x === 'string';
        }))
            return "map[string]string{".concat(entries.sort(function (_a, _b) {
                var a = _a[0];
                var b = _b[0];
                return (a < b ? -1 : 1);
            }).map(function (_a) {
                var k = _a[0], x = _a[1];
                return "".concat(JSON.stringify(k), ":").concat(JSON.stringify(x));
            }).join(', '), "}");
        return JSON.stringify(value);
    }
    return String(value);
}
exports.fieldErr = {
    required: function (field, detail) {
        if (detail === void 0) { detail = ''; }
        return ({ type: 'FieldValueRequired', field: field, body: detail ? "Required value: ".concat(detail) : 'Required value' });
    },
    invalid: function (field, value, detail) { return ({ type: 'FieldValueInvalid', field: field, body: "Invalid value: ".concat(goValue(value), ": ").concat(detail) }); },
    forbidden: function (field, detail) { return ({ type: 'FieldValueForbidden', field: field, body: "Forbidden: ".concat(detail) }); },
    notSupported: function (field, value, supported) { return ({
        type: 'FieldValueNotSupported',
        field: field,
        body: "Unsupported value: ".concat(goValue(value), ": supported values: ").concat(supported.map(function (s) { return JSON.stringify(s); }).join(', ')),
    }); },
    duplicate: function (field, value) { return ({ type: 'FieldValueDuplicate', field: field, body: "Duplicate value: ".concat(goValue(value)) }); },
    tooLong: function (field, max) { return ({ type: 'FieldValueTooLong', field: field, body: "Too long: may not be more than ".concat(max, " bytes") }); },
    tooMany: function (field, n, max) { return ({ type: 'FieldValueTooMany', field: field, body: "Too many: ".concat(n, ": must have at most ").concat(max, " items") }); },
    notFound: function (field, value) { return ({ type: 'FieldValueNotFound', field: field, body: "Not found: ".concat(goValue(value)) }); },
};
/** 422 Invalid: `<Kind>[.group] "<name>" is invalid: <aggregate>`; details.kind is the Kind. */
function invalid(kind, name, errors) {
    var texts = __spreadArray([], new Set(errors.map(function (e) { return "".concat(e.field, ": ").concat(e.body); })), true);
    var aggregate = texts.length === 1 ? texts[0] : "[".concat(texts.join(', '), "]");
    var qualifiedKind = kind.group ? "".concat(kind.kind, ".").concat(kind.group) : kind.kind;
    var details = { name: name };
    if (kind.group)
        details.group = kind.group;
    details.kind = kind.kind;
    details.causes = errors.map(function (e) { return ({ reason: e.type, message: e.body, field: e.field }); });
    return failure(422, 'Invalid', "".concat(qualifiedKind, " \"").concat(name, "\" is invalid: ").concat(aggregate), details);
}
/** Any thrown value as a StatusError; unknown errors become 500 InternalError. */
function toStatusError(err) {
    if (err instanceof StatusError)
        return err;
    return (0, exports.internal)(err instanceof Error ? err.message : String(err));
}
