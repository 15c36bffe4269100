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
exports.LogFeed = void 0;
exports.errorResponse = errorResponse;
var LogFeed = /** @class */ (function () {
    function LogFeed() {
        this.chunks = [];
        this.queued = 0;
    }
    /** Queues bytes; returns how many are waiting. */
    LogFeed.prototype.push = function (bytes) {
        var _a;
        this.chunks.push(bytes);
        this.queued += bytes.byteLength;
        (_a = this.wake) === null || _a === void 0 ? void 0 : _a.call(this);
        return this.queued;
    };
    LogFeed.prototype.end = function (error) {
        var _a;
        this.done = { error: error };
        (_a = this.wake) === null || _a === void 0 ? void 0 : _a.call(this);
    };
    LogFeed.prototype.next = function (timeoutMs) {
        var _this = this;
        if (this.chunks.length || this.done)
            return Promise.resolve();
        return new Promise(function (resolve) {
            var timer = timeoutMs === undefined ? undefined : setTimeout(resolve, timeoutMs);
            _this.wake = function () {
                _this.wake = undefined;
                clearTimeout(timer);
                resolve();
            };
        });
    };
    /** The response: an error if the agent fails before any byte, else the stream of its bytes. */
    LogFeed.prototype.response = function (firstByteWaitMs, cancel) {
        return __awaiter(this, void 0, void 0, function () {
            var _a, readable, writable, writer;
            var _this = this;
            var _b;
            return __generator(this, function (_c) {
                switch (_c.label) {
                    case 0: return [4 /*yield*/, this.next(firstByteWaitMs)];
                    case 1:
                        _c.sent();
                        if (!this.chunks.length && ((_b = this.done) === null || _b === void 0 ? void 0 : _b.error))
                            return [2 /*return*/, errorResponse(this.done.error)];
                        _a = new TransformStream(), readable = _a.readable, writable = _a.writable;
                        writer = writable.getWriter();
                        // a client leaving while nothing is written is seen here, not by a write
                        writer.closed.catch(function () {
                            cancel();
                            _this.end();
                        });
                        void this.pump(writer, cancel);
                        return [2 /*return*/, new Response(readable, { headers: { 'Content-Type': 'text/plain' } })];
                }
            });
        });
    };
    LogFeed.prototype.pump = function (writer, cancel) {
        return __awaiter(this, void 0, void 0, function () {
            var _i, _a, chunk, _b;
            return __generator(this, function (_c) {
                switch (_c.label) {
                    case 0:
                        _c.trys.push([0, 10, , 11]);
                        _c.label = 1;
                    case 1: return [4 /*yield*/, this.next()];
                    case 2:
                        _c.sent();
                        _i = 0, _a = this.chunks.splice(0);
                        _c.label = 3;
                    case 3:
                        if (!(_i < _a.length)) return [3 /*break*/, 6];
                        chunk = _a[_i];
                        return [4 /*yield*/, writer.write(chunk)];
                    case 4:
                        _c.sent();
                        this.queued -= chunk.byteLength;
                        _c.label = 5;
                    case 5:
                        _i++;
                        return [3 /*break*/, 3];
                    case 6:
                        if (!this.done) return [3 /*break*/, 8];
                        return [4 /*yield*/, writer.close()];
                    case 7: return [2 /*return*/, _c.sent()];
                    case 8: return [3 /*break*/, 1];
                    case 9: return [3 /*break*/, 11];
                    case 10:
                        _b = _c.sent();
                        cancel(); // the reader is gone
                        return [3 /*break*/, 11];
                    case 11: return [2 /*return*/];
                }
            });
        });
    };
    return LogFeed;
}());
exports.LogFeed = LogFeed;
/** An error of the node (or of the tunnel) as the JSON the apiserver turns into a Status. */
function errorResponse(error) {
    var _a;
    return new Response(JSON.stringify({ error: error }), { status: (_a = error.code) !== null && _a !== void 0 ? _a : 400, headers: { 'Content-Type': 'application/json' } });
}
