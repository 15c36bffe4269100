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
exports.SYSTEM_NAMESPACES = void 0;
exports.ensureSystemObjects = ensureSystemObjects;
var index_ts_1 = require("./registry/index.ts");
var store_ts_1 = require("./rest/store.ts");
var store_context_ts_1 = require("./handlers/store-context.ts");
var cluster_ip_ts_1 = require("./admission/cluster-ip.ts");
exports.SYSTEM_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];
var APISERVER = { username: 'system:apiserver', groups: ['system:masters'] };
var kubernetesService = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'kubernetes', labels: { component: 'apiserver', provider: 'kubernetes' } },
    spec: { clusterIP: '10.96.0.1', ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }], sessionAffinity: 'None', type: 'ClusterIP' },
};
function ensureSystemObjects(env, storage, cluster, waitUntil) {
    return __awaiter(this, void 0, void 0, function () {
        var ctx, namespaces, services, existing, _a, _i, _b, name;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    ctx = (0, store_context_ts_1.committing)(env, waitUntil, { storage: storage, cluster: cluster, user: APISERVER, manager: 'kube-apiserver', dryRun: false, now: function () { return new Date(); } });
                    namespaces = (0, index_ts_1.byResource)('', 'v1', 'namespaces');
                    services = (0, index_ts_1.byResource)('', 'v1', 'services');
                    _a = Set.bind;
                    return [4 /*yield*/, storage.list('/registry/namespaces/')];
                case 1:
                    existing = new (_a.apply(Set, [void 0, (_c.sent()).items.map(function (n) { return n.metadata.name; })]))();
                    _i = 0, _b = exports.SYSTEM_NAMESPACES.filter(function (n) { return !existing.has(n); });
                    _c.label = 2;
                case 2:
                    if (!(_i < _b.length)) return [3 /*break*/, 5];
                    name = _b[_i];
                    return [4 /*yield*/, ignoreExists((0, store_ts_1.createObject)(ctx, namespaces, '', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: name } }))];
                case 3:
                    _c.sent();
                    _c.label = 4;
                case 4:
                    _i++;
                    return [3 /*break*/, 2];
                case 5: return [4 /*yield*/, storage.get('/registry/services/default/kubernetes')];
                case 6:
                    if (!!(_c.sent())) return [3 /*break*/, 8];
                    return [4 /*yield*/, ignoreExists((0, store_ts_1.createObject)(ctx, services, 'default', withClusterIP(kubernetesService, (0, cluster_ip_ts_1.kubernetesServiceIP)(env.SERVICE_CLUSTER_IP_RANGE))))];
                case 7:
                    _c.sent();
                    _c.label = 8;
                case 8: return [2 /*return*/];
            }
        });
    });
}
/** The `kubernetes` service takes the first address of the service range. */
function withClusterIP(svc, ip) {
    var copy = structuredClone(svc);
    copy.spec.clusterIP = ip;
    return copy;
}
/** Another isolate may bootstrap at the same moment: its create winning is fine. */
function ignoreExists(p) {
    return __awaiter(this, void 0, void 0, function () {
        var e_1;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    _a.trys.push([0, 2, , 3]);
                    return [4 /*yield*/, p];
                case 1:
                    _a.sent();
                    return [3 /*break*/, 3];
                case 2:
                    e_1 = _a.sent();
                    if (e_1.code !== 409)
                        throw e_1;
                    return [3 /*break*/, 3];
                case 3: return [2 /*return*/];
            }
        });
    });
}
