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
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var errors_ts_1 = require("../../../lib/errors.ts");
var authn_ts_1 = require("../../../lib/api/authn.ts");
var authz_ts_1 = require("../../../lib/api/authz.ts");
var decode_ts_1 = require("./decode.ts");
var protobuf_ts_1 = require("./protobuf.ts");
var mini_ts_1 = require("./testdata/mini.ts");
var pbwriter_ts_1 = require("./testdata/pbwriter.ts");
var hex = function (s) { return Uint8Array.from(s.replace(/"([^"]*)"/g, function (_, t) { return Buffer.from(t).toString('hex'); }).match(/[0-9a-f]{2}/g).map(function (h) { return parseInt(h, 16); })); };
var only = function (schema) { return function () { return schema; }; };
(0, node_test_1.test)('kubectl create namespace demo (reference §2.2 bytes)', function () {
    var body = hex('6b 38 73 00 0a 0f 0a 02 "v1" 12 09 "Namespace" 12 1c 0a 14 0a 04 "demo" 12 00 1a 00 22 00 2a 00 32 00 38 00 42 00 12 00 1a 02 0a 00 1a 00 22 00');
    strict_1.default.deepEqual((0, protobuf_ts_1.decodeProtobuf)(body, only(mini_ts_1.namespace)), { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'demo' } });
    // the same through decodeBody, checked against the endpoint
    var d = (0, decode_ts_1.decodeBody)(body, 'application/vnd.kubernetes.protobuf', { schema: mini_ts_1.namespace, group: '', version: 'v1', kind: 'Namespace' }, 'Strict');
    strict_1.default.deepEqual(d.object, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'demo' } });
});
(0, node_test_1.test)('ConfigMap: string and bytes maps, a pointer bool kept when false', function () {
    var raw = (0, pbwriter_ts_1.concat)((0, pbwriter_ts_1.msg)(1, (0, pbwriter_ts_1.str)(1, 'cfg'), (0, pbwriter_ts_1.str)(3, 'default'), (0, pbwriter_ts_1.int)(7, 0), (0, pbwriter_ts_1.bytes)(8, new Uint8Array()), (0, pbwriter_ts_1.entry)(11, 'app', (0, pbwriter_ts_1.str)(2, 'web'))), (0, pbwriter_ts_1.entry)(2, 'a', (0, pbwriter_ts_1.str)(2, '1')), (0, pbwriter_ts_1.entry)(2, 'empty', (0, pbwriter_ts_1.str)(2, '')), (0, pbwriter_ts_1.entry)(3, 'bin', (0, pbwriter_ts_1.bytes)(2, Uint8Array.from([0xde, 0xad, 0xbe, 0xef]))), (0, pbwriter_ts_1.int)(4, 0));
    strict_1.default.deepEqual((0, protobuf_ts_1.decodeProtobuf)((0, pbwriter_ts_1.envelope)('v1', 'ConfigMap', raw), only(mini_ts_1.configMap)), {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'cfg', namespace: 'default', labels: { app: 'web' } },
        data: { a: '1', empty: '' },
        binaryData: { bin: '3q2+7w==' },
        immutable: false,
    });
});
(0, node_test_1.test)('Secret: a bytes map value written as nil reads as empty', function () {
    var raw = (0, pbwriter_ts_1.concat)((0, pbwriter_ts_1.msg)(1, (0, pbwriter_ts_1.str)(1, 's')), (0, pbwriter_ts_1.entry)(2, 'password', (0, pbwriter_ts_1.bytes)(2, new TextEncoder().encode('hunter2'))), (0, pbwriter_ts_1.entry)(2, 'nil'), (0, pbwriter_ts_1.str)(3, 'Opaque'));
    strict_1.default.deepEqual((0, protobuf_ts_1.decodeProtobuf)((0, pbwriter_ts_1.envelope)('v1', 'Secret', raw), only(mini_ts_1.secret)), {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 's' },
        data: { password: 'aHVudGVyMg==', nil: '' },
        type: 'Opaque',
    });
});
(0, node_test_1.test)('Deployment: pointers, int-or-string, quantities, embedded structs, negative int32, unknown fields', function () {
    var container = (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.str)(1, 'app'), (0, pbwriter_ts_1.str)(2, 'nginx:1.25'), (0, pbwriter_ts_1.msg)(6, (0, pbwriter_ts_1.str)(1, ''), (0, pbwriter_ts_1.int)(2, 0), (0, pbwriter_ts_1.int)(3, 80), (0, pbwriter_ts_1.str)(4, 'TCP'), (0, pbwriter_ts_1.str)(5, '')), (0, pbwriter_ts_1.msg)(8, (0, pbwriter_ts_1.entry)(1, 'cpu', (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.str)(1, '500m')))), (0, pbwriter_ts_1.msg)(10, (0, pbwriter_ts_1.msg)(1, (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.str)(1, '/healthz'), (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.int)(1, 0), (0, pbwriter_ts_1.int)(2, 8080), (0, pbwriter_ts_1.str)(3, '')))), (0, pbwriter_ts_1.int)(2, 0), (0, pbwriter_ts_1.int)(4, 10)), (0, pbwriter_ts_1.str)(14, ''), (0, pbwriter_ts_1.int)(99, 7));
    var volumes = (0, pbwriter_ts_1.concat)((0, pbwriter_ts_1.msg)(1, (0, pbwriter_ts_1.str)(1, 'scratch'), (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.str)(1, '')))), (0, pbwriter_ts_1.msg)(1, (0, pbwriter_ts_1.str)(1, 'cfg'), (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.msg)(19, (0, pbwriter_ts_1.msg)(1, (0, pbwriter_ts_1.str)(1, 'my-config')), (0, pbwriter_ts_1.int)(3, 420)))));
    var podSpec = (0, pbwriter_ts_1.concat)(volumes, container, (0, pbwriter_ts_1.str)(3, 'Always'));
    var raw = (0, pbwriter_ts_1.concat)((0, pbwriter_ts_1.msg)(1, (0, pbwriter_ts_1.str)(1, 'web'), (0, pbwriter_ts_1.bytes)(8, new Uint8Array())), (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.int)(1, 3), (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.entry)(1, 'app', (0, pbwriter_ts_1.str)(2, 'web'))), (0, pbwriter_ts_1.msg)(3, (0, pbwriter_ts_1.msg)(1, (0, pbwriter_ts_1.entry)(11, 'app', (0, pbwriter_ts_1.str)(2, 'web')), (0, pbwriter_ts_1.bytes)(8, new Uint8Array())), (0, pbwriter_ts_1.msg)(2, podSpec)), (0, pbwriter_ts_1.msg)(4, (0, pbwriter_ts_1.str)(1, 'RollingUpdate'), (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.msg)(1, (0, pbwriter_ts_1.int)(1, 0), (0, pbwriter_ts_1.int)(2, 0), (0, pbwriter_ts_1.str)(3, '')), (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.int)(1, 1), (0, pbwriter_ts_1.int)(2, 0), (0, pbwriter_ts_1.str)(3, '25%')))), (0, pbwriter_ts_1.int)(5, -1), (0, pbwriter_ts_1.int)(7, 0)), (0, pbwriter_ts_1.msg)(3, (0, pbwriter_ts_1.int)(1, 0), (0, pbwriter_ts_1.int)(2, 0)));
    var obj = (0, protobuf_ts_1.decodeProtobuf)((0, pbwriter_ts_1.envelope)('apps/v1', 'Deployment', raw), only(mini_ts_1.deployment));
    strict_1.default.deepEqual(obj, {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web' },
        spec: {
            replicas: 3,
            selector: { matchLabels: { app: 'web' } },
            template: {
                metadata: { labels: { app: 'web' } },
                spec: {
                    volumes: [
                        { name: 'scratch', emptyDir: {} },
                        { name: 'cfg', configMap: { name: 'my-config', defaultMode: 420 } },
                    ],
                    containers: [
                        {
                            name: 'app',
                            image: 'nginx:1.25',
                            ports: [{ containerPort: 80, protocol: 'TCP' }],
                            resources: { limits: { cpu: '500m' } },
                            livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 10 },
                        },
                    ],
                    restartPolicy: 'Always',
                },
            },
            strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '25%' } },
            minReadySeconds: -1,
        },
    });
});
(0, node_test_1.test)('times and managed fields', function () {
    var mf = (0, pbwriter_ts_1.msg)(17, (0, pbwriter_ts_1.str)(1, 'kubectl-create'), (0, pbwriter_ts_1.str)(2, 'Update'), (0, pbwriter_ts_1.str)(3, 'v1'), (0, pbwriter_ts_1.msg)(4, (0, pbwriter_ts_1.int)(1, 1700000000)), (0, pbwriter_ts_1.str)(6, 'FieldsV1'), (0, pbwriter_ts_1.msg)(7, (0, pbwriter_ts_1.bytes)(1, new TextEncoder().encode('{"f:data":{}}'))), (0, pbwriter_ts_1.str)(8, ''));
    var raw = (0, pbwriter_ts_1.concat)((0, pbwriter_ts_1.msg)(1, (0, pbwriter_ts_1.str)(1, 'c'), (0, pbwriter_ts_1.msg)(8, (0, pbwriter_ts_1.int)(1, 1700000000), (0, pbwriter_ts_1.int)(2, 0)), mf));
    strict_1.default.deepEqual((0, protobuf_ts_1.decodeProtobuf)((0, pbwriter_ts_1.envelope)('v1', 'ConfigMap', raw), only(mini_ts_1.configMap)).metadata, {
        name: 'c',
        creationTimestamp: '2023-11-14T22:13:20Z',
        managedFields: [{ manager: 'kubectl-create', operation: 'Update', apiVersion: 'v1', time: '2023-11-14T22:13:20Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': {} } }],
    });
});
(0, node_test_1.test)('kubectl auth can-i: SelfSubjectAccessReview', function () {
    var raw = (0, pbwriter_ts_1.concat)((0, pbwriter_ts_1.msg)(1, (0, pbwriter_ts_1.bytes)(8, new Uint8Array())), (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.msg)(1, (0, pbwriter_ts_1.str)(1, 'default'), (0, pbwriter_ts_1.str)(2, 'create'), (0, pbwriter_ts_1.str)(3, ''), (0, pbwriter_ts_1.str)(4, ''), (0, pbwriter_ts_1.str)(5, 'pods'), (0, pbwriter_ts_1.str)(6, ''), (0, pbwriter_ts_1.str)(7, ''))), (0, pbwriter_ts_1.msg)(3, (0, pbwriter_ts_1.int)(1, 0), (0, pbwriter_ts_1.str)(2, ''), (0, pbwriter_ts_1.str)(3, ''), (0, pbwriter_ts_1.int)(4, 0)));
    strict_1.default.deepEqual((0, protobuf_ts_1.decodeProtobuf)((0, pbwriter_ts_1.envelope)('authorization.k8s.io/v1', 'SelfSubjectAccessReview', raw), only(authz_ts_1.selfSubjectAccessReview)), {
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SelfSubjectAccessReview',
        metadata: {},
        spec: { resourceAttributes: { namespace: 'default', verb: 'create', resource: 'pods' } },
        status: { allowed: false },
    });
});
(0, node_test_1.test)('kubectl auth whoami: an empty SelfSubjectReview; extra maps of lists', function () {
    var raw = (0, pbwriter_ts_1.concat)((0, pbwriter_ts_1.msg)(1, (0, pbwriter_ts_1.bytes)(8, new Uint8Array())), (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.msg)(1)));
    strict_1.default.deepEqual((0, protobuf_ts_1.decodeProtobuf)((0, pbwriter_ts_1.envelope)('authentication.k8s.io/v1', 'SelfSubjectReview', raw), only(authn_ts_1.selfSubjectReview)), {
        apiVersion: 'authentication.k8s.io/v1',
        kind: 'SelfSubjectReview',
        metadata: {},
    });
    var withUser = (0, pbwriter_ts_1.concat)((0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.msg)(1, (0, pbwriter_ts_1.str)(1, 'admin'), (0, pbwriter_ts_1.str)(3, 'system:masters'), (0, pbwriter_ts_1.entry)(4, 'scopes', (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.str)(1, 'a'), (0, pbwriter_ts_1.str)(1, 'b'))))));
    strict_1.default.deepEqual((0, protobuf_ts_1.decodeProtobuf)((0, pbwriter_ts_1.envelope)('authentication.k8s.io/v1', 'SelfSubjectReview', withUser), only(authn_ts_1.selfSubjectReview)).status, {
        userInfo: { username: 'admin', groups: ['system:masters'], extra: { scopes: ['a', 'b'] } },
    });
});
(0, node_test_1.test)('errors: bad magic, truncated messages, another kind than the endpoint', function () {
    strict_1.default.throws(function () { return (0, protobuf_ts_1.decodeProtobuf)(new TextEncoder().encode('{}'), only(mini_ts_1.namespace)); }, protobuf_ts_1.ProtobufError);
    var cut = (0, pbwriter_ts_1.envelope)('v1', 'ConfigMap', (0, pbwriter_ts_1.msg)(1, (0, pbwriter_ts_1.str)(1, 'c'))).subarray(0, 25);
    var d = function () { return (0, decode_ts_1.decodeBody)(cut, 'application/vnd.kubernetes.protobuf', { schema: mini_ts_1.configMap, group: '', version: 'v1', kind: 'ConfigMap' }, 'Strict'); };
    strict_1.default.throws(d, function (e) { return e instanceof errors_ts_1.StatusError && e.code === 400 && /^the object provided is unrecognized \(must be of type ConfigMap\): proto: unexpected EOF \(6b387300/.test(e.message); });
    var other = function () { return (0, decode_ts_1.decodeBody)((0, pbwriter_ts_1.envelope)('v1', 'Secret', new Uint8Array()), 'application/vnd.kubernetes.protobuf', { schema: mini_ts_1.configMap, group: '', version: 'v1', kind: 'ConfigMap' }, 'Strict'); };
    strict_1.default.throws(other, function (e) { return e instanceof errors_ts_1.StatusError && e.message.startsWith('Secret in version "v1" cannot be handled as a ConfigMap'); });
});
(0, node_test_1.test)('kubectl create deployment: the real apps/v1 Deployment schema', function () { return __awaiter(void 0, void 0, void 0, function () {
    var deploymentSchema, labels, zeroMeta, container, podSpec, raw;
    return __generator(this, function (_a) {
        switch (_a.label) {
            case 0: return [4 /*yield*/, Promise.resolve().then(function () { return require('../../../lib/api/apps/deployment.ts'); })];
            case 1:
                deploymentSchema = (_a.sent()).deploymentSchema;
                labels = (0, pbwriter_ts_1.entry)(11, 'app', (0, pbwriter_ts_1.str)(2, 'web'));
                zeroMeta = [(0, pbwriter_ts_1.str)(2, ''), (0, pbwriter_ts_1.str)(3, ''), (0, pbwriter_ts_1.str)(4, ''), (0, pbwriter_ts_1.str)(5, ''), (0, pbwriter_ts_1.str)(6, ''), (0, pbwriter_ts_1.int)(7, 0), (0, pbwriter_ts_1.bytes)(8, new Uint8Array())];
                container = (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.str)(1, 'nginx'), (0, pbwriter_ts_1.str)(2, 'nginx'), (0, pbwriter_ts_1.str)(5, ''), (0, pbwriter_ts_1.msg)(8), (0, pbwriter_ts_1.str)(13, ''), (0, pbwriter_ts_1.str)(14, ''), (0, pbwriter_ts_1.int)(16, 0), (0, pbwriter_ts_1.int)(17, 0), (0, pbwriter_ts_1.int)(18, 0), (0, pbwriter_ts_1.str)(20, ''));
                podSpec = (0, pbwriter_ts_1.concat)(container, (0, pbwriter_ts_1.str)(3, ''), (0, pbwriter_ts_1.str)(6, ''), (0, pbwriter_ts_1.str)(8, ''), (0, pbwriter_ts_1.str)(9, ''), (0, pbwriter_ts_1.str)(10, ''), (0, pbwriter_ts_1.int)(11, 0), (0, pbwriter_ts_1.int)(12, 0), (0, pbwriter_ts_1.int)(13, 0), (0, pbwriter_ts_1.str)(16, ''), (0, pbwriter_ts_1.str)(17, ''), (0, pbwriter_ts_1.str)(19, ''), (0, pbwriter_ts_1.str)(24, ''));
                raw = (0, pbwriter_ts_1.concat)(pbwriter_ts_1.msg.apply(void 0, __spreadArray(__spreadArray([1, (0, pbwriter_ts_1.str)(1, 'web')], zeroMeta, false), [labels], false)), (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.int)(1, 2), (0, pbwriter_ts_1.msg)(2, (0, pbwriter_ts_1.entry)(1, 'app', (0, pbwriter_ts_1.str)(2, 'web'))), (0, pbwriter_ts_1.msg)(3, pbwriter_ts_1.msg.apply(void 0, __spreadArray(__spreadArray([1, (0, pbwriter_ts_1.str)(1, '')], zeroMeta, false), [labels], false)), (0, pbwriter_ts_1.msg)(2, podSpec)), (0, pbwriter_ts_1.msg)(4, (0, pbwriter_ts_1.str)(1, '')), (0, pbwriter_ts_1.int)(5, 0), (0, pbwriter_ts_1.int)(7, 0)), (0, pbwriter_ts_1.msg)(3, (0, pbwriter_ts_1.int)(1, 0), (0, pbwriter_ts_1.int)(2, 0), (0, pbwriter_ts_1.int)(3, 0), (0, pbwriter_ts_1.int)(4, 0), (0, pbwriter_ts_1.int)(5, 0), (0, pbwriter_ts_1.int)(7, 0)));
                strict_1.default.deepEqual((0, protobuf_ts_1.decodeProtobuf)((0, pbwriter_ts_1.envelope)('apps/v1', 'Deployment', raw), only(deploymentSchema)), {
                    apiVersion: 'apps/v1',
                    kind: 'Deployment',
                    metadata: { name: 'web', labels: { app: 'web' } },
                    spec: {
                        replicas: 2,
                        selector: { matchLabels: { app: 'web' } },
                        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } },
                    },
                });
                return [2 /*return*/];
        }
    });
}); });
