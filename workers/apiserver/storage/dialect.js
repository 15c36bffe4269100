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
exports.sqlDialect = sqlDialect;
/** Upper bound of a key range: above every key that starts with prefix (keys are ASCII). */
var end = function (prefix) { return prefix + '\uffff'; };
var REVS = "SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'log'), 0),\n  coalesce((SELECT value FROM meta WHERE name = 'compacted_rev'), 0)";
var SEQ = "(SELECT seq FROM sqlite_sequence WHERE name = 'log')";
var GET = 'SELECT key, rev, object FROM objects WHERE key = ?';
var INSERT = 'INSERT INTO log (key, type, object, prev_rev) VALUES (?, ?, ?, ?) RETURNING rev';
var INSERT_COPY = "INSERT INTO log (key, type, object, prev_rev)\n  VALUES (?1, ?2, coalesce((SELECT object FROM objects WHERE key = ?1), ''), ?3) RETURNING rev, object";
// Range reads. Parameters: ?1 prefix, ?2 after, ?3 end, ?4 limit (-1: none), ?5 rev.
// At the latest revision the projection answers; at an older one, the log: for each key, its
// latest row at or below ?5, unless that row is a deletion. When a rev is given, both queries
// run in the batch, each guarded by whether ?5 is the latest revision *in that snapshot*, so the
// one that does not apply returns nothing at once and the read stays one round trip.
var IN_RANGE = 'key >= ?1 AND key > ?2 AND key < ?3';
var LIVE_AT = "rev <= ?5 AND type != 'DELETED'\n  AND NOT EXISTS (SELECT 1 FROM log n WHERE n.key = l.key AND n.rev > l.rev AND n.rev <= ?5)";
var IS_LATEST = "".concat(SEQ, " = ?5 AND ");
var IS_PAST = "".concat(SEQ, " != ?5 AND ");
var CURRENT_ROWS = function (guard) {
    if (guard === void 0) { guard = ''; }
    return "SELECT key, rev, object FROM objects WHERE ".concat(guard).concat(IN_RANGE, " ORDER BY key LIMIT ?4");
};
var CURRENT_COUNT = function (guard) {
    if (guard === void 0) { guard = ''; }
    return "SELECT count(*) FROM objects WHERE ".concat(guard).concat(IN_RANGE);
};
var PAST_ROWS = "SELECT key, rev, object FROM log l WHERE ".concat(IS_PAST).concat(IN_RANGE, " AND ").concat(LIVE_AT, " ORDER BY key LIMIT ?4");
var PAST_COUNT = "SELECT count(*) FROM log l WHERE ".concat(IS_PAST).concat(IN_RANGE, " AND ").concat(LIVE_AT);
// Watchers read the recent end of the log: scan by rev (the `+` keeps the planner off the key
// index, which would read a prefix's whole history and sort it).
var AFTER = "SELECT l.key, l.rev, l.object, l.type, l.prev_rev, p.object\n  FROM log l LEFT JOIN log p ON p.rev = l.prev_rev\n  WHERE l.rev > ? AND +l.key >= ? AND +l.key < ? ORDER BY l.rev LIMIT ?";
// Compaction at C, knowing the previous point P (< C). After a compaction at P each key has at
// most one row at or below P, so a row that is no longer its key's latest at C has a newer row
// in (P, C]: only those keys are looked at. Deletions at or below C go too (nothing older of
// their key is left by then), and the point only moves forward.
var COMPACT_POINT = "SELECT (SELECT rev FROM log WHERE created_at < ? ORDER BY rev DESC LIMIT 1),\n  coalesce((SELECT value FROM meta WHERE name = 'compacted_rev'), 0)";
var COMPACT = [
    "DELETE FROM log WHERE rev <= ?2 AND key IN (SELECT key FROM log WHERE rev > ?1 AND rev <= ?2)\n    AND EXISTS (SELECT 1 FROM log n WHERE n.key = log.key AND n.rev > log.rev AND n.rev <= ?2)",
    "DELETE FROM log WHERE rev > ?1 AND rev <= ?2 AND type = 'DELETED'",
    "INSERT INTO meta (name, value) VALUES ('compacted_rev', ?2)\n    ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)",
];
var REFUSAL = /timonier:(exists|not-found|conflict)/;
var num = function (v) { return Number(v !== null && v !== void 0 ? v : 0); };
var toRow = function (r) { return ({ key: String(r[0]), rev: num(r[1]), object: String(r[2]) }); };
var toLogRow = function (r) { return (__assign(__assign({}, toRow(r)), { type: String(r[3]), prevRev: num(r[4]), prevObject: r[5] == null ? null : String(r[5]) })); };
var toRevs = function (rs) { return ({ current: num(rs.rows[0][0]), compacted: num(rs.rows[0][1]) }); };
function sqlDialect(client) {
    return {
        revs: function () {
            return __awaiter(this, void 0, void 0, function () {
                var _a;
                return __generator(this, function (_b) {
                    switch (_b.label) {
                        case 0:
                            _a = toRevs;
                            return [4 /*yield*/, client.execute(REVS)];
                        case 1: return [2 /*return*/, _a.apply(void 0, [_b.sent()])];
                    }
                });
            });
        },
        get: function (key) {
            return __awaiter(this, void 0, void 0, function () {
                var rs;
                return __generator(this, function (_a) {
                    switch (_a.label) {
                        case 0: return [4 /*yield*/, client.execute({ sql: GET, args: [key] })];
                        case 1:
                            rs = _a.sent();
                            return [2 /*return*/, rs.rows.length ? toRow(rs.rows[0]) : undefined];
                    }
                });
            });
        },
        insert: function (key, type, object, prevRev) {
            return __awaiter(this, void 0, void 0, function () {
                var rs_1, rs, err_1, refused;
                return __generator(this, function (_a) {
                    switch (_a.label) {
                        case 0:
                            _a.trys.push([0, 4, , 5]);
                            if (!(object !== undefined)) return [3 /*break*/, 2];
                            return [4 /*yield*/, client.execute({ sql: INSERT, args: [key, type, object, prevRev] })];
                        case 1:
                            rs_1 = _a.sent();
                            return [2 /*return*/, { rev: num(rs_1.rows[0][0]), object: object }];
                        case 2: return [4 /*yield*/, client.execute({ sql: INSERT_COPY, args: [key, type, prevRev] })];
                        case 3:
                            rs = _a.sent();
                            return [2 /*return*/, { rev: num(rs.rows[0][0]), object: String(rs.rows[0][1]) }];
                        case 4:
                            err_1 = _a.sent();
                            refused = REFUSAL.exec(err_1 instanceof Error ? err_1.message : String(err_1));
                            if (refused)
                                return [2 /*return*/, { refused: refused[1] }];
                            throw err_1;
                        case 5: return [2 /*return*/];
                    }
                });
            });
        },
        range: function (_a) {
            return __awaiter(this, arguments, void 0, function (_b) {
                var args, bind, sources, perSource, _c, revsRs, rs, revs, at, rows, more;
                var prefix = _b.prefix, _d = _b.after, after = _d === void 0 ? '' : _d, limit = _b.limit, rev = _b.rev, count = _b.count;
                return __generator(this, function (_e) {
                    switch (_e.label) {
                        case 0:
                            args = [prefix, after, end(prefix), limit === undefined ? -1 : limit + 1, rev !== null && rev !== void 0 ? rev : 0];
                            bind = function (sql, n) { return ({ sql: sql, args: args.slice(0, n) }); };
                            sources = rev === undefined
                                ? [[bind(CURRENT_ROWS(), 4), bind(CURRENT_COUNT(), 3)]]
                                : [[bind(CURRENT_ROWS(IS_LATEST), 5), bind(CURRENT_COUNT(IS_LATEST), 5)], [bind(PAST_ROWS, 5), bind(PAST_COUNT, 5)]];
                            perSource = count ? 2 : 1;
                            return [4 /*yield*/, client.batch(__spreadArray([REVS], sources.flatMap(function (s) { return s.slice(0, perSource); }), true), 'read')];
                        case 1:
                            _c = _e.sent(), revsRs = _c[0], rs = _c.slice(1);
                            revs = toRevs(revsRs);
                            at = rev === undefined || rev === revs.current ? 0 : perSource;
                            rows = rs[at].rows.map(toRow);
                            more = limit !== undefined && rows.length > limit;
                            if (more)
                                rows.length = limit;
                            return [2 /*return*/, __assign(__assign(__assign({}, revs), { rev: rev !== null && rev !== void 0 ? rev : revs.current, rows: rows, more: more }), (count ? { total: num(rs[at + 1].rows[0][0]) } : {}))];
                    }
                });
            });
        },
        after: function (afterRev, prefix, limit) {
            return __awaiter(this, void 0, void 0, function () {
                var _a, revsRs, rs;
                return __generator(this, function (_b) {
                    switch (_b.label) {
                        case 0: return [4 /*yield*/, client.batch([REVS, { sql: AFTER, args: [afterRev, prefix, end(prefix), limit !== null && limit !== void 0 ? limit : -1] }], 'read')];
                        case 1:
                            _a = _b.sent(), revsRs = _a[0], rs = _a[1];
                            return [2 /*return*/, __assign(__assign({}, toRevs(revsRs)), { rows: rs.rows.map(toLogRow) })];
                    }
                });
            });
        },
        compact: function (olderThanMs) {
            return __awaiter(this, void 0, void 0, function () {
                var rs, point, previous;
                return __generator(this, function (_a) {
                    switch (_a.label) {
                        case 0: return [4 /*yield*/, client.execute({ sql: COMPACT_POINT, args: [olderThanMs] })];
                        case 1:
                            rs = _a.sent();
                            point = num(rs.rows[0][0]);
                            previous = num(rs.rows[0][1]);
                            if (point <= previous)
                                return [2 /*return*/, previous];
                            return [4 /*yield*/, client.batch(COMPACT.map(function (sql) { return ({ sql: sql, args: [previous, point] }); }), 'write')];
                        case 2:
                            _a.sent();
                            return [2 /*return*/, point];
                    }
                });
            });
        },
    };
}
