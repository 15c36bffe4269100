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
exports.bindingHandler = bindingHandler;
var errors_ts_1 = require("../../../lib/errors.ts");
var store_ts_1 = require("../rest/store.ts");
var meta_ts_1 = require("../rest/meta.ts");
var body_ts_1 = require("./body.ts");
var respond_ts_1 = require("./respond.ts");
var store_context_ts_1 = require("./store-context.ts");
var decode_ts_1 = require("../codec/decode.ts");
var binding_ts_1 = require("../../../lib/api/core/binding.ts");
function bindingHandler(c, desc) {
    return __awaiter(this, void 0, void 0, function () {
        var info, body, object, binding, node, ctx;
        var _this = this;
        var _a, _b, _c, _d, _e;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0:
                    info = c.get('info');
                    return [4 /*yield*/, (0, body_ts_1.readBody)(c, body_ts_1.OBJECT_TYPES)];
                case 1:
                    body = _f.sent();
                    object = (0, decode_ts_1.decodeBody)(body.bytes, body.contentType, { schema: binding_ts_1.bindingSchema, group: '', version: 'v1', kind: 'Binding' }, 'Ignore').object;
                    binding = object;
                    node = (_a = binding.target) === null || _a === void 0 ? void 0 : _a.name;
                    if (!node)
                        throw (0, errors_ts_1.badRequest)('Binding.target.name is required');
                    if (((_c = (_b = binding.target) === null || _b === void 0 ? void 0 : _b.kind) !== null && _c !== void 0 ? _c : 'Node') !== 'Node')
                        throw (0, errors_ts_1.badRequest)("Binding target kind must be Node, not ".concat((_d = binding.target) === null || _d === void 0 ? void 0 : _d.kind));
                    if (((_e = binding.metadata) === null || _e === void 0 ? void 0 : _e.name) && binding.metadata.name !== info.name)
                        throw (0, errors_ts_1.badRequest)("the name of the object (".concat(binding.metadata.name, ") does not match the name on the URL (").concat(info.name, ")"));
                    ctx = (0, store_context_ts_1.storeContext)(c);
                    return [4 /*yield*/, (0, store_ts_1.retrying)(function () { return __awaiter(_this, void 0, void 0, function () {
                            var pod, spec, next, status;
                            var _a, _b, _c;
                            return __generator(this, function (_d) {
                                switch (_d.label) {
                                    case 0: return [4 /*yield*/, (0, store_ts_1.getObject)(ctx, desc, info.namespace, info.name)];
                                    case 1:
                                        pod = _d.sent();
                                        spec = ((_a = pod.spec) !== null && _a !== void 0 ? _a : {});
                                        if (pod.metadata.deletionTimestamp)
                                            throw (0, errors_ts_1.conflict)({ group: '', resource: 'pods' }, info.name, "pod ".concat(info.name, " is being deleted, cannot be assigned to a host"));
                                        if (spec.nodeName)
                                            throw (0, errors_ts_1.conflict)({ group: '', resource: 'pods' }, info.name, "pod ".concat(info.name, " is already assigned to node \"").concat(spec.nodeName, "\""));
                                        next = (0, meta_ts_1.clone)(pod);
                                        next.spec.nodeName = node;
                                        status = ((_b = next.status) !== null && _b !== void 0 ? _b : (next.status = {}));
                                        status.conditions = __spreadArray(__spreadArray([], ((_c = status.conditions) !== null && _c !== void 0 ? _c : []).filter(function (x) { return x.type !== 'PodScheduled'; }), true), [{ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: (0, meta_ts_1.rfc3339)(ctx.now()) }], false);
                                        return [2 /*return*/, (0, store_ts_1.writeDirect)(ctx, desc, pod, next)];
                                }
                            });
                        }); })];
                case 2:
                    _f.sent();
                    return [2 /*return*/, (0, respond_ts_1.json)(c, (0, respond_ts_1.success)({}), 201)];
            }
        });
    });
}
