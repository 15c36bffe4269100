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
Object.defineProperty(exports, "__esModule", { value: true });
exports.template = exports.NS = void 0;
exports.simulation = simulation;
var controller_ts_1 = require("../replicaset/controller.ts");
var fake_api_test_support_ts_1 = require("../replicaset/fake-api.test-support.ts");
var controller_ts_2 = require("./controller.ts");
exports.NS = 'ns';
var template = function (image) { return ({ metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: image }] } }); };
exports.template = template;
function simulation() {
    var api = new fake_api_test_support_ts_1.FakeApi();
    var dctx = (0, fake_api_test_support_ts_1.fakeContext)(api);
    var rctx = (0, fake_api_test_support_ts_1.fakeContext)(api);
    var sim = {
        api: api,
        dctx: dctx,
        rctx: rctx,
        /** whether the kubelet makes new pods ready */
        podsBecomeReady: true,
        /** whether terminating pods go away by themselves */
        podsTerminate: true,
        deploy: function (spec, name) {
            if (spec === void 0) { spec = {}; }
            if (name === void 0) { name = 'web'; }
            return api.put('deployments', {
                metadata: { name: name, namespace: exports.NS, labels: { app: 'web' } },
                spec: __assign({ replicas: 3, selector: { matchLabels: { app: 'web' } }, template: (0, exports.template)('nginx:1.30-alpine'), strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } }, revisionHistoryLimit: 10, progressDeadlineSeconds: 600 }, spec),
                status: {},
            });
        },
        /** A user's change to the spec (kubectl set image, scale, patch): the generation moves. */
        edit: function (change, name) {
            var _a;
            if (name === void 0) { name = 'web'; }
            var d = api.one('deployments', exports.NS, name);
            change(d.spec, d);
            d.metadata.generation = ((_a = d.metadata.generation) !== null && _a !== void 0 ? _a : 1) + 1;
            return api.put('deployments', d);
        },
        deployment: function (name) {
            if (name === void 0) { name = 'web'; }
            return api.one('deployments', exports.NS, name);
        },
        replicaSets: function () { return api.all('replicasets').sort(function (a, b) { return (a.metadata.uid < b.metadata.uid ? -1 : 1); }); },
        pods: function () { return api.all('pods'); },
        /** the deployment controller's ScalingReplicaSet messages, in order */
        scalings: function () { return dctx.recorded.filter(function (e) { return e.includes(' ScalingReplicaSet '); }).map(function (e) { return e.slice(e.indexOf(': ') + 2); }); },
        kubelet: function () {
            var _a;
            var changed = false;
            if (sim.podsTerminate && sim.pods().some(function (p) { return p.metadata.deletionTimestamp; })) {
                (0, fake_api_test_support_ts_1.finishDeletions)(api);
                changed = true;
            }
            if (!sim.podsBecomeReady)
                return changed;
            for (var _i = 0, _b = sim.pods(); _i < _b.length; _i++) {
                var p = _b[_i];
                if (((_a = p.status) === null || _a === void 0 ? void 0 : _a.phase) === 'Running' || p.metadata.deletionTimestamp)
                    continue;
                api.put('pods', __assign(__assign({}, p), { spec: __assign(__assign({}, p.spec), { nodeName: 'n1' }), status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }] } }));
                changed = true;
            }
            return changed;
        },
        /** Runs the controllers and the kubelet until nothing changes. */
        settle: function () {
            return __awaiter(this, arguments, void 0, function (name) {
                var round, writes, _i, _a, rs, kubelet;
                if (name === void 0) { name = 'web'; }
                return __generator(this, function (_b) {
                    switch (_b.label) {
                        case 0:
                            round = 0;
                            _b.label = 1;
                        case 1:
                            if (!(round < 100)) return [3 /*break*/, 8];
                            writes = api.writes.length;
                            return [4 /*yield*/, controller_ts_2.deploymentController.reconcile("".concat(exports.NS, "/").concat(name), dctx)];
                        case 2:
                            _b.sent();
                            _i = 0, _a = sim.replicaSets();
                            _b.label = 3;
                        case 3:
                            if (!(_i < _a.length)) return [3 /*break*/, 6];
                            rs = _a[_i];
                            return [4 /*yield*/, controller_ts_1.replicaSetController.reconcile("".concat(exports.NS, "/").concat(rs.metadata.name), rctx)];
                        case 4:
                            _b.sent();
                            _b.label = 5;
                        case 5:
                            _i++;
                            return [3 /*break*/, 3];
                        case 6:
                            kubelet = sim.kubelet();
                            if (api.writes.length === writes && !kubelet)
                                return [2 /*return*/];
                            _b.label = 7;
                        case 7:
                            round++;
                            return [3 /*break*/, 1];
                        case 8: throw new Error("no convergence: ".concat(api.writes.slice(-10).join(', ')));
                    }
                });
            });
        },
    };
    return sim;
}
