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
exports.cleanupDeployment = cleanupDeployment;
var resources_ts_1 = require("../../../lib/client/resources.ts");
var replicasets_ts_1 = require("./replicasets.ts");
var replicas_ts_1 = require("./replicas.ts");
var revision_ts_1 = require("./revision.ts");
var sync_ts_1 = require("./sync.ts");
var byRevision = function (a, b) { var _a, _b; return ((_a = (0, revision_ts_1.revisionOf)(a)) !== null && _a !== void 0 ? _a : 0) - ((_b = (0, revision_ts_1.revisionOf)(b)) !== null && _b !== void 0 ? _b : 0) || (0, replicasets_ts_1.byCreation)(a, b); };
function cleanupDeployment(s, oldRSs) {
    return __awaiter(this, void 0, void 0, function () {
        var limit, cleanable, excess, _i, _a, rs, empty, observed;
        var _b, _c, _d, _e, _f, _g;
        return __generator(this, function (_h) {
            switch (_h.label) {
                case 0:
                    limit = (_b = s.d.spec) === null || _b === void 0 ? void 0 : _b.revisionHistoryLimit;
                    if (limit === undefined || limit === null)
                        return [2 /*return*/];
                    cleanable = oldRSs.map(function (rs) { return (0, sync_ts_1.latest)(s, rs); }).filter(function (rs) { return !rs.metadata.deletionTimestamp; });
                    excess = cleanable.length - limit;
                    if (excess <= 0)
                        return [2 /*return*/];
                    _i = 0, _a = cleanable.sort(byRevision).slice(0, excess);
                    _h.label = 1;
                case 1:
                    if (!(_i < _a.length)) return [3 /*break*/, 4];
                    rs = _a[_i];
                    empty = ((_d = (_c = rs.status) === null || _c === void 0 ? void 0 : _c.replicas) !== null && _d !== void 0 ? _d : 0) === 0 && (0, replicas_ts_1.specReplicas)(rs) === 0;
                    observed = ((_e = rs.metadata.generation) !== null && _e !== void 0 ? _e : 0) <= ((_g = (_f = rs.status) === null || _f === void 0 ? void 0 : _f.observedGeneration) !== null && _g !== void 0 ? _g : 0);
                    if (!empty || !observed)
                        return [3 /*break*/, 3];
                    return [4 /*yield*/, s.ctx.api.delete(resources_ts_1.RESOURCES.replicasets, rs.metadata.namespace, rs.metadata.name)];
                case 2:
                    _h.sent();
                    _h.label = 3;
                case 3:
                    _i++;
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/];
            }
        });
    });
}
