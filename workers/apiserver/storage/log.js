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
Object.defineProperty(exports, "__esModule", { value: true });
exports.encode = encode;
exports.decode = decode;
exports.eventLog = eventLog;
/** The stored form: the object without metadata.resourceVersion. */
function encode(obj) {
    var _a;
    if (((_a = obj.metadata) === null || _a === void 0 ? void 0 : _a.resourceVersion) === undefined)
        return JSON.stringify(obj);
    var _b = obj.metadata, _ = _b.resourceVersion, metadata = __rest(_b, ["resourceVersion"]);
    return JSON.stringify(__assign(__assign({}, obj), { metadata: metadata }));
}
/** A stored object as of the write `rev`. */
function decode(text, rev) {
    var obj = JSON.parse(text);
    obj.metadata = __assign(__assign({}, obj.metadata), { resourceVersion: String(rev) });
    return obj;
}
function eventLog(dialect) {
    return {
        revs: function () { return dialect.revs(); },
        get: function (key) {
            return __awaiter(this, void 0, void 0, function () {
                var row;
                return __generator(this, function (_a) {
                    switch (_a.label) {
                        case 0: return [4 /*yield*/, dialect.get(key)];
                        case 1:
                            row = _a.sent();
                            return [2 /*return*/, row && decode(row.object, row.rev)];
                    }
                });
            });
        },
        append: function (key, type, object, prevRev) {
            return __awaiter(this, void 0, void 0, function () {
                var res;
                return __generator(this, function (_a) {
                    switch (_a.label) {
                        case 0: return [4 /*yield*/, dialect.insert(key, type, object && encode(object), prevRev)];
                        case 1:
                            res = _a.sent();
                            if ('refused' in res)
                                return [2 /*return*/, res];
                            return [2 /*return*/, { rev: res.rev, object: decode(res.object, res.rev) }];
                    }
                });
            });
        },
        snapshot: function (q) {
            return __awaiter(this, void 0, void 0, function () {
                var _a, rows, range;
                return __generator(this, function (_b) {
                    switch (_b.label) {
                        case 0: return [4 /*yield*/, dialect.range(q)];
                        case 1:
                            _a = _b.sent(), rows = _a.rows, range = __rest(_a, ["rows"]);
                            return [2 /*return*/, __assign(__assign({}, range), { entries: rows.map(function (r) { return ({ key: r.key, object: decode(r.object, r.rev) }); }) })];
                    }
                });
            });
        },
        after: function (afterRev, prefix, limit) {
            return __awaiter(this, void 0, void 0, function () {
                var _a, rows, revs, events;
                return __generator(this, function (_b) {
                    switch (_b.label) {
                        case 0: return [4 /*yield*/, dialect.after(afterRev, prefix, limit)];
                        case 1:
                            _a = _b.sent(), rows = _a.rows, revs = __rest(_a, ["rows"]);
                            events = rows.map(function (r) {
                                var event = { rev: r.rev, key: r.key, type: r.type, object: decode(r.object, r.rev), prevRev: r.prevRev };
                                if (r.prevObject !== null)
                                    event.prevObject = decode(r.prevObject, r.prevRev);
                                return event;
                            });
                            return [2 /*return*/, __assign(__assign({}, revs), { events: events })];
                    }
                });
            });
        },
        compact: function (olderThanMs) { return dialect.compact(olderThanMs); },
    };
}
