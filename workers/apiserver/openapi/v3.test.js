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
var node_crypto_1 = require("node:crypto");
var mini_ts_1 = require("../codec/testdata/mini.ts");
var v3_ts_1 = require("./v3.ts");
var kind = function (group, k, resource, schema, pkg, extra) {
    if (extra === void 0) { extra = {}; }
    return (__assign({ group: group, version: 'v1', kind: k, resource: resource, singular: k.toLowerCase(), namespaced: true, schema: schema, openapiName: "".concat(pkg, ".").concat(k), nameRule: 'subdomain' }, extra));
};
var KINDS = [
    kind('apps', 'Deployment', 'deployments', mini_ts_1.deployment, 'io.k8s.api.apps.v1', { subresources: { status: true } }),
    kind('', 'ConfigMap', 'configmaps', mini_ts_1.configMap, 'io.k8s.api.core.v1'),
    kind('', 'Pod', 'pods', mini_ts_1.pod, 'io.k8s.api.core.v1'),
];
(0, node_test_1.test)('the root lists one document per group-version, addressed by its hash', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, root, documents, _i, documents_1, _b, path, _c, hash, json, again;
    return __generator(this, function (_d) {
        switch (_d.label) {
            case 0: return [4 /*yield*/, (0, v3_ts_1.openapiV3)(KINDS)];
            case 1:
                _a = _d.sent(), root = _a.root, documents = _a.documents;
                strict_1.default.deepEqual(Object.keys(root.paths), ['api/v1', 'apis/apps/v1']);
                for (_i = 0, documents_1 = documents; _i < documents_1.length; _i++) {
                    _b = documents_1[_i], path = _b[0], _c = _b[1], hash = _c.hash, json = _c.json;
                    strict_1.default.equal(hash, (0, node_crypto_1.createHash)('sha256').update(json).digest('hex').toUpperCase());
                    strict_1.default.equal(root.paths[path].serverRelativeURL, "/openapi/v3/".concat(path, "?hash=").concat(hash));
                }
                return [4 /*yield*/, (0, v3_ts_1.openapiV3)(KINDS)];
            case 2:
                again = _d.sent();
                strict_1.default.equal(again.documents.get('api/v1').hash, documents.get('api/v1').hash, 'deterministic');
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('kubectl explain: kind components with GVK, properties, descriptions and refs', function () { return __awaiter(void 0, void 0, void 0, function () {
    var documents, core, cm, meta, spec, _i, _a, s, _b, _c, ref;
    return __generator(this, function (_d) {
        switch (_d.label) {
            case 0: return [4 /*yield*/, (0, v3_ts_1.openapiV3)(KINDS)];
            case 1:
                documents = (_d.sent()).documents;
                core = JSON.parse(documents.get('api/v1').json);
                cm = core.components.schemas['io.k8s.api.core.v1.ConfigMap'];
                strict_1.default.deepEqual(cm['x-kubernetes-group-version-kind'], [{ group: '', kind: 'ConfigMap', version: 'v1' }]);
                strict_1.default.deepEqual(cm.properties.data, { description: 'Data contains the configuration data.', type: 'object', additionalProperties: { type: 'string' } });
                strict_1.default.deepEqual(cm.properties.binaryData, { type: 'object', additionalProperties: { type: 'string', format: 'byte' } });
                strict_1.default.deepEqual(cm.properties.metadata.allOf, [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }]);
                meta = core.components.schemas['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta'];
                strict_1.default.deepEqual(meta.properties.finalizers, {
                    description: 'Must be empty before the object is deleted from the registry.',
                    type: 'array',
                    items: { type: 'string' },
                    'x-kubernetes-patch-strategy': 'merge',
                    'x-kubernetes-list-type': 'set',
                });
                strict_1.default.deepEqual(meta.properties.creationTimestamp.allOf, [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.Time' }]);
                strict_1.default.equal(meta.properties.generation.format, 'int64');
                spec = core.components.schemas['io.k8s.api.core.v1.PodSpec'];
                strict_1.default.deepEqual(spec.properties.containers, {
                    type: 'array',
                    items: { allOf: [{ $ref: '#/components/schemas/io.k8s.api.core.v1.Container' }] },
                    'x-kubernetes-patch-strategy': 'merge',
                    'x-kubernetes-patch-merge-key': 'name',
                    'x-kubernetes-list-type': 'map',
                    'x-kubernetes-list-map-keys': ['name'],
                });
                strict_1.default.equal(spec.properties.nodeSelector['x-kubernetes-map-type'], 'atomic');
                strict_1.default.deepEqual(core.components.schemas['io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference']['x-kubernetes-map-type'], 'atomic');
                for (_i = 0, _a = Object.values(core.components.schemas); _i < _a.length; _i++) {
                    s = _a[_i];
                    for (_b = 0, _c = JSON.stringify(s).matchAll(/"#\/components\/schemas\/([^"]+)"/g); _b < _c.length; _b++) {
                        ref = _c[_b];
                        strict_1.default.ok(core.components.schemas[ref[1]], "dangling ".concat(ref[1]));
                    }
                }
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a struct shared between groups is one component, present in both documents', function () { return __awaiter(void 0, void 0, void 0, function () {
    var documents, apps, template, tmpl, strategy, rolling;
    return __generator(this, function (_a) {
        switch (_a.label) {
            case 0: return [4 /*yield*/, (0, v3_ts_1.openapiV3)(KINDS)];
            case 1:
                documents = (_a.sent()).documents;
                apps = JSON.parse(documents.get('apis/apps/v1').json);
                template = apps.components.schemas['io.k8s.api.apps.v1.DeploymentSpec'].properties.template;
                tmpl = apps.components.schemas[template.allOf[0].$ref.split('/').pop()];
                strict_1.default.deepEqual(tmpl.properties.spec.allOf, [{ $ref: '#/components/schemas/io.k8s.api.core.v1.PodSpec' }], 'PodSpec is named after Pod, not re-declared');
                strict_1.default.ok(apps.components.schemas['io.k8s.api.core.v1.PodSpec']);
                strategy = apps.components.schemas['io.k8s.api.apps.v1.DeploymentSpec'].properties.strategy;
                strict_1.default.equal(strategy['x-kubernetes-patch-strategy'], 'retainKeys');
                rolling = apps.components.schemas[apps.components.schemas[strategy.allOf[0].$ref.split('/').pop()].properties.rollingUpdate.allOf[0].$ref.split('/').pop()];
                strict_1.default.deepEqual(rolling.properties.maxSurge.allOf, [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.util.intstr.IntOrString' }]);
                strict_1.default.equal(apps.components.schemas['io.k8s.apimachinery.pkg.util.intstr.IntOrString'].format, 'int-or-string');
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('each kind has a patch operation with its GVK and the fieldValidation parameter', function () { return __awaiter(void 0, void 0, void 0, function () {
    var documents, apps, item, core;
    return __generator(this, function (_a) {
        switch (_a.label) {
            case 0: return [4 /*yield*/, (0, v3_ts_1.openapiV3)(KINDS)];
            case 1:
                documents = (_a.sent()).documents;
                apps = JSON.parse(documents.get('apis/apps/v1').json);
                item = apps.paths['/apis/apps/v1/namespaces/{namespace}/deployments/{name}'];
                strict_1.default.deepEqual(item.patch['x-kubernetes-group-version-kind'], { group: 'apps', version: 'v1', kind: 'Deployment' });
                strict_1.default.deepEqual(item.patch.parameters.map(function (p) { return p.name; }), ['dryRun', 'fieldManager', 'fieldValidation', 'force']);
                strict_1.default.ok(apps.paths['/apis/apps/v1/namespaces/{namespace}/deployments/{name}/status'].patch);
                core = JSON.parse(documents.get('api/v1').json);
                strict_1.default.ok(core.paths['/api/v1/namespaces/{namespace}/configmaps'].post.parameters.some(function (p) { return p.name === 'fieldValidation'; }));
                return [2 /*return*/];
        }
    });
}); });
