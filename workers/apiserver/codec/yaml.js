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
Object.defineProperty(exports, "__esModule", { value: true });
exports.YamlSyntaxError = void 0;
exports.readYaml = readYaml;
/**
 * YAML request bodies. Kubernetes converts YAML to JSON (sigs.k8s.io/yaml) and decodes the JSON;
 * only the first document counts. Syntax errors read `yaml: line N: <parser message>`; repeated
 * keys are a strict decoding error (YAMLToJSONStrict) reported as Go's yaml unmarshal errors.
 * Parsed with the YAML 1.2 core schema plus `<<` merge keys.
 */
var yaml_1 = require("yaml");
var YamlSyntaxError = /** @class */ (function (_super) {
    __extends(YamlSyntaxError, _super);
    function YamlSyntaxError(message, line) {
        var _this = _super.call(this, message) || this;
        _this.line = line;
        return _this;
    }
    return YamlSyntaxError;
}(Error));
exports.YamlSyntaxError = YamlSyntaxError;
var decoder = new TextDecoder();
/** The parser's message without its `at line L, column C:` code frame. */
var firstLine = function (msg) { return msg.replace(/ at line \d+, column \d+:[\s\S]*$/, '').split('\n')[0]; };
/** Parses the first YAML document. Throws YamlSyntaxError (`yaml: line 3: ...`). */
function readYaml(input) {
    var _a, _b;
    var src = typeof input === 'string' ? input : decoder.decode(input);
    var docs = (0, yaml_1.parseAllDocuments)(src, { merge: true, prettyErrors: true });
    var doc = Array.isArray(docs) ? docs[0] : undefined;
    if (!doc)
        return { value: null };
    var dupes = doc.errors.filter(function (e) { return e.code === 'DUPLICATE_KEY'; });
    var fatal = doc.errors.find(function (e) { return e.code !== 'DUPLICATE_KEY'; });
    if (fatal) {
        var line = (_b = (_a = fatal.linePos) === null || _a === void 0 ? void 0 : _a[0].line) !== null && _b !== void 0 ? _b : 1;
        throw new YamlSyntaxError("yaml: line ".concat(line, ": ").concat(firstLine(fatal.message)), line);
    }
    var value;
    try {
        value = doc.toJS({ maxAliasCount: 100 });
    }
    catch (e) {
        throw new YamlSyntaxError("yaml: ".concat(e.message), 1);
    }
    if (!dupes.length)
        return { value: value };
    var lines = dupes.map(function (e) {
        var _a, _b, _c, _d;
        var key = (_b = (_a = /^("(?:[^"\\]|\\.)*"|'[^']*'|[^:\n]+?)\s*:/.exec(src.slice(e.pos[0]))) === null || _a === void 0 ? void 0 : _a[1]) !== null && _b !== void 0 ? _b : '';
        var name = /^["']/.test(key) ? key.slice(1, -1) : key;
        return "  line ".concat((_d = (_c = e.linePos) === null || _c === void 0 ? void 0 : _c[0].line) !== null && _d !== void 0 ? _d : 1, ": key ").concat(JSON.stringify(name), " already set in map");
    });
    return { value: value, duplicates: "error converting YAML to JSON: yaml: unmarshal errors:\n".concat(lines.join('\n')) };
}
