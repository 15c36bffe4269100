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
exports.rolloutRecreate = rolloutRecreate;
var conditions_ts_1 = require("./conditions.ts");
var cleanup_ts_1 = require("./cleanup.ts");
var new_replicaset_ts_1 = require("./new-replicaset.ts");
var progress_ts_1 = require("./progress.ts");
var replicasets_ts_1 = require("./replicasets.ts");
var replicas_ts_1 = require("./replicas.ts");
var sync_ts_1 = require("./sync.ts");
/** `pods`: the Deployment's pods by the uid of the ReplicaSet controlling them. */
function rolloutRecreate(s, pods) {
    return __awaiter(this, void 0, void 0, function () {
        var _a, newRS, oldRSs, all, scaledDown, _i, _b, rs;
        var _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0: return [4 /*yield*/, (0, new_replicaset_ts_1.newAndOldReplicaSets)(s, false)];
                case 1:
                    _a = _d.sent(), newRS = _a.newRS, oldRSs = _a.oldRSs;
                    all = function () { return __spreadArray(__spreadArray([], oldRSs, true), [newRS], false).map(function (rs) { return (0, sync_ts_1.latest)(s, rs); }); };
                    scaledDown = false;
                    _i = 0, _b = (0, replicasets_ts_1.active)(oldRSs);
                    _d.label = 2;
                case 2:
                    if (!(_i < _b.length)) return [3 /*break*/, 5];
                    rs = _b[_i];
                    return [4 /*yield*/, (0, replicasets_ts_1.scaleReplicaSetAndRecordEvent)(s, rs, 0)];
                case 3:
                    if ((_d.sent()).scaled)
                        scaledDown = true;
                    _d.label = 4;
                case 4:
                    _i++;
                    return [3 /*break*/, 2];
                case 5:
                    if (scaledDown || oldPodsRunning(newRS, oldRSs.map(function (rs) { return (0, sync_ts_1.latest)(s, rs); }), pods))
                        return [2 /*return*/, (0, progress_ts_1.syncRolloutStatus)(s, all(), (0, sync_ts_1.latest)(s, newRS))];
                    if (!!newRS) return [3 /*break*/, 7];
                    return [4 /*yield*/, (0, new_replicaset_ts_1.newAndOldReplicaSets)(s, true)];
                case 6:
                    (_c = _d.sent(), newRS = _c.newRS, oldRSs = _c.oldRSs);
                    _d.label = 7;
                case 7: return [4 /*yield*/, (0, replicasets_ts_1.scaleReplicaSetAndRecordEvent)(s, newRS, (0, replicas_ts_1.specReplicas)(s.d))];
                case 8:
                    _d.sent();
                    if (!(0, conditions_ts_1.deploymentComplete)(s.d, s.d.status)) return [3 /*break*/, 10];
                    return [4 /*yield*/, (0, cleanup_ts_1.cleanupDeployment)(s, oldRSs)];
                case 9:
                    _d.sent();
                    _d.label = 10;
                case 10: return [2 /*return*/, (0, progress_ts_1.syncRolloutStatus)(s, all(), (0, sync_ts_1.latest)(s, newRS))];
            }
        });
    });
}
function oldPodsRunning(newRS, oldRSs, pods) {
    if ((0, replicas_ts_1.sumStatus)(oldRSs, 'replicas') > 0)
        return true;
    for (var _i = 0, pods_1 = pods; _i < pods_1.length; _i++) {
        var _a = pods_1[_i], uid = _a[0], list = _a[1];
        if (uid === (newRS === null || newRS === void 0 ? void 0 : newRS.metadata.uid))
            continue;
        // only a finished pod is sure not to run (Unknown may still be running somewhere)
        if (list.some(function (p) { var _a, _b; return ((_a = p.status) === null || _a === void 0 ? void 0 : _a.phase) !== 'Succeeded' && ((_b = p.status) === null || _b === void 0 ? void 0 : _b.phase) !== 'Failed'; }))
            return true;
    }
    return false;
}
