"use strict";
/**
 * JSON request bodies read the way Kubernetes' decoder (sigs.k8s.io/json, a fork of Go's
 * encoding/json) reads them: the same grammar, Go's syntax error texts, and the paths of
 * duplicate keys (a strict decoding error in Kubernetes; the last value wins).
 *
 * Values come from the native JSON.parse (fast); a small scanner that mirrors Go's state machine
 * runs beside it to find duplicate keys and, when JSON.parse fails, to name the error as Go does.
 */
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
exports.JsonSyntaxError = void 0;
exports.scanJson = scanJson;
exports.readJson = readJson;
var JsonSyntaxError = /** @class */ (function (_super) {
    __extends(JsonSyntaxError, _super);
    function JsonSyntaxError(message, 
    /** byte offset of the offending byte (Go's SyntaxError.Offset - 1) */
    offset, line, column) {
        var _this = _super.call(this, message) || this;
        _this.offset = offset;
        _this.line = line;
        _this.column = column;
        return _this;
    }
    return JsonSyntaxError;
}(Error));
exports.JsonSyntaxError = JsonSyntaxError;
var END = 'unexpected end of JSON input';
// keep a byte-order mark: Go rejects it, and so must we
var decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
var encoder = new TextEncoder();
/** Go's quoteChar: the offending byte, single-quoted, escaped like strconv.Quote. */
function quoteChar(b) {
    if (b === 0x27)
        return "'\\''";
    if (b === 0x22)
        return "'\"'";
    var esc = { 7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r', 0x5c: '\\\\' };
    if (esc[b])
        return "'".concat(esc[b], "'");
    if (b < 0x20 || b === 0x7f)
        return "'\\x".concat(b.toString(16).padStart(2, '0'), "'");
    if (b >= 0x80 && b < 0xa0)
        return "'\\u00".concat(b.toString(16).padStart(2, '0'), "'");
    if (b === 0xad)
        return "'\\u00ad'";
    return "'".concat(String.fromCharCode(b), "'");
}
var Scanner = /** @class */ (function () {
    function Scanner(b, trackKeys) {
        this.b = b;
        this.trackKeys = trackKeys;
        this.i = 0;
        this.duplicates = [];
    }
    Scanner.prototype.fail = function (what) {
        if (this.i >= this.b.length)
            this.error(END);
        this.error("invalid character ".concat(quoteChar(this.b[this.i]), " ").concat(what));
    };
    Scanner.prototype.error = function (message) {
        var at = Math.min(this.i, this.b.length);
        var line = 1;
        var last = -1;
        for (var k = 0; k < at; k++)
            if (this.b[k] === 0x0a)
                (line++, (last = k));
        throw new JsonSyntaxError(message, at, line, at - last);
    };
    Scanner.prototype.ws = function () {
        var b = this.b;
        while (this.i < b.length) {
            var c = b[this.i];
            if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d)
                return;
            this.i++;
        }
    };
    Scanner.prototype.document = function () {
        this.ws();
        this.value('');
        this.ws();
        if (this.i < this.b.length)
            this.fail('after top-level value');
    };
    Scanner.prototype.value = function (path) {
        if (this.i >= this.b.length)
            this.error(END);
        var c = this.b[this.i];
        switch (c) {
            case 0x7b:
                return this.object(path);
            case 0x5b:
                return this.array(path);
            case 0x22:
                this.i++;
                return this.string();
            case 0x74:
                return this.literal('true');
            case 0x66:
                return this.literal('false');
            case 0x6e:
                return this.literal('null');
            default:
                if (c === 0x2d || (c >= 0x30 && c <= 0x39))
                    return this.number();
                this.fail('looking for beginning of value');
        }
    };
    Scanner.prototype.object = function (path) {
        this.i++;
        this.ws();
        if (this.b[this.i] === 0x7d)
            return void this.i++;
        var seen = this.trackKeys ? new Set() : undefined;
        for (;;) {
            if (this.b[this.i] !== 0x22)
                this.fail('looking for beginning of object key string');
            var start = ++this.i;
            var escaped = this.string();
            if (seen) {
                var raw = decoder.decode(this.b.subarray(start, this.i - 1));
                var key = escaped ? JSON.parse("\"".concat(raw, "\"")) : raw;
                var child = path ? "".concat(path, ".").concat(key) : key;
                if (seen.has(key))
                    this.duplicates.push(child);
                seen.add(key);
                this.afterKey(child);
            }
            else
                this.afterKey('');
            this.ws();
            var c = this.b[this.i];
            if (c === 0x2c) {
                this.i++;
                this.ws();
                continue;
            }
            if (c === 0x7d)
                return void this.i++;
            this.fail('after object key:value pair');
        }
    };
    Scanner.prototype.afterKey = function (child) {
        this.ws();
        if (this.b[this.i] !== 0x3a)
            this.fail('after object key');
        this.i++;
        this.ws();
        this.value(child);
    };
    Scanner.prototype.array = function (path) {
        this.i++;
        this.ws();
        if (this.b[this.i] === 0x5d)
            return void this.i++;
        for (var n = 0;; n++) {
            this.value(this.trackKeys ? "".concat(path, "[").concat(n, "]") : '');
            this.ws();
            var c = this.b[this.i];
            if (c === 0x2c) {
                this.i++;
                this.ws();
                continue;
            }
            if (c === 0x5d)
                return void this.i++;
            this.fail('after array element');
        }
    };
    /** After the opening quote; returns whether the string had escapes. */
    Scanner.prototype.string = function () {
        var b = this.b;
        var escaped = false;
        for (;;) {
            if (this.i >= b.length)
                this.error(END);
            var c = b[this.i];
            if (c === 0x22) {
                this.i++;
                return escaped;
            }
            if (c === 0x5c) {
                escaped = true;
                this.i++;
                if (this.i >= b.length)
                    this.error(END);
                var e = b[this.i];
                if (e === 0x75) {
                    for (var k = 0; k < 4; k++) {
                        this.i++;
                        if (this.i >= b.length)
                            this.error(END);
                        var h = b[this.i];
                        var hex = (h >= 0x30 && h <= 0x39) || (h >= 0x41 && h <= 0x46) || (h >= 0x61 && h <= 0x66);
                        if (!hex)
                            this.fail('in \\u hexadecimal character escape');
                    }
                }
                else if (!'"\\/bfnrt'.includes(String.fromCharCode(e)))
                    this.fail('in string escape code');
            }
            else if (c < 0x20)
                this.fail('in string literal');
            this.i++;
        }
    };
    Scanner.prototype.number = function () {
        var _this = this;
        var b = this.b;
        var digit = function () { return _this.i < b.length && b[_this.i] >= 0x30 && b[_this.i] <= 0x39; };
        if (b[this.i] === 0x2d) {
            this.i++;
            if (!digit())
                this.fail('in numeric literal');
        }
        if (b[this.i] === 0x30)
            this.i++;
        else
            while (digit())
                this.i++;
        if (b[this.i] === 0x2e) {
            this.i++;
            if (!digit())
                this.fail('after decimal point in numeric literal');
            while (digit())
                this.i++;
        }
        if (b[this.i] === 0x65 || b[this.i] === 0x45) {
            this.i++;
            if (b[this.i] === 0x2b || b[this.i] === 0x2d)
                this.i++;
            if (!digit())
                this.fail('in exponent of numeric literal');
            while (digit())
                this.i++;
        }
    };
    Scanner.prototype.literal = function (word) {
        this.i++;
        for (var k = 1; k < word.length; k++, this.i++) {
            if (this.b[this.i] !== word.charCodeAt(k))
                this.fail("in literal ".concat(word, " (expecting '").concat(word[k], "')"));
        }
    };
    return Scanner;
}());
var toBytes = function (input) { return (typeof input === 'string' ? encoder.encode(input) : input); };
/** Checks syntax like Go's json.Valid and throws Go's error text; returns duplicate key paths. */
function scanJson(input, trackDuplicates) {
    if (trackDuplicates === void 0) { trackDuplicates = true; }
    var s = new Scanner(toBytes(input), trackDuplicates);
    s.document();
    return s.duplicates;
}
/**
 * Parses a JSON body. Throws JsonSyntaxError with Go's message (`invalid character 'x' after
 * object key`, `unexpected end of JSON input`, ...). With `duplicates` (the default) it also
 * reports repeated keys; turn it off when nobody will look (fieldValidation=Ignore).
 */
function readJson(input, opts) {
    if (opts === void 0) { opts = {}; }
    var bytes = toBytes(input);
    var text = typeof input === 'string' ? input : decoder.decode(bytes);
    var value;
    try {
        value = JSON.parse(text);
    }
    catch (_a) {
        scanJson(bytes, false);
        // JSON.parse and Go disagree only on exotic input; say so rather than invent a Go text
        throw new JsonSyntaxError('invalid JSON input', 0, 1, 1);
    }
    var duplicates = opts.duplicates === false ? [] : scanJson(bytes, true);
    return { value: value, duplicates: duplicates };
}
