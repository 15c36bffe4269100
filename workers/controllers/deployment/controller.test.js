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
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var client_ts_1 = require("../../../lib/client/client.ts");
var controller_ts_1 = require("./controller.ts");
var hash_ts_1 = require("./hash.ts");
var simulation_test_support_ts_1 = require("./simulation.test-support.ts");
var rev = function (rs) { var _a; return (_a = rs === null || rs === void 0 ? void 0 : rs.metadata.annotations) === null || _a === void 0 ? void 0 : _a['deployment.kubernetes.io/revision']; };
var conditions = function (s) { var _a, _b; return (_b = (_a = s.deployment().status) === null || _a === void 0 ? void 0 : _a.conditions) === null || _b === void 0 ? void 0 : _b.map(function (c) { return "".concat(c.type, " ").concat(c.status, " ").concat(c.reason, ": ").concat(c.message); }); };
(0, node_test_1.test)('a new Deployment: one ReplicaSet named after its template, full size at once, then the status of a finished rollout', function () { return __awaiter(void 0, void 0, void 0, function () {
    var s, name, rs, d, writes;
    var _a, _b, _c, _d, _e, _f, _g, _h, _j;
    return __generator(this, function (_k) {
        switch (_k.label) {
            case 0:
                s = (0, simulation_test_support_ts_1.simulation)();
                s.deploy();
                name = "web-".concat((0, hash_ts_1.templateHash)((0, simulation_test_support_ts_1.template)('nginx:1.30-alpine')));
                return [4 /*yield*/, controller_ts_1.deploymentController.reconcile("".concat(simulation_test_support_ts_1.NS, "/web"), s.dctx)];
            case 1:
                _k.sent();
                rs = s.replicaSets()[0];
                strict_1.default.equal(rs.metadata.name, name);
                strict_1.default.equal((_a = rs.spec) === null || _a === void 0 ? void 0 : _a.replicas, 3);
                strict_1.default.deepEqual((_b = rs.spec) === null || _b === void 0 ? void 0 : _b.selector, { matchLabels: { app: 'web', 'pod-template-hash': name.slice(4) } });
                strict_1.default.deepEqual((_e = (_d = (_c = rs.spec) === null || _c === void 0 ? void 0 : _c.template) === null || _d === void 0 ? void 0 : _d.metadata) === null || _e === void 0 ? void 0 : _e.labels, { app: 'web', 'pod-template-hash': name.slice(4) });
                strict_1.default.deepEqual(rs.metadata.labels, (_h = (_g = (_f = rs.spec) === null || _f === void 0 ? void 0 : _f.template) === null || _g === void 0 ? void 0 : _g.metadata) === null || _h === void 0 ? void 0 : _h.labels);
                strict_1.default.deepEqual(rs.metadata.ownerReferences, [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: s.deployment().metadata.uid, controller: true, blockOwnerDeletion: true }]);
                strict_1.default.deepEqual(rs.metadata.annotations, { 'deployment.kubernetes.io/revision': '1', 'deployment.kubernetes.io/desired-replicas': '3', 'deployment.kubernetes.io/max-replicas': '4' });
                strict_1.default.equal((_j = s.deployment().metadata.annotations) === null || _j === void 0 ? void 0 : _j['deployment.kubernetes.io/revision'], '1');
                strict_1.default.deepEqual(s.scalings(), ["Scaled up replica set ".concat(name, " from 0 to 3")]);
                strict_1.default.deepEqual(conditions(s), ["Progressing True NewReplicaSetCreated: Created new replica set \"".concat(name, "\""), 'Available False MinimumReplicasUnavailable: Deployment does not have minimum availability.']);
                return [4 /*yield*/, s.settle()];
            case 2:
                _k.sent();
                d = s.deployment();
                strict_1.default.deepEqual(d.status && __assign(__assign({}, d.status), { conditions: undefined }), { observedGeneration: d.metadata.generation, replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3, unavailableReplicas: 0, conditions: undefined });
                // each change moves a condition to the end: Available last changed before Progressing did
                strict_1.default.deepEqual(conditions(s), ['Available True MinimumReplicasAvailable: Deployment has minimum availability.', "Progressing True NewReplicaSetAvailable: ReplicaSet \"".concat(name, "\" has successfully progressed.")]);
                writes = s.api.writes.length;
                return [4 /*yield*/, controller_ts_1.deploymentController.reconcile("".concat(simulation_test_support_ts_1.NS, "/web"), s.dctx)];
            case 3:
                _k.sent();
                strict_1.default.equal(s.api.writes.length, writes, 'a finished Deployment writes nothing');
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('RollingUpdate with the default 25 % of 3: one pod more, one pod less, in turn', function () { return __awaiter(void 0, void 0, void 0, function () {
    var s, first, second, _a, a, b;
    var _b;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0:
                s = (0, simulation_test_support_ts_1.simulation)();
                s.deploy();
                return [4 /*yield*/, s.settle()];
            case 1:
                _c.sent();
                first = s.replicaSets()[0];
                s.edit(function (spec) { return (spec.template = (0, simulation_test_support_ts_1.template)('nginx:1.31-alpine')); });
                return [4 /*yield*/, s.settle()];
            case 2:
                _c.sent();
                second = s.replicaSets().find(function (rs) { return rs.metadata.uid !== first.metadata.uid; });
                _a = [first.metadata.name, second.metadata.name], a = _a[0], b = _a[1];
                strict_1.default.deepEqual(s.scalings().slice(1), [
                    "Scaled up replica set ".concat(b, " from 0 to 1"),
                    "Scaled down replica set ".concat(a, " from 3 to 2"),
                    "Scaled up replica set ".concat(b, " from 1 to 2"),
                    "Scaled down replica set ".concat(a, " from 2 to 1"),
                    "Scaled up replica set ".concat(b, " from 2 to 3"),
                    "Scaled down replica set ".concat(a, " from 1 to 0"),
                ]);
                strict_1.default.deepEqual(s.replicaSets().map(function (rs) { var _a; return [(_a = rs.spec) === null || _a === void 0 ? void 0 : _a.replicas, rev(rs)]; }), [[0, '1'], [3, '2']]);
                strict_1.default.equal((_b = s.deployment().metadata.annotations) === null || _b === void 0 ? void 0 : _b['deployment.kubernetes.io/revision'], '2');
                strict_1.default.equal(s.pods().length, 3);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('maxSurge 0, maxUnavailable 1: one pod less first, never more than 3', function () { return __awaiter(void 0, void 0, void 0, function () {
    var s, _a, a, b;
    return __generator(this, function (_b) {
        switch (_b.label) {
            case 0:
                s = (0, simulation_test_support_ts_1.simulation)();
                s.deploy({ strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 1 } } });
                return [4 /*yield*/, s.settle()];
            case 1:
                _b.sent();
                s.edit(function (spec) { return (spec.template = (0, simulation_test_support_ts_1.template)('nginx:1.31-alpine')); });
                return [4 /*yield*/, s.settle()];
            case 2:
                _b.sent();
                _a = s.replicaSets().map(function (rs) { return rs.metadata.name; }), a = _a[0], b = _a[1];
                strict_1.default.deepEqual(s.scalings().slice(1), [
                    "Scaled down replica set ".concat(a, " from 3 to 2"),
                    "Scaled up replica set ".concat(b, " from 0 to 1"),
                    "Scaled down replica set ".concat(a, " from 2 to 1"),
                    "Scaled up replica set ".concat(b, " from 1 to 2"),
                    "Scaled down replica set ".concat(a, " from 1 to 0"),
                    "Scaled up replica set ".concat(b, " from 2 to 3"),
                ]);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('Recreate: the old ReplicaSet goes to zero, and the new one comes only once the old pods are gone', function () { return __awaiter(void 0, void 0, void 0, function () {
    var s, _a, a, b;
    var _b;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0:
                s = (0, simulation_test_support_ts_1.simulation)();
                s.deploy({ replicas: 2, strategy: { type: 'Recreate' } });
                return [4 /*yield*/, s.settle()];
            case 1:
                _c.sent();
                s.api.gracefulPods = true;
                s.podsTerminate = false;
                s.edit(function (spec) { return (spec.template = (0, simulation_test_support_ts_1.template)('nginx:1.31-alpine')); });
                return [4 /*yield*/, s.settle()];
            case 2:
                _c.sent();
                strict_1.default.equal(s.replicaSets().length, 1, 'no new ReplicaSet while old pods terminate');
                strict_1.default.equal((_b = s.replicaSets()[0].spec) === null || _b === void 0 ? void 0 : _b.replicas, 0);
                strict_1.default.equal(s.pods().filter(function (p) { return p.metadata.deletionTimestamp; }).length, 2);
                s.podsTerminate = true;
                return [4 /*yield*/, s.settle()];
            case 3:
                _c.sent();
                _a = s.replicaSets().map(function (rs) { return rs.metadata.name; }), a = _a[0], b = _a[1];
                strict_1.default.deepEqual(s.scalings(), ["Scaled up replica set ".concat(a, " from 0 to 2"), "Scaled down replica set ".concat(a, " from 2 to 0"), "Scaled up replica set ".concat(b, " from 0 to 2")]);
                strict_1.default.ok(s.pods().every(function (p) { return p.metadata.name.startsWith("".concat(b, "-")); }));
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a deleted ReplicaSet comes back under the same name', function () { return __awaiter(void 0, void 0, void 0, function () {
    var s, rs, _i, _a, p, back;
    return __generator(this, function (_b) {
        switch (_b.label) {
            case 0:
                s = (0, simulation_test_support_ts_1.simulation)();
                s.deploy();
                return [4 /*yield*/, s.settle()];
            case 1:
                _b.sent();
                rs = s.replicaSets()[0];
                return [4 /*yield*/, s.api.delete({ group: 'apps', version: 'v1', resource: 'replicasets', namespaced: true }, simulation_test_support_ts_1.NS, rs.metadata.name)];
            case 2:
                _b.sent();
                _i = 0, _a = s.pods();
                _b.label = 3;
            case 3:
                if (!(_i < _a.length)) return [3 /*break*/, 6];
                p = _a[_i];
                return [4 /*yield*/, s.api.delete({ group: '', version: 'v1', resource: 'pods', namespaced: true }, simulation_test_support_ts_1.NS, p.metadata.name)];
            case 4:
                _b.sent();
                _b.label = 5;
            case 5:
                _i++;
                return [3 /*break*/, 3];
            case 6: return [4 /*yield*/, s.settle()];
            case 7:
                _b.sent();
                back = s.replicaSets()[0];
                strict_1.default.equal(back.metadata.name, rs.metadata.name);
                strict_1.default.notEqual(back.metadata.uid, rs.metadata.uid);
                strict_1.default.equal(rev(back), '1');
                strict_1.default.equal(s.pods().length, 3);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('scaling in the middle of a rollout shares the new size between the ReplicaSets by their sizes', function () { return __awaiter(void 0, void 0, void 0, function () {
    var s, _a, a, b, before;
    return __generator(this, function (_b) {
        switch (_b.label) {
            case 0:
                s = (0, simulation_test_support_ts_1.simulation)();
                s.deploy();
                return [4 /*yield*/, s.settle()];
            case 1:
                _b.sent();
                s.podsBecomeReady = false; // the new version never gets ready: the rollout stays at 3 old + 1 new
                s.edit(function (spec) { return (spec.template = (0, simulation_test_support_ts_1.template)('nginx:1.31-alpine')); });
                return [4 /*yield*/, s.settle()];
            case 2:
                _b.sent();
                _a = s.replicaSets().map(function (rs) { return rs.metadata.name; }), a = _a[0], b = _a[1];
                strict_1.default.deepEqual(s.replicaSets().map(function (rs) { var _a; return (_a = rs.spec) === null || _a === void 0 ? void 0 : _a.replicas; }), [3, 1]);
                before = s.scalings().length;
                s.edit(function (spec) { return (spec.replicas = 6); }); // 6 + 2 surge = 8 for what was sized for 4: twice each
                return [4 /*yield*/, controller_ts_1.deploymentController.reconcile("".concat(simulation_test_support_ts_1.NS, "/web"), s.dctx)];
            case 3:
                _b.sent();
                strict_1.default.deepEqual(s.scalings().slice(before), ["Scaled up replica set ".concat(a, " from 3 to 6"), "Scaled up replica set ".concat(b, " from 1 to 2")]);
                strict_1.default.deepEqual(s.replicaSets().map(function (rs) { var _a, _b; return [(_a = rs.metadata.annotations) === null || _a === void 0 ? void 0 : _a['deployment.kubernetes.io/desired-replicas'], (_b = rs.metadata.annotations) === null || _b === void 0 ? void 0 : _b['deployment.kubernetes.io/max-replicas']]; }), [['6', '8'], ['6', '8']]);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('revisionHistoryLimit: the oldest empty ReplicaSets beyond the limit are deleted', function () { return __awaiter(void 0, void 0, void 0, function () {
    var s, _loop_1, _i, _a, image;
    return __generator(this, function (_b) {
        switch (_b.label) {
            case 0:
                s = (0, simulation_test_support_ts_1.simulation)();
                s.deploy({ revisionHistoryLimit: 1 });
                return [4 /*yield*/, s.settle()];
            case 1:
                _b.sent();
                _loop_1 = function (image) {
                    return __generator(this, function (_c) {
                        switch (_c.label) {
                            case 0:
                                s.edit(function (spec) { return (spec.template = (0, simulation_test_support_ts_1.template)(image)); });
                                return [4 /*yield*/, s.settle()];
                            case 1:
                                _c.sent();
                                return [2 /*return*/];
                        }
                    });
                };
                _i = 0, _a = ['nginx:1.31-alpine', 'nginx:1.32-alpine'];
                _b.label = 2;
            case 2:
                if (!(_i < _a.length)) return [3 /*break*/, 5];
                image = _a[_i];
                return [5 /*yield**/, _loop_1(image)];
            case 3:
                _b.sent();
                _b.label = 4;
            case 4:
                _i++;
                return [3 /*break*/, 2];
            case 5:
                strict_1.default.deepEqual(s.replicaSets().map(function (rs) { var _a, _b, _c, _d, _e; return [rev(rs), (_a = rs.spec) === null || _a === void 0 ? void 0 : _a.replicas, (_e = (_d = (_c = (_b = rs.spec) === null || _b === void 0 ? void 0 : _b.template) === null || _c === void 0 ? void 0 : _c.spec) === null || _d === void 0 ? void 0 : _d.containers) === null || _e === void 0 ? void 0 : _e[0].image]; }), [['2', 0, 'nginx:1.31-alpine'], ['3', 3, 'nginx:1.32-alpine']]);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a rollback (the template of revision 1 put back): its ReplicaSet gets revision 3 and remembers 1', function () { return __awaiter(void 0, void 0, void 0, function () {
    var s, _a, first, second;
    var _b, _c, _d, _e;
    return __generator(this, function (_f) {
        switch (_f.label) {
            case 0:
                s = (0, simulation_test_support_ts_1.simulation)();
                s.deploy();
                return [4 /*yield*/, s.settle()];
            case 1:
                _f.sent();
                s.edit(function (spec) { return (spec.template = (0, simulation_test_support_ts_1.template)('nginx:1.31-alpine')); });
                return [4 /*yield*/, s.settle()];
            case 2:
                _f.sent();
                s.edit(function (spec) { return (spec.template = (0, simulation_test_support_ts_1.template)('nginx:1.30-alpine')); });
                return [4 /*yield*/, s.settle()];
            case 3:
                _f.sent();
                _a = s.replicaSets(), first = _a[0], second = _a[1];
                strict_1.default.deepEqual([(_b = first.spec) === null || _b === void 0 ? void 0 : _b.replicas, rev(first), (_c = first.metadata.annotations) === null || _c === void 0 ? void 0 : _c['deployment.kubernetes.io/revision-history']], [3, '3', '1']);
                strict_1.default.deepEqual([(_d = second.spec) === null || _d === void 0 ? void 0 : _d.replicas, rev(second)], [0, '2']);
                strict_1.default.equal((_e = s.deployment().metadata.annotations) === null || _e === void 0 ? void 0 : _e['deployment.kubernetes.io/revision'], '3');
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('paused: the Progressing condition says so, template changes wait, scaling does not', function () { return __awaiter(void 0, void 0, void 0, function () {
    var s;
    var _a, _b, _c, _d;
    return __generator(this, function (_e) {
        switch (_e.label) {
            case 0:
                s = (0, simulation_test_support_ts_1.simulation)();
                s.deploy();
                return [4 /*yield*/, s.settle()];
            case 1:
                _e.sent();
                s.edit(function (spec) {
                    spec.paused = true;
                    spec.template = (0, simulation_test_support_ts_1.template)('nginx:1.31-alpine');
                });
                return [4 /*yield*/, s.settle()];
            case 2:
                _e.sent();
                strict_1.default.equal(s.replicaSets().length, 1);
                strict_1.default.ok(conditions(s).includes('Progressing Unknown DeploymentPaused: Deployment is paused'), conditions(s).join('\n'));
                s.edit(function (spec) { return (spec.replicas = 4); });
                return [4 /*yield*/, s.settle()];
            case 3:
                _e.sent();
                strict_1.default.equal((_a = s.replicaSets()[0].spec) === null || _a === void 0 ? void 0 : _a.replicas, 4);
                s.edit(function (spec) { return (spec.paused = false); });
                return [4 /*yield*/, s.settle()];
            case 4:
                _e.sent();
                strict_1.default.equal(s.replicaSets().length, 2);
                strict_1.default.deepEqual(s.replicaSets().map(function (rs) { var _a; return (_a = rs.spec) === null || _a === void 0 ? void 0 : _a.replicas; }), [0, 4]);
                strict_1.default.equal((_d = (_c = (_b = s.deployment().status) === null || _b === void 0 ? void 0 : _b.conditions) === null || _c === void 0 ? void 0 : _c.find(function (c) { return c.type === 'Progressing'; })) === null || _d === void 0 ? void 0 : _d.reason, 'NewReplicaSetAvailable');
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('no progress for progressDeadlineSeconds: ProgressDeadlineExceeded, looked at again when the deadline passes', function () { return __awaiter(void 0, void 0, void 0, function () {
    var s, newRS, _a, key, seconds;
    var _b, _c, _d;
    return __generator(this, function (_e) {
        switch (_e.label) {
            case 0:
                s = (0, simulation_test_support_ts_1.simulation)();
                s.deploy({ progressDeadlineSeconds: 30 });
                return [4 /*yield*/, s.settle()];
            case 1:
                _e.sent();
                s.podsBecomeReady = false;
                s.edit(function (spec) { return (spec.template = (0, simulation_test_support_ts_1.template)('nginx:1.31-alpine')); });
                return [4 /*yield*/, s.settle()];
            case 2:
                _e.sent();
                newRS = s.replicaSets()[1].metadata.name;
                strict_1.default.equal((_d = (_c = (_b = s.deployment().status) === null || _b === void 0 ? void 0 : _b.conditions) === null || _c === void 0 ? void 0 : _c.find(function (c) { return c.type === 'Progressing'; })) === null || _d === void 0 ? void 0 : _d.reason, 'ReplicaSetUpdated');
                _a = s.dctx.requeued.at(-1), key = _a[0], seconds = _a[1];
                strict_1.default.equal(key, "".concat(simulation_test_support_ts_1.NS, "/web"));
                strict_1.default.ok(seconds > 30 && seconds <= 32, "requeued in ".concat(seconds, " s"));
                s.api.clock = new Date(s.api.clock.getTime() + 31000);
                return [4 /*yield*/, controller_ts_1.deploymentController.reconcile("".concat(simulation_test_support_ts_1.NS, "/web"), s.dctx)];
            case 3:
                _e.sent();
                strict_1.default.ok(conditions(s).includes("Progressing False ProgressDeadlineExceeded: ReplicaSet \"".concat(newRS, "\" has timed out progressing.")), conditions(s).join('\n'));
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a name held by a ReplicaSet of another template: collisionCount goes up and the next sync picks another name', function () { return __awaiter(void 0, void 0, void 0, function () {
    var s, d, hash, mine;
    var _a, _b;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0:
                s = (0, simulation_test_support_ts_1.simulation)();
                d = s.deploy();
                hash = (0, hash_ts_1.templateHash)(d.spec.template);
                s.api.put('replicasets', { metadata: { name: "web-".concat(hash), namespace: simulation_test_support_ts_1.NS, labels: { app: 'other' } }, spec: { replicas: 0, selector: { matchLabels: { app: 'other' } }, template: (0, simulation_test_support_ts_1.template)('busybox') } });
                return [4 /*yield*/, strict_1.default.rejects(controller_ts_1.deploymentController.reconcile("".concat(simulation_test_support_ts_1.NS, "/web"), s.dctx), function (e) { return (0, client_ts_1.isConflict)(e); })];
            case 1:
                _c.sent();
                strict_1.default.equal((_a = s.deployment().status) === null || _a === void 0 ? void 0 : _a.collisionCount, 1);
                return [4 /*yield*/, s.settle()];
            case 2:
                _c.sent();
                mine = s.replicaSets().find(function (rs) { var _a; return (_a = rs.metadata.ownerReferences) === null || _a === void 0 ? void 0 : _a.length; });
                strict_1.default.equal(mine.metadata.name, "web-".concat((0, hash_ts_1.templateHash)(d.spec.template, 1)));
                strict_1.default.equal((_b = mine.spec) === null || _b === void 0 ? void 0 : _b.replicas, 3);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('an orphan ReplicaSet matching the selector is adopted and becomes the new one', function () { return __awaiter(void 0, void 0, void 0, function () {
    var s, orphan, rs;
    var _a, _b, _c, _d;
    return __generator(this, function (_e) {
        switch (_e.label) {
            case 0:
                s = (0, simulation_test_support_ts_1.simulation)();
                orphan = s.api.put('replicasets', {
                    metadata: { name: 'hand-made', namespace: simulation_test_support_ts_1.NS, labels: { app: 'web' } },
                    spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: (0, simulation_test_support_ts_1.template)('nginx:1.30-alpine') },
                });
                s.deploy();
                return [4 /*yield*/, s.settle()];
            case 1:
                _e.sent();
                rs = s.replicaSets()[0];
                strict_1.default.equal(s.replicaSets().length, 1);
                strict_1.default.equal(rs.metadata.uid, orphan.metadata.uid);
                strict_1.default.equal((_a = rs.metadata.ownerReferences) === null || _a === void 0 ? void 0 : _a[0].name, 'web');
                strict_1.default.equal((_b = rs.spec) === null || _b === void 0 ? void 0 : _b.replicas, 3);
                strict_1.default.equal(rev(rs), '1');
                strict_1.default.ok((_d = (_c = s.deployment().status) === null || _c === void 0 ? void 0 : _c.conditions) === null || _d === void 0 ? void 0 : _d.some(function (c) { return c.reason === 'NewReplicaSetAvailable'; }));
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('keysFor: a ReplicaSet change goes to its Deployment, a deleted one to the namespace, a deleted pod to Recreate ones', function () { return __awaiter(void 0, void 0, void 0, function () {
    var s, rs, change, _a, _b, _c, _d, _e, _f, _g, _h, _j, _k;
    return __generator(this, function (_l) {
        switch (_l.label) {
            case 0:
                s = (0, simulation_test_support_ts_1.simulation)();
                s.deploy();
                s.deploy({ strategy: { type: 'Recreate' } }, 'batch');
                return [4 /*yield*/, s.settle()];
            case 1:
                _l.sent();
                rs = s.replicaSets()[0];
                change = function (group, resource, name, type) {
                    if (type === void 0) { type = 'MODIFIED'; }
                    return ({ cluster: 'default', rev: 1, group: group, resource: resource, namespace: simulation_test_support_ts_1.NS, name: name, type: type });
                };
                _b = (_a = strict_1.default).deepEqual;
                return [4 /*yield*/, controller_ts_1.deploymentController.keysFor(change('apps', 'deployments', 'web'), s.dctx)];
            case 2:
                _b.apply(_a, [_l.sent(), ["".concat(simulation_test_support_ts_1.NS, "/web")]]);
                _d = (_c = strict_1.default).deepEqual;
                return [4 /*yield*/, controller_ts_1.deploymentController.keysFor(change('apps', 'replicasets', rs.metadata.name), s.dctx)];
            case 3:
                _d.apply(_c, [_l.sent(), ["".concat(simulation_test_support_ts_1.NS, "/web")]]);
                _f = (_e = strict_1.default).deepEqual;
                return [4 /*yield*/, controller_ts_1.deploymentController.keysFor(change('apps', 'replicasets', 'gone', 'DELETED'), s.dctx)];
            case 4:
                _f.apply(_e, [(_l.sent()).sort(), ["".concat(simulation_test_support_ts_1.NS, "/batch"), "".concat(simulation_test_support_ts_1.NS, "/web")]]);
                _h = (_g = strict_1.default).deepEqual;
                return [4 /*yield*/, controller_ts_1.deploymentController.keysFor(change('', 'pods', 'p', 'DELETED'), s.dctx)];
            case 5:
                _h.apply(_g, [_l.sent(), ["".concat(simulation_test_support_ts_1.NS, "/batch")]]);
                _k = (_j = strict_1.default).deepEqual;
                return [4 /*yield*/, controller_ts_1.deploymentController.keysFor(change('', 'pods', 'p'), s.dctx)];
            case 6:
                _k.apply(_j, [_l.sent(), []]);
                return [2 /*return*/];
        }
    });
}); });
