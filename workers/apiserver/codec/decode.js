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
var __rest = (this && this.__rest) || function (s, e) {
    var t = {};
    for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p) && e.indexOf(p) < 0)
        t[p] = s[p];
    if (s != null && typeof Object.getOwnPropertySymbols === "function")
        for (var i = 0, p = Object.getOwnPropertySymbols(s); i < p.length; i++) {
            if (e.indexOf(p[i]) < 0 && Object.prototype.propertyIsEnumerable.call(s, p[i]))
                t[p[i]] = s[p[i]];
        }
    return t;
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
exports.checkTypeMeta = exports.summarizeBody = exports.unknownFields = void 0;
exports.decodeBody = decodeBody;
exports.parseJson = parseJson;
exports.parseYaml = parseYaml;
var errors_ts_1 = require("../../../lib/errors.ts");
var conform_ts_1 = require("./conform.ts");
var errors_ts_2 = require("./errors.ts");
var json_ts_1 = require("./json.ts");
var media_ts_1 = require("./media.ts");
var protobuf_ts_1 = require("./protobuf.ts");
var typemeta_ts_1 = require("./typemeta.ts");
var yaml_ts_1 = require("./yaml.ts");
var conform_ts_2 = require("./conform.ts");
Object.defineProperty(exports, "unknownFields", { enumerable: true, get: function () { return conform_ts_2.unknownFields; } });
var errors_ts_3 = require("./errors.ts");
Object.defineProperty(exports, "summarizeBody", { enumerable: true, get: function () { return errors_ts_3.summarizeBody; } });
var typemeta_ts_2 = require("./typemeta.ts");
Object.defineProperty(exports, "checkTypeMeta", { enumerable: true, get: function () { return typemeta_ts_2.checkTypeMeta; } });
var FIND_KIND_TYPE = 'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';
/** Type-checks, prunes and applies field validation to an already parsed JSON/YAML value. */
function finish(value, parseStrict, body, expected, fv) {
    var _a, _b, _c;
    if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
        throw (0, errors_ts_2.unrecognized)(expected.kind, "couldn't get version/kind; json parse error: json: cannot unmarshal ".concat((0, errors_ts_2.goKind)(value), " into Go value of type ").concat(FIND_KIND_TYPE), body);
    }
    var raw = (value !== null && value !== void 0 ? value : {});
    for (var _i = 0, _d = ['apiVersion', 'kind']; _i < _d.length; _i++) {
        var f = _d[_i];
        var x = raw[f];
        if (x !== undefined && x !== null && typeof x !== 'string') {
            throw (0, errors_ts_2.unrecognized)(expected.kind, "couldn't get version/kind; json parse error: json: cannot unmarshal ".concat((0, errors_ts_2.goKind)(x), " into Go struct field .").concat(f, " of type string"), body);
        }
    }
    var tm = (0, typemeta_ts_1.checkTypeMeta)((_a = raw.apiVersion) !== null && _a !== void 0 ? _a : '', (_b = raw.kind) !== null && _b !== void 0 ? _b : '', expected);
    var c = (0, conform_ts_1.conform)(raw, expected.schema, expected.kind);
    if (c.typeError)
        throw (0, errors_ts_2.cannotHandle)(expected.kind, expected.version, expected.kind, c.typeError);
    var strict = __spreadArray(__spreadArray([], parseStrict, true), c.unknown.map(function (u) { return "unknown field ".concat(JSON.stringify(u)); }), true);
    if (strict.length && fv === 'Strict')
        throw (0, errors_ts_2.cannotHandle)(expected.kind, expected.version, expected.kind, "strict decoding error: ".concat(strict.join(', ')));
    var object = __assign(__assign({}, c.value), tm);
    (_c = object.metadata) !== null && _c !== void 0 ? _c : (object.metadata = {});
    // warnings travel in HTTP headers: one line each
    return { object: reorder(object), warnings: fv === 'Warn' ? strict.map(function (w) { return w.replace(/\s*\n\s*/g, ' '); }) : [] };
}
/** apiVersion and kind first, as Kubernetes serialises objects. */
function reorder(o) {
    var apiVersion = o.apiVersion, kind = o.kind, rest = __rest(o, ["apiVersion", "kind"]);
    return __assign({ apiVersion: apiVersion, kind: kind }, rest);
}
/**
 * Decodes a create/update body for the endpoint's kind. Throws StatusError 400/415.
 * `schemaFor` resolves the schema of a protobuf envelope's type (default: `expected.schema`);
 * the envelope's apiVersion/kind must still be the endpoint's.
 */
function decodeBody(bytes, contentType, expected, fieldValidation, schemaFor) {
    var type = (0, media_ts_1.bodyType)(contentType);
    if (type === media_ts_1.PROTOBUF_TYPE)
        return { object: decodeProtobufBody(bytes, expected, schemaFor), warnings: [] };
    if (type === media_ts_1.JSON_TYPE) {
        var parsed_1;
        try {
            parsed_1 = (0, json_ts_1.readJson)(bytes, { duplicates: fieldValidation !== 'Ignore' });
        }
        catch (e) {
            if (e instanceof json_ts_1.JsonSyntaxError)
                throw (0, errors_ts_2.jsonSyntaxError)(expected.kind, e, bytes);
            throw e;
        }
        var dupes = parsed_1.duplicates.map(function (d) { return "duplicate field ".concat(JSON.stringify(d)); });
        return finish(parsed_1.value, dupes, bytes, expected, fieldValidation);
    }
    var parsed;
    try {
        parsed = (0, yaml_ts_1.readYaml)(bytes);
    }
    catch (e) {
        if (e instanceof yaml_ts_1.YamlSyntaxError)
            throw (0, errors_ts_2.unrecognized)(expected.kind, "error converting YAML to JSON: ".concat(e.message), bytes);
        throw e;
    }
    // Kubernetes reports YAML duplicates as one strict error naming every line
    return finish(parsed.value, parsed.duplicates ? [parsed.duplicates] : [], bytes, expected, fieldValidation);
}
function decodeProtobufBody(bytes, expected, schemaFor) {
    try {
        return (0, protobuf_ts_1.decodeProtobuf)(bytes, function (apiVersion, kind) {
            var _a;
            var tm = (0, typemeta_ts_1.checkTypeMeta)(apiVersion, kind, expected);
            return (_a = schemaFor === null || schemaFor === void 0 ? void 0 : schemaFor(tm.apiVersion, tm.kind)) !== null && _a !== void 0 ? _a : expected.schema;
        });
    }
    catch (e) {
        if (e instanceof protobuf_ts_1.ProtobufError)
            throw (0, errors_ts_2.unrecognized)(expected.kind, e.message, bytes);
        throw e;
    }
}
/** A JSON document's value, or 400 with Go's syntax error text. */
function parseJson(input) {
    try {
        return (0, json_ts_1.readJson)(input, { duplicates: false }).value;
    }
    catch (e) {
        if (e instanceof json_ts_1.JsonSyntaxError)
            throw (0, errors_ts_1.badRequest)(e.message);
        throw e;
    }
}
/** A YAML document's value (the first document), or 400 `error converting YAML to JSON: yaml: line N: ...`. */
function parseYaml(input) {
    try {
        return (0, yaml_ts_1.readYaml)(input).value;
    }
    catch (e) {
        if (e instanceof yaml_ts_1.YamlSyntaxError)
            throw (0, errors_ts_1.badRequest)("error converting YAML to JSON: ".concat(e.message));
        throw e;
    }
}
