"use strict";
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
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
exports.PATCH_TYPES = exports.OBJECT_TYPES = void 0;
exports.readBody = readBody;
exports.discardUnreadBody = discardUnreadBody;
var errors_ts_1 = require("../../../lib/errors.ts");
var negotiate_ts_1 = require("../request/negotiate.ts");
exports.OBJECT_TYPES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];
exports.PATCH_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'];
function readBody(c, accepted) {
    return __awaiter(this, void 0, void 0, function () {
        var contentType, type, declared, bytes, effective;
        var _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    contentType = (_a = c.req.header('Content-Type')) !== null && _a !== void 0 ? _a : '';
                    type = (0, negotiate_ts_1.parseMediaType)(contentType).type;
                    declared = Number((_b = c.req.header('Content-Length')) !== null && _b !== void 0 ? _b : 0);
                    if (declared > errors_ts_1.MAX_BODY_BYTES)
                        throw (0, errors_ts_1.tooLarge)(); // the body is discarded after the response (discardUnreadBody)
                    return [4 /*yield*/, readLimited(c.req.raw.body)];
                case 1:
                    bytes = _c.sent();
                    effective = type || (accepted.includes('application/json') ? 'application/json' : '');
                    if (!accepted.includes(effective))
                        throw (0, errors_ts_1.unsupportedMediaType)(accepted);
                    return [2 /*return*/, { bytes: bytes, type: effective, contentType: contentType || effective }];
            }
        });
    });
}
function readLimited(stream) {
    return __awaiter(this, void 0, void 0, function () {
        var chunks, size, reader, _a, done, value, out, at, _i, chunks_1, ch;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    if (!stream)
                        return [2 /*return*/, new Uint8Array()];
                    chunks = [];
                    size = 0;
                    reader = stream.getReader();
                    _b.label = 1;
                case 1: return [4 /*yield*/, reader.read()];
                case 2:
                    _a = _b.sent(), done = _a.done, value = _a.value;
                    if (done)
                        return [3 /*break*/, 6];
                    size += value.byteLength;
                    if (!(size > errors_ts_1.MAX_BODY_BYTES)) return [3 /*break*/, 4];
                    reader.releaseLock();
                    return [4 /*yield*/, drain(stream)];
                case 3:
                    _b.sent();
                    throw (0, errors_ts_1.tooLarge)();
                case 4:
                    chunks.push(value);
                    _b.label = 5;
                case 5: return [3 /*break*/, 1];
                case 6:
                    out = new Uint8Array(size);
                    at = 0;
                    for (_i = 0, chunks_1 = chunks; _i < chunks_1.length; _i++) {
                        ch = chunks_1[_i];
                        out.set(ch, at);
                        at += ch.byteLength;
                    }
                    return [2 /*return*/, out];
            }
        });
    });
}
/** Never read a body past this: the connection is then dropped rather than drained. */
var MAX_DRAIN_BYTES = 64 * 1024 * 1024;
/**
 * Reads and discards the rest of a body the server did not read (a request refused before its
 * body: 401, 403, 404, 405, 413). Go's server answers those with `Connection: close` when the
 * body is large; workerd drops that header and resets any connection whose request body was left
 * unread, and the client, told nothing, reuses it for its next request. Drained, it stays good.
 */
function discardUnreadBody(req) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (!(req.body && !req.bodyUsed)) return [3 /*break*/, 2];
                    return [4 /*yield*/, drain(req.body).catch(function () { return undefined; })];
                case 1:
                    _a.sent();
                    _a.label = 2;
                case 2: return [2 /*return*/];
            }
        });
    });
}
function drain(stream) {
    return __awaiter(this, void 0, void 0, function () {
        var reader, size, _a, done, value;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    reader = stream.getReader();
                    size = 0;
                    _b.label = 1;
                case 1: return [4 /*yield*/, reader.read()];
                case 2:
                    _a = _b.sent(), done = _a.done, value = _a.value;
                    if (done)
                        return [2 /*return*/];
                    size += value.byteLength;
                    if (!(size > MAX_DRAIN_BYTES)) return [3 /*break*/, 4];
                    return [4 /*yield*/, reader.cancel()];
                case 3: return [2 /*return*/, void (_b.sent())];
                case 4: return [3 /*break*/, 1];
                case 5: return [2 /*return*/];
            }
        });
    });
}
