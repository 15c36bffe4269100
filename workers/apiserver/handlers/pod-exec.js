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
exports.podExecHandler = podExecHandler;
var errors_ts_1 = require("../../../lib/errors.ts");
var tunnel_ts_1 = require("../nodes/tunnel.ts");
var exec_channels_ts_1 = require("./exec-channels.ts");
var params_ts_1 = require("./params.ts");
var pod_target_ts_1 = require("./pod-target.ts");
function podExecHandler(c, desc) {
    return __awaiter(this, void 0, void 0, function () {
        var info, q, command, _a, stdin, stdout, stderr, tty, _b, pod, container, node, phase, offered, _c, client, server, req;
        var _d, _e, _f;
        return __generator(this, function (_g) {
            switch (_g.label) {
                case 0:
                    info = c.get('info');
                    q = new URL(c.req.url).searchParams;
                    command = q.getAll('command');
                    _a = ['stdin', 'stdout', 'stderr', 'tty'].map(function (k) { return (0, params_ts_1.boolParam)(q, k); }), stdin = _a[0], stdout = _a[1], stderr = _a[2], tty = _a[3];
                    if (!command.length)
                        throw (0, errors_ts_1.badRequest)('you must specify at least one command for the container');
                    if (!stdin && !stdout && !stderr)
                        throw (0, errors_ts_1.badRequest)('you must specify at least 1 of stdin, stdout, stderr');
                    return [4 /*yield*/, (0, pod_target_ts_1.podTarget)(c, desc, q.get('container'))];
                case 1:
                    _b = _g.sent(), pod = _b.pod, container = _b.container, node = _b.node;
                    if (!node)
                        throw (0, errors_ts_1.badRequest)("pod ".concat(info.name, " does not have a host assigned"));
                    phase = (_d = pod.status) === null || _d === void 0 ? void 0 : _d.phase;
                    if (phase === 'Succeeded' || phase === 'Failed')
                        throw (0, errors_ts_1.badRequest)("cannot exec into a container in a completed pod; current phase is ".concat(phase));
                    if (stdin || tty)
                        throw (0, errors_ts_1.badRequest)('interactive exec (-i, -t) is not supported yet: the node agent runs commands to completion without a terminal; drop -i/-t');
                    if (((_e = c.req.header('Upgrade')) === null || _e === void 0 ? void 0 : _e.toLowerCase()) !== 'websocket')
                        throw (0, errors_ts_1.badRequest)("exec is served over WebSocket only (subprotocol ".concat(exec_channels_ts_1.V5, ", kubectl 1.31 or later); SPDY upgrades are not supported"));
                    offered = ((_f = c.req.header('Sec-WebSocket-Protocol')) !== null && _f !== void 0 ? _f : '').split(',').map(function (p) { return p.trim(); });
                    if (!offered.includes(exec_channels_ts_1.V5))
                        throw (0, errors_ts_1.badRequest)("exec needs the WebSocket subprotocol ".concat(exec_channels_ts_1.V5, "; offered: ").concat(offered.filter(Boolean).join(', ') || 'none'));
                    _c = new WebSocketPair(), client = _c[0], server = _c[1];
                    server.accept();
                    req = { namespace: info.namespace, pod: info.name, container: container, command: command, stdin: stdin, tty: tty };
                    c.executionCtx.waitUntil(relay(server, (0, tunnel_ts_1.tunnelFor)(c.env, c.get('cluster'), node).exec(node, req), { command: command, stdout: stdout, stderr: stderr }));
                    return [2 /*return*/, new Response(null, { status: 101, webSocket: client, headers: { 'Sec-WebSocket-Protocol': exec_channels_ts_1.V5 } })];
            }
        });
    });
}
function relay(ws, reply, want) {
    return __awaiter(this, void 0, void 0, function () {
        var status, r, e_1;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    _a.trys.push([0, 2, , 3]);
                    return [4 /*yield*/, reply];
                case 1:
                    r = _a.sent();
                    if (r.ok) {
                        if (want.stdout && r.value.stdout.byteLength)
                            ws.send((0, exec_channels_ts_1.channelFrame)(exec_channels_ts_1.CHANNEL.stdout, r.value.stdout));
                        if (want.stderr && r.value.stderr.byteLength)
                            ws.send((0, exec_channels_ts_1.channelFrame)(exec_channels_ts_1.CHANNEL.stderr, r.value.stderr));
                        status = (0, exec_channels_ts_1.exitStatus)(want.command, r.value.exitCode);
                    }
                    else
                        status = (0, tunnel_ts_1.tunnelStatusError)(r.error).status;
                    return [3 /*break*/, 3];
                case 2:
                    e_1 = _a.sent();
                    status = (0, tunnel_ts_1.tunnelStatusError)({ code: 500, message: e_1 instanceof Error ? e_1.message : String(e_1) }).status;
                    return [3 /*break*/, 3];
                case 3:
                    try {
                        ws.send((0, exec_channels_ts_1.channelFrame)(exec_channels_ts_1.CHANNEL.error, new TextEncoder().encode(JSON.stringify(status))));
                        ws.close(1000, '');
                    }
                    catch (_b) {
                        // the client left
                    }
                    return [2 /*return*/];
            }
        });
    });
}
