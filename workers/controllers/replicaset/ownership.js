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
exports.controllerOf = void 0;
exports.controllerRef = controllerRef;
exports.claim = claim;
var client_ts_1 = require("../../../lib/client/client.ts");
var controllerOf = function (o) { var _a; return (_a = o.metadata.ownerReferences) === null || _a === void 0 ? void 0 : _a.find(function (r) { return r.controller; }); };
exports.controllerOf = controllerOf;
/** The ownerReference a controller puts on what it creates or adopts. */
function controllerRef(owner) {
    return { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name, uid: owner.metadata.uid, controller: true, blockOwnerDeletion: true };
}
/**
 * The dependent changed under us (gone, replaced by another of the same name, or its references
 * no longer what we patch): skip it; the change it made brings us back with the truth.
 */
var changedMeanwhile = function (e) { return e instanceof client_ts_1.ApiError && (e.code === 404 || e.code === 409 || e.code === 422); };
/**
 * The candidates the owner controls after adopting and releasing. The patches carry the
 * dependent's uid, so a dependent deleted and recreated under the same name is left alone.
 */
function claim(api, res, owner, candidates, matches) {
    return __awaiter(this, void 0, void 0, function () {
        var ownerDeleting, results;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    ownerDeleting = !!owner.metadata.deletionTimestamp;
                    return [4 /*yield*/, Promise.all(candidates.map(function (o) { return __awaiter(_this, void 0, void 0, function () {
                            var ref;
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0:
                                        ref = (0, exports.controllerOf)(o);
                                        if (!ref) return [3 /*break*/, 3];
                                        if (ref.uid !== owner.metadata.uid)
                                            return [2 /*return*/, undefined];
                                        if (matches(o))
                                            return [2 /*return*/, o];
                                        if (!!ownerDeleting) return [3 /*break*/, 2];
                                        return [4 /*yield*/, patchOwners(api, res, o, [{ $patch: 'delete', uid: owner.metadata.uid }])];
                                    case 1:
                                        _a.sent();
                                        _a.label = 2;
                                    case 2: return [2 /*return*/, undefined];
                                    case 3:
                                        if (ownerDeleting || o.metadata.deletionTimestamp || !matches(o))
                                            return [2 /*return*/, undefined];
                                        return [2 /*return*/, patchOwners(api, res, o, [controllerRef(owner)])];
                                }
                            });
                        }); }))];
                case 1:
                    results = _a.sent();
                    return [2 /*return*/, results.filter(function (o) { return o !== undefined; })];
            }
        });
    });
}
function patchOwners(api, res, o, ownerReferences) {
    return __awaiter(this, void 0, void 0, function () {
        var e_1;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    _a.trys.push([0, 2, , 3]);
                    return [4 /*yield*/, api.patch(res, o.metadata.namespace, o.metadata.name, { metadata: { ownerReferences: ownerReferences, uid: o.metadata.uid } }, 'strategic')];
                case 1: return [2 /*return*/, _a.sent()];
                case 2:
                    e_1 = _a.sent();
                    if (changedMeanwhile(e_1))
                        return [2 /*return*/, undefined];
                    throw e_1;
                case 3: return [2 /*return*/];
            }
        });
    });
}
