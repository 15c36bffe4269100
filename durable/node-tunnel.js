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
exports.NodeTunnel = exports.notConnected = void 0;
/**
 * NodeTunnel: one per cluster and node, the far end of the WebSocket its agent opened
 * (lib/tunnel/protocol.ts), through which the apiserver reaches a node that accepts no
 * connection of its own (a laptop behind NAT).
 *
 * Contract:
 * - At most one agent socket is live: a new connection replaces the old one, whose requests fail.
 * - The agent socket is accepted through the hibernation API: an idle tunnel costs nothing, and
 *   the agent's pings are answered by the platform without waking the object.
 * - A request in flight keeps the object awake, so `pending` (in memory) is complete whenever a
 *   reply can arrive; a reply for an unknown id (its client left) is dropped.
 * - Every request ends exactly once: with the agent's answer, its error, the client leaving, or
 *   the socket closing.
 */
var cloudflare_workers_1 = require("cloudflare:workers");
var log_feed_ts_1 = require("./log-feed.ts");
var protocol_ts_1 = require("../lib/tunnel/protocol.ts");
var AGENT = 'agent';
/** kubectl gets the response headers at the first log byte, or after this long with none */
var FIRST_BYTE_WAIT_MS = 1000;
/** log bytes held for a client that reads slower than the node writes (there is no flow control) */
var MAX_QUEUED_BYTES = 16 << 20;
var notConnected = function (node) { return ({ code: 503, message: "node \"".concat(node, "\" has no tunnel open: its agent is not running or cannot reach the API") }); };
exports.notConnected = notConnected;
var NodeTunnel = /** @class */ (function (_super) {
    __extends(NodeTunnel, _super);
    function NodeTunnel(ctx, env) {
        var _this = _super.call(this, ctx, env) || this;
        _this.pending = new Map();
        ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(protocol_ts_1.PING, protocol_ts_1.PONG));
        return _this;
    }
    /** `/connect`: the agent's WebSocket (authorized by the apiserver); `/logs`: a log stream. */
    NodeTunnel.prototype.fetch = function (request) {
        return __awaiter(this, void 0, void 0, function () {
            var path, _a, node, req;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        path = new URL(request.url).pathname;
                        if (path === '/connect')
                            return [2 /*return*/, this.accept(request)];
                        if (!(path === '/logs' && request.method === 'POST')) return [3 /*break*/, 2];
                        return [4 /*yield*/, request.json()];
                    case 1:
                        _a = (_b.sent()), node = _a.node, req = _a.req;
                        return [2 /*return*/, this.logs(node, req)];
                    case 2: return [2 /*return*/, new Response('not found', { status: 404 })];
                }
            });
        });
    };
    /** Whether an agent is connected. */
    NodeTunnel.prototype.connected = function () {
        return this.agent() !== undefined;
    };
    /** Runs a command in a container on the node; resolves when it has exited. */
    NodeTunnel.prototype.exec = function (node, req) {
        return __awaiter(this, void 0, void 0, function () {
            var ws, id;
            var _this = this;
            return __generator(this, function (_a) {
                ws = this.agent();
                if (!ws)
                    return [2 /*return*/, { ok: false, error: (0, exports.notConnected)(node) }];
                id = this.newId();
                return [2 /*return*/, new Promise(function (resolve) {
                        _this.pending.set(id, {
                            ws: ws,
                            result: function (m) {
                                _this.pending.delete(id);
                                resolve({ ok: true, value: { exitCode: m.exitCode, stdout: (0, protocol_ts_1.fromBase64)(m.stdout), stderr: (0, protocol_ts_1.fromBase64)(m.stderr) } });
                            },
                            end: function (error) {
                                _this.pending.delete(id);
                                resolve({ ok: false, error: error !== null && error !== void 0 ? error : { code: 500, message: 'the node agent ended the exec without a result' } });
                            },
                        });
                        _this.send(ws, id, { type: 'exec', id: id, req: req });
                    })];
            });
        });
    };
    NodeTunnel.prototype.accept = function (request) {
        var _a;
        if (((_a = request.headers.get('Upgrade')) === null || _a === void 0 ? void 0 : _a.toLowerCase()) !== 'websocket')
            return new Response('expected a WebSocket upgrade', { status: 426 });
        for (var _i = 0, _b = this.ctx.getWebSockets(AGENT); _i < _b.length; _i++) {
            var old = _b[_i];
            old.close(protocol_ts_1.REPLACED, 'replaced by a newer connection');
        }
        var _c = new WebSocketPair(), client = _c[0], server = _c[1];
        this.ctx.acceptWebSocket(server, [AGENT]);
        return new Response(null, { status: 101, webSocket: client });
    };
    NodeTunnel.prototype.logs = function (node, req) {
        var _this = this;
        var ws = this.agent();
        if (!ws)
            return Promise.resolve((0, log_feed_ts_1.errorResponse)((0, exports.notConnected)(node)));
        var id = this.newId();
        var feed = new log_feed_ts_1.LogFeed();
        // the client went away (or cannot keep up): tell the agent to stop
        var cancel = function () {
            if (_this.pending.delete(id))
                _this.send(ws, id, { type: 'cancel', id: id });
        };
        this.pending.set(id, {
            ws: ws,
            data: function (bytes) {
                if (feed.push(bytes) > MAX_QUEUED_BYTES) {
                    cancel(); // the client cannot keep up: end its log rather than hold the node's in memory
                    feed.end();
                }
            },
            end: function (error) {
                _this.pending.delete(id);
                feed.end(error);
            },
        });
        this.send(ws, id, { type: 'logs', id: id, req: req });
        return feed.response(FIRST_BYTE_WAIT_MS, cancel);
    };
    NodeTunnel.prototype.webSocketMessage = function (ws, message) {
        return __awaiter(this, void 0, void 0, function () {
            var frame, msg, p;
            var _a, _b, _c;
            return __generator(this, function (_d) {
                if (typeof message !== 'string') {
                    frame = (0, protocol_ts_1.parseDataFrame)(new Uint8Array(message));
                    if (frame)
                        (_b = (_a = this.pending.get(frame.id)) === null || _a === void 0 ? void 0 : _a.data) === null || _b === void 0 ? void 0 : _b.call(_a, frame.bytes);
                    return [2 /*return*/];
                }
                try {
                    msg = JSON.parse(message);
                }
                catch (_e) {
                    return [2 /*return*/, ws.close(1007, 'messages must be JSON')];
                }
                p = this.pending.get(msg.id);
                if (!p || p.ws !== ws)
                    return [2 /*return*/];
                if (msg.type === 'exec-result')
                    (_c = p.result) === null || _c === void 0 ? void 0 : _c.call(p, msg);
                else if (msg.type === 'end')
                    p.end(msg.error);
                return [2 /*return*/];
            });
        });
    };
    NodeTunnel.prototype.webSocketClose = function (ws, code, reason) {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                this.dropSocket(ws, "the node's tunnel closed (".concat(code).concat(reason ? " ".concat(reason) : '', ")"));
                try {
                    ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
                }
                catch (_b) {
                    // already closed
                }
                return [2 /*return*/];
            });
        });
    };
    NodeTunnel.prototype.webSocketError = function (ws, error) {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                this.dropSocket(ws, "the node's tunnel failed: ".concat(error instanceof Error ? error.message : String(error)));
                return [2 /*return*/];
            });
        });
    };
    NodeTunnel.prototype.dropSocket = function (ws, message) {
        for (var _i = 0, _a = __spreadArray([], this.pending.values(), true); _i < _a.length; _i++) {
            var p = _a[_i];
            if (p.ws === ws)
                p.end({ code: 503, message: message });
        }
    };
    /** Sends to the agent; a socket that cannot take it ends the request. */
    NodeTunnel.prototype.send = function (ws, id, msg) {
        var _a;
        try {
            ws.send(JSON.stringify(msg));
        }
        catch (e) {
            (_a = this.pending.get(id)) === null || _a === void 0 ? void 0 : _a.end({ code: 503, message: "the node's tunnel is closing: ".concat(e instanceof Error ? e.message : String(e)) });
        }
    };
    NodeTunnel.prototype.agent = function () {
        return this.ctx.getWebSockets(AGENT).findLast(function (ws) { return ws.readyState === WebSocket.OPEN; });
    };
    NodeTunnel.prototype.newId = function () {
        for (;;) {
            var id = crypto.getRandomValues(new Uint32Array(1))[0];
            if (id !== 0 && !this.pending.has(id))
                return id;
        }
    };
    return NodeTunnel;
}(cloudflare_workers_1.DurableObject));
exports.NodeTunnel = NodeTunnel;
