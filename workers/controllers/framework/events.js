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
exports.eventRecorder = eventRecorder;
var client_ts_1 = require("../../../lib/client/client.ts");
var resources_ts_1 = require("../../../lib/client/resources.ts");
var rfc3339 = function (d) { return d.toISOString().replace(/\.\d{3}Z$/, 'Z'); };
var recent = new Map();
var MAX_REMEMBERED = 1000;
function eventRecorder(api, component, now) {
    function record(obj, type, reason, message) {
        return __awaiter(this, void 0, void 0, function () {
            var namespace, key, t, seen, e_1, name;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        namespace = obj.metadata.namespace || 'default';
                        key = "".concat(obj.metadata.uid, "\0").concat(component, "\0").concat(reason, "\0").concat(message);
                        t = rfc3339(now());
                        seen = recent.get(key);
                        if (!seen) return [3 /*break*/, 4];
                        _a.label = 1;
                    case 1:
                        _a.trys.push([1, 3, , 4]);
                        seen.count++;
                        return [4 /*yield*/, api.patch(resources_ts_1.RESOURCES.events, seen.namespace, seen.name, { count: seen.count, lastTimestamp: t })];
                    case 2:
                        _a.sent();
                        return [2 /*return*/];
                    case 3:
                        e_1 = _a.sent();
                        if (!(0, client_ts_1.isNotFound)(e_1))
                            throw e_1; // expired meanwhile: create a new one
                        recent.delete(key);
                        return [3 /*break*/, 4];
                    case 4:
                        name = "".concat(obj.metadata.name, ".").concat((BigInt(now().getTime()) * 1000000n + BigInt(Math.floor(Math.random() * 1e6))).toString(16));
                        return [4 /*yield*/, api.create(resources_ts_1.RESOURCES.events, namespace, {
                                apiVersion: 'v1',
                                kind: 'Event',
                                metadata: { name: name, namespace: namespace },
                                involvedObject: { kind: obj.kind, namespace: obj.metadata.namespace, name: obj.metadata.name, uid: obj.metadata.uid, apiVersion: obj.apiVersion, resourceVersion: obj.metadata.resourceVersion },
                                reason: reason,
                                message: message,
                                source: { component: component },
                                firstTimestamp: t,
                                lastTimestamp: t,
                                count: 1,
                                type: type,
                                eventTime: null,
                                reportingComponent: component,
                                reportingInstance: '',
                            })];
                    case 5:
                        _a.sent();
                        if (recent.size >= MAX_REMEMBERED)
                            recent.delete(recent.keys().next().value);
                        recent.set(key, { namespace: namespace, name: name, count: 1 });
                        return [2 /*return*/];
                }
            });
        });
    }
    return {
        normal: function (obj, reason, message) { return record(obj, 'Normal', reason, message); },
        warning: function (obj, reason, message) { return record(obj, 'Warning', reason, message); },
    };
}
