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
Object.defineProperty(exports, "__esModule", { value: true });
exports.deployment = exports.pod = exports.podSpec = exports.container = exports.secret = exports.configMap = exports.namespace = void 0;
/**
 * Miniature kind schemas for the codec, patch and OpenAPI tests, written with the kind DSL and
 * the real field numbers, until (and independently of) the real kinds in lib/api.
 */
var v = require("valibot");
var fields_ts_1 = require("../../../../lib/schema/fields.ts");
var meta_ts_1 = require("../../../../lib/api/meta.ts");
exports.namespace = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { spec: (0, fields_ts_1.obj)(2, { finalizers: (0, fields_ts_1.strList)(1, { listType: 'atomic' }) }), status: (0, fields_ts_1.obj)(3, { phase: (0, fields_ts_1.str)(1) }) }));
exports.configMap = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { data: (0, fields_ts_1.strMap)(2, { doc: 'Data contains the configuration data.' }), binaryData: (0, fields_ts_1.bytesMap)(3), immutable: (0, fields_ts_1.bool)(4, { ptr: true }) }));
exports.secret = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { data: (0, fields_ts_1.bytesMap)(2), type: (0, fields_ts_1.str)(3), stringData: (0, fields_ts_1.strMap)(4), immutable: (0, fields_ts_1.bool)(5, { ptr: true }) }));
var containerPort = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1),
    hostPort: (0, fields_ts_1.int32)(2),
    containerPort: (0, fields_ts_1.int32)(3, { keep: true }),
    protocol: (0, fields_ts_1.str)(4),
});
var envVar = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { keep: true }),
    value: (0, fields_ts_1.str)(2),
});
var handler = (0, fields_ts_1.inline)(1, {
    exec: (0, fields_ts_1.obj)(1, { command: (0, fields_ts_1.strList)(1, { listType: 'atomic' }) }, { ptr: true }),
    httpGet: (0, fields_ts_1.obj)(2, { path: (0, fields_ts_1.str)(1), port: (0, fields_ts_1.intOrString)(2, { keep: true }) }, { ptr: true }),
});
var probe = (0, fields_ts_1.message)(__assign(__assign({}, handler), { initialDelaySeconds: (0, fields_ts_1.int32)(2), periodSeconds: (0, fields_ts_1.int32)(4) }));
exports.container = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { keep: true, doc: 'Name of the container.' }),
    image: (0, fields_ts_1.str)(2, { doc: 'Container image name.' }),
    command: (0, fields_ts_1.strList)(3, { listType: 'atomic' }),
    ports: (0, fields_ts_1.list)(6, containerPort, { patchStrategy: 'merge', patchMergeKey: 'containerPort', listType: 'map', listMapKeys: ['containerPort', 'protocol'] }),
    env: (0, fields_ts_1.list)(7, envVar, { patchStrategy: 'merge', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'] }),
    resources: (0, fields_ts_1.obj)(8, { limits: (0, fields_ts_1.quantityMap)(1), requests: (0, fields_ts_1.quantityMap)(2) }),
    livenessProbe: (0, fields_ts_1.obj)(10, probe, { ptr: true }),
    imagePullPolicy: (0, fields_ts_1.str)(14),
});
var volume = (0, fields_ts_1.message)(__assign({ name: (0, fields_ts_1.str)(1, { keep: true }) }, (0, fields_ts_1.inline)(2, {
    hostPath: (0, fields_ts_1.obj)(1, { path: (0, fields_ts_1.str)(1), type: (0, fields_ts_1.str)(2, { ptr: true }) }, { ptr: true }),
    emptyDir: (0, fields_ts_1.obj)(2, { medium: (0, fields_ts_1.str)(1) }, { ptr: true }),
    configMap: (0, fields_ts_1.obj)(19, __assign(__assign({}, (0, fields_ts_1.inline)(1, { name: (0, fields_ts_1.str)(1) })), { defaultMode: (0, fields_ts_1.int32)(3, { ptr: true }) }), { ptr: true }),
})));
exports.podSpec = (0, fields_ts_1.message)({
    volumes: (0, fields_ts_1.list)(1, volume, { patchStrategy: 'merge,retainKeys', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'] }),
    containers: (0, fields_ts_1.list)(2, exports.container, { patchStrategy: 'merge', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'] }),
    restartPolicy: (0, fields_ts_1.str)(3),
    terminationGracePeriodSeconds: (0, fields_ts_1.int64)(4, { ptr: true }),
    nodeSelector: (0, fields_ts_1.strMap)(7, { mapType: 'atomic' }),
    tolerations: (0, fields_ts_1.list)(22, (0, fields_ts_1.message)({ key: (0, fields_ts_1.str)(1), operator: (0, fields_ts_1.str)(2) }), { listType: 'atomic' }),
});
exports.pod = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { spec: (0, fields_ts_1.obj)(2, exports.podSpec), status: (0, fields_ts_1.obj)(3, { phase: (0, fields_ts_1.str)(1), podIP: (0, fields_ts_1.str)(6) }) }));
var podTemplateSpec = (0, fields_ts_1.message)({
    metadata: (0, fields_ts_1.obj)(1, meta_ts_1.objectMeta),
    spec: (0, fields_ts_1.obj)(2, exports.podSpec),
});
exports.deployment = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { spec: (0, fields_ts_1.obj)(2, {
        replicas: (0, fields_ts_1.int32)(1, { ptr: true }),
        selector: (0, fields_ts_1.obj)(2, meta_ts_1.labelSelector, { ptr: true }),
        template: (0, fields_ts_1.obj)(3, podTemplateSpec),
        strategy: (0, fields_ts_1.obj)(4, {
            type: (0, fields_ts_1.str)(1),
            rollingUpdate: (0, fields_ts_1.obj)(2, { maxUnavailable: (0, fields_ts_1.intOrString)(1, { ptr: true }), maxSurge: (0, fields_ts_1.intOrString)(2, { ptr: true }) }, { ptr: true }),
        }, { patchStrategy: 'retainKeys' }),
        minReadySeconds: (0, fields_ts_1.int32)(5),
        paused: (0, fields_ts_1.bool)(7),
    }), status: (0, fields_ts_1.obj)(3, { observedGeneration: (0, fields_ts_1.int64)(1), replicas: (0, fields_ts_1.int32)(2) }) }));
