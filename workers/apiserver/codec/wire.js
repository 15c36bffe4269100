"use strict";
/**
 * A protobuf wire-format reader: just enough of the encoding to walk Kubernetes' generated
 * messages (varints, length-delimited fields, fixed64/fixed32 skipped or read as doubles).
 * Errors are ProtobufError, which the decoder reports as a 400.
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
var __generator = (this && this.__generator) || function (thisArg, body) {
    var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
    return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
    function verb(n) { return function (v) { return step([n, v]); }; }
    function step(op) {
        if (f) throw new TypeError("Generator is already executing.");
        while (g && (g = 0, op[0] && (_ = 0)), _) try {
            if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
            if (y = 0, t) op = [op[0] & 2, t.value];
            switch (op[0]) {
                case 0: case 1: t = op; break;
                case 4: _.label++; return { value: op[1], done: false };
                case 5: _.label++; y = op[1]; op = [0]; continue;
                case 7: op = _.ops.pop(); _.trys.pop(); continue;
                default:
                    if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                    if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                    if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                    if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                    if (t[2]) _.ops.pop();
                    _.trys.pop(); continue;
            }
            op = body.call(thisArg, _);
        } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
        if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
    }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.Reader = exports.WIRE = exports.ProtobufError = void 0;
exports.fields = fields;
var ProtobufError = /** @class */ (function (_super) {
    __extends(ProtobufError, _super);
    function ProtobufError() {
        var _this = _super !== null && _super.apply(this, arguments) || this;
        _this.name = 'ProtobufError';
        return _this;
    }
    return ProtobufError;
}(Error));
exports.ProtobufError = ProtobufError;
exports.WIRE = { varint: 0, fixed64: 1, bytes: 2, startGroup: 3, endGroup: 4, fixed32: 5 };
var Reader = /** @class */ (function () {
    function Reader(buf, start, end) {
        if (start === void 0) { start = 0; }
        if (end === void 0) { end = buf.length; }
        this.buf = buf;
        this.end = end;
        this.pos = start;
    }
    Object.defineProperty(Reader.prototype, "done", {
        get: function () {
            return this.pos >= this.end;
        },
        enumerable: false,
        configurable: true
    });
    /** A varint as a BigInt (64 bits, unsigned as written). */
    Reader.prototype.varint = function () {
        var result = 0n;
        var shift = 0n;
        for (var i = 0; i < 10; i++) {
            if (this.pos >= this.end)
                throw new ProtobufError('proto: unexpected EOF');
            var b = this.buf[this.pos++];
            result |= BigInt(b & 0x7f) << shift;
            if (b < 0x80)
                return result;
            shift += 7n;
        }
        throw new ProtobufError('proto: integer overflow');
    };
    /** A varint read as Go reads int64/int32 fields: two's complement, sign-extended. */
    Reader.prototype.int = function (bits) {
        return Number(BigInt.asIntN(bits, this.varint()));
    };
    Reader.prototype.tag = function () {
        var t = this.varint();
        var field = Number(t >> 3n);
        var wire = Number(t & 7n);
        if (field <= 0)
            throw new ProtobufError("proto: illegal tag ".concat(field, " (wire type ").concat(wire, ")"));
        return { field: field, wire: wire };
    };
    Reader.prototype.bytes = function () {
        var n = Number(this.varint());
        if (n < 0 || this.pos + n > this.end)
            throw new ProtobufError('proto: unexpected EOF');
        var out = this.buf.subarray(this.pos, this.pos + n);
        this.pos += n;
        return out;
    };
    Reader.prototype.double = function () {
        if (this.pos + 8 > this.end)
            throw new ProtobufError('proto: unexpected EOF');
        var v = new DataView(this.buf.buffer, this.buf.byteOffset + this.pos, 8).getFloat64(0, true);
        this.pos += 8;
        return v;
    };
    Reader.prototype.skip = function (wire) {
        switch (wire) {
            case exports.WIRE.varint:
                this.varint();
                return;
            case exports.WIRE.fixed64:
                this.advance(8);
                return;
            case exports.WIRE.bytes:
                this.bytes();
                return;
            case exports.WIRE.fixed32:
                this.advance(4);
                return;
            case exports.WIRE.startGroup:
                for (;;) {
                    var t = this.tag();
                    if (t.wire === exports.WIRE.endGroup)
                        return;
                    this.skip(t.wire);
                }
            default:
                throw new ProtobufError("proto: illegal wireType ".concat(wire));
        }
    };
    Reader.prototype.advance = function (n) {
        if (this.pos + n > this.end)
            throw new ProtobufError('proto: unexpected EOF');
        this.pos += n;
    };
    return Reader;
}());
exports.Reader = Reader;
/** The fields of a message, in wire order. */
function fields(buf) {
    var r, _a, field, wire;
    return __generator(this, function (_b) {
        switch (_b.label) {
            case 0:
                r = new Reader(buf);
                _b.label = 1;
            case 1:
                if (!!r.done) return [3 /*break*/, 3];
                _a = r.tag(), field = _a.field, wire = _a.wire;
                return [4 /*yield*/, { field: field, wire: wire, r: r }];
            case 2:
                _b.sent();
                return [3 /*break*/, 1];
            case 3: return [2 /*return*/];
        }
    });
}
