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
exports.groupOf = void 0;
exports.resourceMap = resourceMap;
exports.forgetDiscovery = forgetDiscovery;
exports.mapOf = mapOf;
/** Kubernetes' GC ignores events (DefaultIgnoredResources): nothing is owned by them, and they are many. */
var IGNORED = new Set(['/events', 'events.k8s.io/events']);
var CACHE_MS = 5 * 60000;
var cached;
/** `v1` → '', `apps/v1` → 'apps': the group of an apiVersion. */
var groupOf = function (apiVersion) { return (apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : ''); };
exports.groupOf = groupOf;
function resourceMap(api) {
    if (cached && Date.now() - cached.at < CACHE_MS)
        return cached.map;
    var map = discover(api);
    cached = { at: Date.now(), map: map };
    map.catch(function () { return (cached = undefined); }); // a failed discovery is retried on the next call
    return map;
}
/** Drops the cached discovery (tests serving different resources). */
function forgetDiscovery() {
    cached = undefined;
}
function discover(api) {
    return __awaiter(this, void 0, void 0, function () {
        var get, groups, lists;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    get = function (path) { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                        switch (_a.label) {
                            case 0: return [4 /*yield*/, api.request('GET', path)];
                            case 1: return [4 /*yield*/, (_a.sent()).json()];
                            case 2: return [2 /*return*/, (_a.sent())];
                        }
                    }); }); };
                    return [4 /*yield*/, get('/apis')];
                case 1:
                    groups = _a.sent();
                    return [4 /*yield*/, Promise.all(__spreadArray([get('/api/v1')], groups.groups.map(function (g) { return get("/apis/".concat(g.preferredVersion.groupVersion)); }), true))];
                case 2:
                    lists = _a.sent();
                    return [2 /*return*/, mapOf(lists)];
            }
        });
    });
}
/** Builds the map from discovery's resource lists (exported for tests). */
function mapOf(lists) {
    var all = [];
    var collectable = [];
    for (var _i = 0, lists_1 = lists; _i < lists_1.length; _i++) {
        var list = lists_1[_i];
        var group = (0, exports.groupOf)(list.groupVersion);
        var version = list.groupVersion.slice(list.groupVersion.indexOf('/') + 1);
        for (var _a = 0, _b = list.resources; _a < _b.length; _a++) {
            var r = _b[_a];
            if (r.name.includes('/'))
                continue; // subresources
            var res = { group: group, version: version, resource: r.name, namespaced: r.namespaced, kind: r.kind };
            all.push(res);
            if (!IGNORED.has("".concat(group, "/").concat(r.name)) && r.verbs.includes('list') && r.verbs.includes('delete'))
                collectable.push(res);
        }
    }
    var kinds = new Map(all.map(function (r) { return ["".concat(r.group, "/").concat(r.kind), r]; }));
    var resources = new Map(all.map(function (r) { return ["".concat(r.group, "/").concat(r.resource), r]; }));
    return {
        byKind: function (group, kind) { return kinds.get("".concat(group, "/").concat(kind)); },
        byResource: function (group, resource) { return resources.get("".concat(group, "/").concat(resource)); },
        collectable: collectable,
    };
}
