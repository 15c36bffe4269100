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
var __asyncValues = (this && this.__asyncValues) || function (o) {
    if (!Symbol.asyncIterator) throw new TypeError("Symbol.asyncIterator is not defined.");
    var m = o[Symbol.asyncIterator], i;
    return m ? m.call(o) : (o = typeof __values === "function" ? __values(o) : o[Symbol.iterator](), i = {}, verb("next"), verb("throw"), verb("return"), i[Symbol.asyncIterator] = function () { return this; }, i);
    function verb(n) { i[n] = o[n] && function (v) { return new Promise(function (resolve, reject) { v = o[n](v), settle(resolve, reject, v.done, v.value); }); }; }
    function settle(resolve, reject, d, v) { Promise.resolve(v).then(function(v) { resolve({ value: v, done: d }); }, reject); }
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
exports.startHranaServer = startHranaServer;
/**
 * A local libSQL server: Hrana over HTTP (the JSON pipeline of `@libsql/client/web`) on an
 * embedded database file, so the workers reach their database locally exactly as they reach
 * Turso or sqld in production. Spec: libsql docs/HTTP_V2_SPEC.md and HRANA_3_SPEC.md.
 *
 * A stream (opened by a request without baton) owns one connection until it is closed or idle
 * for `streamIdleMs` (10 s, as Turso); each response hands out a fresh baton for the next
 * request. Statements run synchronously, so the requests of all streams are serialized: a batch
 * is never interleaved with another. Consequently there is no busy timeout: a writer blocked by another stream's open
 * write transaction (interactive `transaction()`) gets SQLITE_BUSY at once rather than stall
 * the only thread. Connections are pooled so that a one-shot request does not open the file.
 */
var node_crypto_1 = require("node:crypto");
var node_http_1 = require("node:http");
var libsql_1 = require("libsql");
var STREAM_IDLE_MS = 10000;
var POOL_SIZE = 8;
var STMT_CACHE = 256;
/** An error reported to the client in a result (SQLite's code when there is one). */
var HranaError = /** @class */ (function (_super) {
    __extends(HranaError, _super);
    function HranaError(message, code) {
        var _this = _super.call(this, message) || this;
        _this.code = code;
        return _this;
    }
    return HranaError;
}(Error));
/** One SQLite connection with its prepared statements. */
var Conn = /** @class */ (function () {
    function Conn(file) {
        this.cache = new Map();
        this.db = new libsql_1.default(file);
        this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON');
    }
    Conn.prototype.prepare = function (sql) {
        var stmt = this.cache.get(sql);
        if (!stmt) {
            if (this.cache.size >= STMT_CACHE)
                this.cache.clear();
            stmt = this.db.prepare(sql).safeIntegers(true);
            this.cache.set(sql, stmt);
        }
        return stmt;
    };
    return Conn;
}());
var fromValue = function (v) {
    return v.type === 'integer' ? BigInt(v.value) : v.type === 'blob' ? Buffer.from(v.base64, 'base64') : v.type === 'null' ? null : v.value;
};
function toValue(v) {
    if (v === null || v === undefined)
        return { type: 'null' };
    if (typeof v === 'bigint')
        return { type: 'integer', value: String(v) };
    if (typeof v === 'number')
        return { type: 'float', value: v };
    if (typeof v === 'string')
        return { type: 'text', value: v };
    return { type: 'blob', base64: Buffer.from(v).toString('base64') };
}
/** Named binding crashes the engine on a bare `?`; find one outside literals and comments. */
var hasBareParam = function (sql) {
    return /\?(?!\d)/.test(sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]|--[^\n]*|\/\*[\s\S]*?\*\//g, ''));
};
function bindings(stmt, sql) {
    var _a, _b;
    var positional = ((_a = stmt.args) !== null && _a !== void 0 ? _a : []).map(fromValue);
    if (!((_b = stmt.named_args) === null || _b === void 0 ? void 0 : _b.length))
        return positional;
    if (hasBareParam(sql))
        throw new HranaError('named arguments cannot be mixed with anonymous "?" parameters', 'ARGS_INVALID');
    var named = Object.fromEntries(positional.map(function (v, i) { return [String(i + 1), v]; }));
    for (var _i = 0, _c = stmt.named_args; _i < _c.length; _i++) {
        var _d = _c[_i], name = _d.name, value = _d.value;
        named[name.replace(/^[:@$]/, '')] = fromValue(value);
    }
    return named;
}
function sqlOf(stream, s) {
    var _a;
    var sql = (_a = s.sql) !== null && _a !== void 0 ? _a : (s.sql_id !== undefined ? stream.sqls.get(s.sql_id) : undefined);
    if (sql === undefined)
        throw new HranaError("SQL text ".concat(s.sql_id, " is not stored on this stream"), 'SQL_NOT_FOUND');
    return sql;
}
function execute(stream, stmt) {
    var conn = stream.conn;
    var sql = sqlOf(stream, stmt);
    var prepared = conn.prepare(sql);
    var args = bindings(stmt, sql);
    if (!prepared.reader) {
        var info = prepared.run(args);
        return { cols: [], rows: [], affected_row_count: info.changes, last_insert_rowid: String(info.lastInsertRowid) };
    }
    // a reader may still write (INSERT ... RETURNING): its changes show in total_changes()
    var counters = conn.prepare('SELECT total_changes(), changes(), last_insert_rowid()').raw(true);
    var before = counters.get()[0];
    var rows = prepared.raw(true).all(args).map(function (row) { return row.map(toValue); });
    var _a = counters.get(), total = _a[0], changes = _a[1], rowid = _a[2];
    var wrote = total !== before;
    return {
        cols: prepared.columns().map(function (c) { var _a; return ({ name: c.name, decltype: (_a = c.type) !== null && _a !== void 0 ? _a : null }); }),
        rows: stmt.want_rows === false ? [] : rows,
        affected_row_count: wrote ? Number(changes) : 0,
        last_insert_rowid: wrote ? String(rowid) : null,
    };
}
function holds(cond, results, errors, stream) {
    switch (cond.type) {
        case 'ok': return results[cond.step] != null;
        case 'error': return errors[cond.step] != null;
        case 'not': return !holds(cond.cond, results, errors, stream);
        case 'and': return cond.conds.every(function (c) { return holds(c, results, errors, stream); });
        case 'or': return cond.conds.some(function (c) { return holds(c, results, errors, stream); });
        case 'is_autocommit': return !stream.conn.db.inTransaction;
    }
}
var errorOf = function (err) {
    var _a;
    return ({
        message: err instanceof Error ? err.message : String(err),
        code: (_a = err.code) !== null && _a !== void 0 ? _a : 'UNKNOWN',
    });
};
function handle(stream, req) {
    switch (req.type) {
        case 'execute':
            return { type: 'execute', result: execute(stream, req.stmt) };
        case 'batch': {
            var results = [];
            var errors = [];
            for (var _i = 0, _a = req.batch.steps; _i < _a.length; _i++) {
                var _b = _a[_i], condition = _b.condition, stmt = _b.stmt;
                var result = null;
                var error = null;
                if (!condition || holds(condition, results, errors, stream)) {
                    try {
                        result = execute(stream, stmt);
                    }
                    catch (err) {
                        error = errorOf(err);
                    }
                }
                results.push(result);
                errors.push(error);
            }
            return { type: 'batch', result: { step_results: results, step_errors: errors } };
        }
        case 'sequence':
            stream.conn.db.exec(sqlOf(stream, req));
            return { type: 'sequence' };
        case 'store_sql':
            stream.sqls.set(req.sql_id, req.sql);
            return { type: 'store_sql' };
        case 'close_sql':
            stream.sqls.delete(req.sql_id);
            return { type: 'close_sql' };
        case 'get_autocommit':
            return { type: 'get_autocommit', is_autocommit: !stream.conn.db.inTransaction };
        case 'close':
            stream.closed = true;
            return { type: 'close' };
        default:
            throw new HranaError("request type ".concat(JSON.stringify(req.type), " is not supported"), 'UNSUPPORTED');
    }
}
function startHranaServer(opts) {
    return __awaiter(this, void 0, void 0, function () {
        function pipeline(body) {
            var _a, _b;
            var stream;
            if (body.baton) {
                var found = streams.get(body.baton);
                if (!found)
                    throw new HranaError('the stream has expired or the baton is invalid', 'STREAM_EXPIRED');
                streams.delete(body.baton);
                clearTimeout(found.timer);
                stream = found;
            }
            else {
                stream = { conn: (_a = pool.pop()) !== null && _a !== void 0 ? _a : new Conn(opts.file), sqls: new Map() };
                open.add(stream);
            }
            var results = body.requests.map(function (req) {
                try {
                    return { type: 'ok', response: handle(stream, req) };
                }
                catch (err) {
                    return { type: 'error', error: errorOf(err) };
                }
            });
            var baton = null;
            if (stream.closed)
                release(stream);
            else {
                baton = (0, node_crypto_1.randomBytes)(18).toString('base64url');
                streams.set(baton, stream);
                stream.timer = setTimeout(function () { return streams.delete(baton) && release(stream); }, (_b = opts.streamIdleMs) !== null && _b !== void 0 ? _b : STREAM_IDLE_MS).unref();
            }
            return { baton: baton, base_url: null, results: results };
        }
        function serve(req, res) {
            return __awaiter(this, void 0, void 0, function () {
                var path, chunks, chunk, e_1_1, body;
                var _a, req_1, req_1_1;
                var _b, e_1, _c, _d;
                var _e;
                return __generator(this, function (_f) {
                    switch (_f.label) {
                        case 0:
                            if (opts.authToken && req.headers.authorization !== "Bearer ".concat(opts.authToken))
                                return [2 /*return*/, send(res, 401, { message: 'Unauthorized' })];
                            path = ((_e = req.url) !== null && _e !== void 0 ? _e : '/').split('?')[0];
                            if (req.method === 'GET' && (path === '/v2' || path === '/v3' || path === '/health'))
                                return [2 /*return*/, send(res, 200, {})];
                            if (req.method !== 'POST' || (path !== '/v2/pipeline' && path !== '/v3/pipeline'))
                                return [2 /*return*/, send(res, 404, { message: "".concat(req.method, " ").concat(path, " is not served") })];
                            chunks = [];
                            _f.label = 1;
                        case 1:
                            _f.trys.push([1, 6, 7, 12]);
                            _a = true, req_1 = __asyncValues(req);
                            _f.label = 2;
                        case 2: return [4 /*yield*/, req_1.next()];
                        case 3:
                            if (!(req_1_1 = _f.sent(), _b = req_1_1.done, !_b)) return [3 /*break*/, 5];
                            _d = req_1_1.value;
                            _a = false;
                            chunk = _d;
                            chunks.push(chunk);
                            _f.label = 4;
                        case 4:
                            _a = true;
                            return [3 /*break*/, 2];
                        case 5: return [3 /*break*/, 12];
                        case 6:
                            e_1_1 = _f.sent();
                            e_1 = { error: e_1_1 };
                            return [3 /*break*/, 12];
                        case 7:
                            _f.trys.push([7, , 10, 11]);
                            if (!(!_a && !_b && (_c = req_1.return))) return [3 /*break*/, 9];
                            return [4 /*yield*/, _c.call(req_1)];
                        case 8:
                            _f.sent();
                            _f.label = 9;
                        case 9: return [3 /*break*/, 11];
                        case 10:
                            if (e_1) throw e_1.error;
                            return [7 /*endfinally*/];
                        case 11: return [7 /*endfinally*/];
                        case 12:
                            try {
                                body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
                            }
                            catch (_g) {
                                return [2 /*return*/, send(res, 400, { message: 'the body is not JSON' })];
                            }
                            if (!Array.isArray(body === null || body === void 0 ? void 0 : body.requests))
                                return [2 /*return*/, send(res, 400, { message: 'the body has no "requests"' })];
                            try {
                                send(res, 200, pipeline(body));
                            }
                            catch (err) {
                                send(res, 400, errorOf(err));
                            }
                            return [2 /*return*/];
                    }
                });
            });
        }
        var pool, streams, open, release, send, server, _a, address, port, host;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    pool = [];
                    streams = new Map();
                    open = new Set();
                    release = function (stream) {
                        clearTimeout(stream.timer);
                        open.delete(stream);
                        var db = stream.conn.db;
                        if (db.inTransaction)
                            db.exec('ROLLBACK');
                        if (pool.length < POOL_SIZE)
                            pool.push(stream.conn);
                        else
                            db.close();
                    };
                    send = function (res, status, body) {
                        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
                    };
                    server = (0, node_http_1.createServer)(function (req, res) {
                        serve(req, res).catch(function (err) { return send(res, 500, errorOf(err)); });
                    });
                    server.keepAliveTimeout = 60000;
                    return [4 /*yield*/, new Promise(function (resolve, reject) {
                            var _a, _b;
                            server.once('error', reject);
                            server.listen((_a = opts.port) !== null && _a !== void 0 ? _a : 0, (_b = opts.host) !== null && _b !== void 0 ? _b : '127.0.0.1', function () { return resolve(); });
                        })];
                case 1:
                    _b.sent();
                    _a = server.address(), address = _a.address, port = _a.port;
                    host = address.includes(':') ? "[".concat(address, "]") : address;
                    return [2 /*return*/, {
                            url: "http://".concat(host, ":").concat(port),
                            close: function () {
                                return __awaiter(this, void 0, void 0, function () {
                                    var _i, _a, stream, _b, _c, conn;
                                    return __generator(this, function (_d) {
                                        switch (_d.label) {
                                            case 0:
                                                server.closeAllConnections();
                                                return [4 /*yield*/, new Promise(function (resolve) { return server.close(function () { return resolve(); }); })];
                                            case 1:
                                                _d.sent();
                                                for (_i = 0, _a = __spreadArray([], open, true); _i < _a.length; _i++) {
                                                    stream = _a[_i];
                                                    release(stream);
                                                }
                                                streams.clear();
                                                for (_b = 0, _c = pool.splice(0); _b < _c.length; _b++) {
                                                    conn = _c[_b];
                                                    conn.db.close();
                                                }
                                                return [2 /*return*/];
                                        }
                                    });
                                });
                            },
                        }];
            }
        });
    });
}
