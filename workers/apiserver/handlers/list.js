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
exports.encodeContinue = encodeContinue;
exports.decodeContinue = decodeContinue;
exports.listHandler = listHandler;
exports.listOf = listOf;
var errors_ts_1 = require("../../../lib/errors.ts");
var index_ts_1 = require("../registry/index.ts");
var negotiate_ts_1 = require("../request/negotiate.ts");
var filter_ts_1 = require("../rest/filter.ts");
var table_ts_1 = require("../rest/table.ts");
var get_ts_1 = require("./get.ts");
var params_ts_1 = require("./params.ts");
var respond_ts_1 = require("./respond.ts");
var TOO_OLD_CONTINUE = 'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.';
function encodeContinue(t) {
    return btoa(JSON.stringify(t)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function decodeContinue(s) {
    try {
        var b64 = s.replace(/-/g, '+').replace(/_/g, '/');
        var t = JSON.parse(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)));
        if (t.v !== 'meta.k8s.io/v1' || !Number.isInteger(t.rv) || typeof t.start !== 'string' || t.start.includes('..'))
            throw new Error();
        return t;
    }
    catch (_b) {
        throw (0, errors_ts_1.badRequest)('continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
    }
}
function listHandler(c, desc) {
    return __awaiter(this, void 0, void 0, function () {
        var info, q, storage, filter, limit, prefix, base, rev, after, token, rv, t, _b, n, _c, _d, _e, _f, result, e_1, meta, rep;
        var _g, _h;
        return __generator(this, function (_j) {
            switch (_j.label) {
                case 0:
                    info = c.get('info');
                    q = new URL(c.req.url).searchParams;
                    storage = c.get('storage');
                    filter = (0, filter_ts_1.objectFilter)(desc, (_g = q.get('labelSelector')) !== null && _g !== void 0 ? _g : undefined, (_h = q.get('fieldSelector')) !== null && _h !== void 0 ? _h : undefined);
                    limit = (0, params_ts_1.intParam)(q, 'limit');
                    prefix = (0, index_ts_1.storagePrefix)(desc, info.namespace || undefined);
                    base = prefix.slice(0, -1);
                    token = q.get('continue');
                    rv = q.get('resourceVersion');
                    if (!token) return [3 /*break*/, 2];
                    if (rv && rv !== '0')
                        throw (0, errors_ts_1.badRequest)('specifying resource version is not allowed when using continue');
                    t = decodeContinue(token);
                    _b = t.rv;
                    return [4 /*yield*/, storage.compactedRev()];
                case 1:
                    if (_b < (_j.sent()))
                        throw (0, errors_ts_1.expired)(TOO_OLD_CONTINUE);
                    rev = t.rv;
                    after = base + t.start.replace(/\u0000$/, '');
                    return [3 /*break*/, 6];
                case 2:
                    if (!(rv && rv !== '0')) return [3 /*break*/, 6];
                    n = Number(rv);
                    if (!Number.isInteger(n) || n < 0)
                        throw (0, errors_ts_1.badRequest)("invalid resource version: ".concat(JSON.stringify(rv)));
                    if (!(q.get('resourceVersionMatch') === 'Exact')) return [3 /*break*/, 3];
                    rev = n;
                    return [3 /*break*/, 6];
                case 3:
                    _c = n;
                    return [4 /*yield*/, storage.currentRev()];
                case 4:
                    if (!(_c > (_j.sent()))) return [3 /*break*/, 6];
                    _d = errors_ts_1.timeout;
                    _f = (_e = "Too large resource version: ".concat(n, ", current: ")).concat;
                    return [4 /*yield*/, storage.currentRev()];
                case 5: throw _d.apply(void 0, [_f.apply(_e, [_j.sent()])]);
                case 6:
                    _j.trys.push([6, 8, , 9]);
                    return [4 /*yield*/, storage.list(prefix, { rev: rev, after: after, limit: limit && limit > 0 ? limit : undefined, filter: filter })];
                case 7:
                    result = _j.sent();
                    return [3 /*break*/, 9];
                case 8:
                    e_1 = _j.sent();
                    if (token && e_1.code === 410)
                        throw (0, errors_ts_1.expired)(TOO_OLD_CONTINUE);
                    throw e_1;
                case 9:
                    meta = { resourceVersion: String(result.rev) };
                    if (result.lastKey !== undefined) {
                        meta.continue = encodeContinue({ v: 'meta.k8s.io/v1', rv: result.rev, start: result.lastKey.slice(base.length) + '\u0000' });
                        if (result.remaining !== undefined)
                            meta.remainingItemCount = result.remaining;
                    }
                    rep = (0, negotiate_ts_1.negotiate)(c.req.header('Accept'));
                    if (rep.as === 'table')
                        return [2 /*return*/, (0, respond_ts_1.json)(c, (0, table_ts_1.tableOf)(desc, result.items, { version: rep.version, includeObject: (0, get_ts_1.includeObject)(q) }, meta), 200, (0, get_ts_1.tableType)(rep.version))];
                    return [2 /*return*/, (0, respond_ts_1.json)(c, listOf(desc, result.items, meta))];
            }
        });
    });
}
/** `<Kind>List`; items carry no apiVersion/kind, as Kubernetes encodes typed lists. */
function listOf(desc, items, metadata) {
    return {
        kind: "".concat(desc.kind, "List"),
        apiVersion: desc.group ? "".concat(desc.group, "/").concat(desc.version) : desc.version,
        metadata: metadata,
        items: items.map(function (_b) {
            var _a = _b.apiVersion, _k = _b.kind, rest = __rest(_b, ["apiVersion", "kind"]);
            return rest;
        }),
    };
}
