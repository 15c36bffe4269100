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
exports.findNewReplicaSet = exports.active = void 0;
exports.byCreation = byCreation;
exports.claimReplicaSets = claimReplicaSets;
exports.findOldReplicaSets = findOldReplicaSets;
exports.scaleReplicaSet = scaleReplicaSet;
exports.scaleReplicaSetAndRecordEvent = scaleReplicaSetAndRecordEvent;
var resources_ts_1 = require("../../../lib/client/resources.ts");
var label_ts_1 = require("../../../lib/selectors/label.ts");
var manage_ts_1 = require("../replicaset/manage.ts");
var ownership_ts_1 = require("../replicaset/ownership.ts");
var hash_ts_1 = require("./hash.ts");
var replicas_ts_1 = require("./replicas.ts");
var revision_ts_1 = require("./revision.ts");
var sync_ts_1 = require("./sync.ts");
var created = function (rs) { var _a; return Date.parse((_a = rs.metadata.creationTimestamp) !== null && _a !== void 0 ? _a : '') || 0; };
/** Oldest first, then by name (controller.ReplicaSetsByCreationTimestamp). */
function byCreation(a, b) {
    var _a, _b, _c, _d;
    var d = created(a) - created(b);
    if (d !== 0)
        return d;
    return ((_a = a.metadata.name) !== null && _a !== void 0 ? _a : '') < ((_b = b.metadata.name) !== null && _b !== void 0 ? _b : '') ? -1 : ((_c = a.metadata.name) !== null && _c !== void 0 ? _c : '') > ((_d = b.metadata.name) !== null && _d !== void 0 ? _d : '') ? 1 : 0;
}
/** ReplicaSets with pods wanted. */
var active = function (rss) { return rss.filter(function (rs) { return !!rs && (0, replicas_ts_1.specReplicas)(rs) > 0; }); };
exports.active = active;
/** The ReplicaSets of the namespace the Deployment controls, after adopting and releasing. */
function claimReplicaSets(ctx, d) {
    return __awaiter(this, void 0, void 0, function () {
        var items, selector;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.replicasets, { namespace: d.metadata.namespace })];
                case 1:
                    items = (_b.sent()).items;
                    selector = (0, label_ts_1.fromLabelSelector)((_a = d.spec) === null || _a === void 0 ? void 0 : _a.selector);
                    return [2 /*return*/, (0, ownership_ts_1.claim)(ctx.api, resources_ts_1.RESOURCES.replicasets, d, items, function (rs) { return (0, label_ts_1.matches)(selector, rs.metadata.labels); })];
            }
        });
    });
}
/** The ReplicaSet running the Deployment's template; the oldest if, somehow, several do. */
var findNewReplicaSet = function (d, rsList) {
    return __spreadArray([], rsList, true).sort(byCreation).find(function (rs) { var _a, _b; return (0, hash_ts_1.equalIgnoreHash)((_a = rs.spec) === null || _a === void 0 ? void 0 : _a.template, (_b = d.spec) === null || _b === void 0 ? void 0 : _b.template); });
};
exports.findNewReplicaSet = findNewReplicaSet;
/** Every other ReplicaSet of the Deployment. */
function findOldReplicaSets(d, rsList) {
    var newRS = (0, exports.findNewReplicaSet)(d, rsList);
    return rsList.filter(function (rs) { return rs.metadata.uid !== (newRS === null || newRS === void 0 ? void 0 : newRS.metadata.uid); });
}
/**
 * Resizes a ReplicaSet to `to` and refreshes its size annotations; the event says `op` ("up" or
 * "down"). Returns whether the size changed, and the ReplicaSet as written.
 */
function scaleReplicaSet(s, stale, to, op) {
    return __awaiter(this, void 0, void 0, function () {
        var rs, from, desired, max, resize, copy, written, _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    rs = (0, sync_ts_1.latest)(s, stale);
                    from = (0, replicas_ts_1.specReplicas)(rs);
                    desired = (0, replicas_ts_1.specReplicas)(s.d);
                    max = desired + (0, replicas_ts_1.maxSurge)(s.d);
                    resize = from !== to;
                    if (!resize && !(0, revision_ts_1.replicasAnnotationsNeedUpdate)(rs, desired, max))
                        return [2 /*return*/, { scaled: false, rs: rs }];
                    copy = structuredClone(rs);
                    copy.spec = __assign(__assign({}, copy.spec), { replicas: to });
                    (0, revision_ts_1.setReplicasAnnotations)(copy, desired, max);
                    _a = sync_ts_1.remember;
                    _b = [s];
                    return [4 /*yield*/, s.ctx.api.update(resources_ts_1.RESOURCES.replicasets, copy)];
                case 1:
                    written = _a.apply(void 0, _b.concat([_c.sent()]));
                    if (!resize) return [3 /*break*/, 3];
                    return [4 /*yield*/, (0, manage_ts_1.emit)(s.ctx.events.normal(s.d, 'ScalingReplicaSet', "Scaled ".concat(op, " replica set ").concat(rs.metadata.name, " from ").concat(from, " to ").concat(to)))];
                case 2:
                    _c.sent();
                    _c.label = 3;
                case 3: return [2 /*return*/, { scaled: resize, rs: written }];
            }
        });
    });
}
/** scaleReplicaSet, the direction read from the sizes; nothing when the size is already right. */
function scaleReplicaSetAndRecordEvent(s, stale, to) {
    return __awaiter(this, void 0, void 0, function () {
        var rs;
        return __generator(this, function (_a) {
            rs = (0, sync_ts_1.latest)(s, stale);
            if ((0, replicas_ts_1.specReplicas)(rs) === to)
                return [2 /*return*/, { scaled: false, rs: rs }];
            return [2 /*return*/, scaleReplicaSet(s, rs, to, (0, replicas_ts_1.specReplicas)(rs) < to ? 'up' : 'down')];
        });
    });
}
