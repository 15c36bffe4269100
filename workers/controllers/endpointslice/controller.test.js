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
var strict_1 = require("node:assert/strict");
var node_test_1 = require("node:test");
var resources_ts_1 = require("../../../lib/client/resources.ts");
var fake_api_ts_1 = require("../gc/fake-api.ts");
var controller_ts_1 = require("./controller.ts");
var fixtures_ts_1 = require("./fixtures.ts");
var services = resources_ts_1.RESOURCES.services, pods = resources_ts_1.RESOURCES.pods, endpointslices = resources_ts_1.RESOURCES.endpointslices, endpoints = resources_ts_1.RESOURCES.endpoints;
function setup() {
    var _this = this;
    var api = new fake_api_ts_1.FakeApi();
    var ctx = function () { return ({
        api: api.client(),
        events: { normal: function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                return [2 /*return*/];
            }); }); }, warning: function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                return [2 /*return*/];
            }); }); } },
        requeue: function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
            return [2 /*return*/];
        }); }); },
        settings: { nodeMonitorGraceSeconds: 50 },
        now: function () { return new Date(); },
    }); };
    /** one batch: keys of the changes, then their reconciles */
    var run = function (c, changes) { return __awaiter(_this, void 0, void 0, function () {
        var batch, keys, _i, changes_1, ch, _a, _b, k, _c, keys_1, k;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    batch = ctx();
                    keys = new Set();
                    _i = 0, changes_1 = changes;
                    _d.label = 1;
                case 1:
                    if (!(_i < changes_1.length)) return [3 /*break*/, 6];
                    ch = changes_1[_i];
                    _a = 0;
                    return [4 /*yield*/, c.keysFor(ch, batch)];
                case 2:
                    _b = _d.sent();
                    _d.label = 3;
                case 3:
                    if (!(_a < _b.length)) return [3 /*break*/, 5];
                    k = _b[_a];
                    keys.add(k);
                    _d.label = 4;
                case 4:
                    _a++;
                    return [3 /*break*/, 3];
                case 5:
                    _i++;
                    return [3 /*break*/, 1];
                case 6:
                    _c = 0, keys_1 = keys;
                    _d.label = 7;
                case 7:
                    if (!(_c < keys_1.length)) return [3 /*break*/, 10];
                    k = keys_1[_c];
                    return [4 /*yield*/, c.reconcile(k, batch)];
                case 8:
                    _d.sent();
                    _d.label = 9;
                case 9:
                    _c++;
                    return [3 /*break*/, 7];
                case 10: return [2 /*return*/, __spreadArray([], keys, true)];
            }
        });
    }); };
    return { api: api, run: run };
}
var change = function (resource, name, type, group) {
    if (type === void 0) { type = 'MODIFIED'; }
    if (group === void 0) { group = ''; }
    return ({ cluster: 'default', rev: 0, group: group, resource: resource, namespace: 'ns', name: name, type: type });
};
var slicesOf = function (api) { return __spreadArray([], api.objects.entries(), true).filter(function (_a) {
    var k = _a[0];
    return k.startsWith('discovery.k8s.io/endpointslices/');
}).map(function (_a) {
    var o = _a[1];
    return o;
}); };
var readyIPs = function (s) { var _a; return ((_a = s.endpoints) !== null && _a !== void 0 ? _a : []).filter(function (e) { var _a; return (_a = e.conditions) === null || _a === void 0 ? void 0 : _a.ready; }).map(function (e) { return e.addresses[0]; }); };
(0, node_test_1.test)('a service gets one slice with its ready pods, updated in place as they change', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, run, _b, _c, placeholder, _d, _e, slices, _f, _g, writes;
    var _h;
    return __generator(this, function (_j) {
        switch (_j.label) {
            case 0:
                _a = setup(), api = _a.api, run = _a.run;
                api.add(services, 'Service', (0, fixtures_ts_1.service)('web'));
                api.add(pods, 'Pod', (0, fixtures_ts_1.pod)('other', { ip: '10.244.0.9', labels: { app: 'other' } }));
                _c = (_b = strict_1.default).deepEqual;
                return [4 /*yield*/, run(controller_ts_1.endpointSliceController, [change('services', 'web', 'ADDED')])];
            case 1:
                _c.apply(_b, [_j.sent(), ['ns/web']]);
                placeholder = slicesOf(api)[0];
                strict_1.default.equal(placeholder.endpoints, null);
                strict_1.default.equal(placeholder.metadata.generateName, 'web-');
                api.add(pods, 'Pod', (0, fixtures_ts_1.pod)('a', { ip: '10.244.0.2' }));
                api.add(pods, 'Pod', (0, fixtures_ts_1.pod)('b', { ip: '10.244.0.3' }));
                _e = (_d = strict_1.default).deepEqual;
                return [4 /*yield*/, run(controller_ts_1.endpointSliceController, [change('pods', 'a', 'ADDED'), change('pods', 'b', 'ADDED'), change('pods', 'other', 'ADDED')])];
            case 2:
                _e.apply(_d, [_j.sent(), ['ns/web']]);
                slices = slicesOf(api);
                strict_1.default.equal(slices.length, 1);
                strict_1.default.equal(slices[0].metadata.name, placeholder.metadata.name);
                strict_1.default.deepEqual(readyIPs(slices[0]), ['10.244.0.2', '10.244.0.3']);
                strict_1.default.deepEqual(slices[0].ports, [{ name: '', protocol: 'TCP', port: 8080 }]);
                // b stops being ready, then a goes away: both found although a can no longer be read
                api.add(pods, 'Pod', (0, fixtures_ts_1.pod)('b', { ip: '10.244.0.3', ready: false }));
                return [4 /*yield*/, run(controller_ts_1.endpointSliceController, [change('pods', 'b')])];
            case 3:
                _j.sent();
                strict_1.default.deepEqual(readyIPs(slicesOf(api)[0]), ['10.244.0.2']);
                api.objects.delete('/pods/ns/a');
                _g = (_f = strict_1.default).deepEqual;
                return [4 /*yield*/, run(controller_ts_1.endpointSliceController, [change('pods', 'a', 'DELETED')])];
            case 4:
                _g.apply(_f, [_j.sent(), ['ns/web']]);
                slices = slicesOf(api);
                strict_1.default.deepEqual((_h = slices[0].endpoints) === null || _h === void 0 ? void 0 : _h.map(function (e) { var _a; return (_a = e.targetRef) === null || _a === void 0 ? void 0 : _a.name; }), ['b']);
                writes = api.writes.length;
                return [4 /*yield*/, run(controller_ts_1.endpointSliceController, [change('services', 'web')])];
            case 5:
                _j.sent();
                strict_1.default.equal(api.writes.length, writes);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('pods of a namespace without selector services cost no reads of the pod', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, run, gets, realGet, _b, _c;
    return __generator(this, function (_d) {
        switch (_d.label) {
            case 0:
                _a = setup(), api = _a.api, run = _a.run;
                api.add(services, 'Service', (0, fixtures_ts_1.service)('manual', { selector: undefined }));
                gets = 0;
                realGet = api.get.bind(api);
                api.get = function () {
                    var args = [];
                    for (var _i = 0; _i < arguments.length; _i++) {
                        args[_i] = arguments[_i];
                    }
                    return __awaiter(void 0, void 0, void 0, function () { return __generator(this, function (_a) {
                        return [2 /*return*/, (gets++, realGet.apply(void 0, args))];
                    }); });
                };
                _c = (_b = strict_1.default).deepEqual;
                return [4 /*yield*/, run(controller_ts_1.endpointSliceController, [change('pods', 'x', 'ADDED')])];
            case 1:
                _c.apply(_b, [_d.sent(), []]);
                strict_1.default.equal(gets, 0);
                // and selector-less services get no slices (their endpoints are their users')
                return [4 /*yield*/, run(controller_ts_1.endpointSliceController, [change('services', 'manual', 'ADDED')])];
            case 2:
                // and selector-less services get no slices (their endpoints are their users')
                _d.sent();
                strict_1.default.deepEqual(slicesOf(api), []);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a slice deleted by someone comes back; a stray managed slice goes', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, run, first, _b, _c;
    return __generator(this, function (_d) {
        switch (_d.label) {
            case 0:
                _a = setup(), api = _a.api, run = _a.run;
                api.add(services, 'Service', (0, fixtures_ts_1.service)('web'));
                return [4 /*yield*/, run(controller_ts_1.endpointSliceController, [change('services', 'web', 'ADDED')])];
            case 1:
                _d.sent();
                first = slicesOf(api)[0];
                api.objects.delete("discovery.k8s.io/endpointslices/ns/".concat(first.metadata.name));
                _c = (_b = strict_1.default).deepEqual;
                return [4 /*yield*/, run(controller_ts_1.endpointSliceController, [change('endpointslices', first.metadata.name, 'DELETED', 'discovery.k8s.io')])];
            case 2:
                _c.apply(_b, [_d.sent(), ['ns/web']]);
                strict_1.default.equal(slicesOf(api).length, 1);
                api.add(endpointslices, 'EndpointSlice', __assign(__assign({}, slicesOf(api)[0]), { metadata: __assign(__assign({}, slicesOf(api)[0].metadata), { name: 'web-extra', uid: undefined }) }));
                return [4 /*yield*/, run(controller_ts_1.endpointSliceController, [change('endpointslices', 'web-extra', 'ADDED', 'discovery.k8s.io')])];
            case 3:
                _d.sent();
                strict_1.default.equal(slicesOf(api).length, 1);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('Endpoints: created with the service, ready vs not ready, deleted with it', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, run, ep, _b, _c;
    var _d;
    return __generator(this, function (_e) {
        switch (_e.label) {
            case 0:
                _a = setup(), api = _a.api, run = _a.run;
                api.add(services, 'Service', (0, fixtures_ts_1.service)('web'));
                api.add(pods, 'Pod', (0, fixtures_ts_1.pod)('a', { ip: '10.244.0.2' }));
                api.add(pods, 'Pod', (0, fixtures_ts_1.pod)('b', { ip: '10.244.0.3', ready: false }));
                return [4 /*yield*/, run(controller_ts_1.endpointsController, [change('services', 'web', 'ADDED')])];
            case 1:
                _e.sent();
                ep = api.find(endpoints, 'ns', 'web');
                strict_1.default.deepEqual((_d = ep.subsets) === null || _d === void 0 ? void 0 : _d.map(function (s) { var _a, _b; return [(_a = s.addresses) === null || _a === void 0 ? void 0 : _a.map(function (a) { return a.ip; }), (_b = s.notReadyAddresses) === null || _b === void 0 ? void 0 : _b.map(function (a) { return a.ip; })]; }), [[['10.244.0.2'], ['10.244.0.3']]]);
                // an Endpoints of no service written by a user is not taken for a leftover
                api.add(endpoints, 'Endpoints', { metadata: { name: 'mine', namespace: 'ns' } });
                _c = (_b = strict_1.default).deepEqual;
                return [4 /*yield*/, run(controller_ts_1.endpointsController, [change('endpoints', 'mine', 'ADDED')])];
            case 2:
                _c.apply(_b, [_e.sent(), []]);
                api.objects.delete('/services/ns/web');
                return [4 /*yield*/, run(controller_ts_1.endpointsController, [change('services', 'web', 'DELETED')])];
            case 3:
                _e.sent();
                strict_1.default.equal(api.find(endpoints, 'ns', 'web'), undefined);
                strict_1.default.ok(api.find(endpoints, 'ns', 'mine'));
                return [2 /*return*/];
        }
    });
}); });
