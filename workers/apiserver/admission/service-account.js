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
exports.serviceAccount = void 0;
/**
 * ServiceAccount admission for pods: the pod runs as a ServiceAccount (`default` unless named)
 * and gets the projected kube-api-access volume (token, cluster CA, namespace) mounted in every
 * container, as errors-validation-defaults.md §4.2 describes.
 */
var errors_ts_1 = require("../../../lib/errors.ts");
var meta_ts_1 = require("../rest/meta.ts");
var MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';
var serviceAccount = function (ctx, desc, obj) { return __awaiter(void 0, void 0, void 0, function () {
    var spec, ns, saName, sa, name, saSpec, automount, volume, _i, _a, c;
    var _b, _c, _d, _e, _f, _g, _h, _j, _k;
    return __generator(this, function (_l) {
        switch (_l.label) {
            case 0:
                if (desc.group !== '' || desc.resource !== 'pods')
                    return [2 /*return*/];
                spec = ((_b = obj.spec) !== null && _b !== void 0 ? _b : (obj.spec = {}));
                ns = obj.metadata.namespace;
                saName = spec.serviceAccountName || spec.serviceAccount || 'default';
                spec.serviceAccountName = saName;
                spec.serviceAccount = saName;
                return [4 /*yield*/, ctx.storage.get("/registry/serviceaccounts/".concat(ns, "/").concat(saName))];
            case 1:
                sa = _l.sent();
                // `default` is created by the ServiceAccount controller right after its namespace; a pod
                // created in that short window is admitted as if the account existed
                if (!sa && saName !== 'default') {
                    name = obj.metadata.name || obj.metadata.generateName || 'Unknown';
                    throw (0, errors_ts_1.forbidden)({ group: '', resource: 'pods' }, name, "error looking up service account ".concat(ns, "/").concat(saName, ": serviceaccount \"").concat(saName, "\" not found"));
                }
                saSpec = (sa !== null && sa !== void 0 ? sa : {});
                if (!((_c = spec.imagePullSecrets) === null || _c === void 0 ? void 0 : _c.length) && ((_d = saSpec.imagePullSecrets) === null || _d === void 0 ? void 0 : _d.length))
                    spec.imagePullSecrets = saSpec.imagePullSecrets;
                automount = (_f = (_e = spec.automountServiceAccountToken) !== null && _e !== void 0 ? _e : saSpec.automountServiceAccountToken) !== null && _f !== void 0 ? _f : true;
                if (!automount)
                    return [2 /*return*/];
                (_g = spec.volumes) !== null && _g !== void 0 ? _g : (spec.volumes = []);
                volume = spec.volumes.find(function (v) { return v.name.startsWith('kube-api-access-'); });
                if (!volume) {
                    volume = {
                        name: "kube-api-access-".concat((0, meta_ts_1.randomSuffix)()),
                        projected: {
                            defaultMode: 420,
                            sources: [
                                { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
                                { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
                                { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
                            ],
                        },
                    };
                    spec.volumes.push(volume);
                }
                for (_i = 0, _a = __spreadArray(__spreadArray([], ((_h = spec.initContainers) !== null && _h !== void 0 ? _h : []), true), ((_j = spec.containers) !== null && _j !== void 0 ? _j : []), true); _i < _a.length; _i++) {
                    c = _a[_i];
                    (_k = c.volumeMounts) !== null && _k !== void 0 ? _k : (c.volumeMounts = []);
                    if (!c.volumeMounts.some(function (m) { return m.mountPath === MOUNT_PATH; }))
                        c.volumeMounts.push({ name: volume.name, readOnly: true, mountPath: MOUNT_PATH });
                }
                return [2 /*return*/];
        }
    });
}); };
exports.serviceAccount = serviceAccount;
