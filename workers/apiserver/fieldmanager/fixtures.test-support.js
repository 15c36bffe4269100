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
exports.at = exports.deep = exports.deploymentSchema = void 0;
exports.vitrineConfig = vitrineConfig;
exports.defaulted = defaulted;
exports.created = created;
/**
 * A miniature apps/v1 Deployment written with the schema DSL, with the markers of the real one
 * (merge-apply-protobuf.md §1.2, §2.5): enough for the field manager's tests to stand alone.
 */
var v = require("valibot");
var fields_ts_1 = require("../../../lib/schema/fields.ts");
var meta_ts_1 = require("../../../lib/api/meta.ts");
var containerPort = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1),
    containerPort: (0, fields_ts_1.int32)(3, { keep: true }),
    protocol: (0, fields_ts_1.str)(4),
});
var container = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { keep: true }),
    image: (0, fields_ts_1.str)(2),
    command: (0, fields_ts_1.strList)(3, { listType: 'atomic' }),
    args: (0, fields_ts_1.strList)(4, { listType: 'atomic' }),
    ports: (0, fields_ts_1.list)(6, containerPort, { patchStrategy: 'merge', patchMergeKey: 'containerPort', listType: 'map', listMapKeys: ['containerPort', 'protocol'] }),
    env: (0, fields_ts_1.list)(7, (0, fields_ts_1.message)({ name: (0, fields_ts_1.str)(1, { keep: true }), value: (0, fields_ts_1.str)(2) }), { patchStrategy: 'merge', patchMergeKey: 'name' }),
    resources: (0, fields_ts_1.obj)(8, (0, fields_ts_1.message)({ limits: (0, fields_ts_1.quantityMap)(1), requests: (0, fields_ts_1.quantityMap)(2) })),
    terminationMessagePath: (0, fields_ts_1.str)(13),
    imagePullPolicy: (0, fields_ts_1.str)(14),
    securityContext: (0, fields_ts_1.obj)(15, (0, fields_ts_1.message)({ runAsUser: (0, fields_ts_1.int64)(4, { ptr: true }) }), { ptr: true }),
    terminationMessagePolicy: (0, fields_ts_1.str)(20),
});
var podSpec = (0, fields_ts_1.message)({
    containers: (0, fields_ts_1.list)(2, container, { patchStrategy: 'merge', patchMergeKey: 'name', keep: true }),
    restartPolicy: (0, fields_ts_1.str)(3),
    terminationGracePeriodSeconds: (0, fields_ts_1.int64)(4, { ptr: true }),
    dnsPolicy: (0, fields_ts_1.str)(6),
    nodeSelector: (0, fields_ts_1.strMap)(7, { mapType: 'atomic' }),
    securityContext: (0, fields_ts_1.obj)(14, (0, fields_ts_1.message)({ runAsUser: (0, fields_ts_1.int64)(4, { ptr: true }) }), { ptr: true }),
    schedulerName: (0, fields_ts_1.str)(19),
    tolerations: (0, fields_ts_1.list)(22, (0, fields_ts_1.message)({ key: (0, fields_ts_1.str)(1), operator: (0, fields_ts_1.str)(2) })),
});
var deploymentSpec = (0, fields_ts_1.message)({
    replicas: (0, fields_ts_1.int32)(1, { ptr: true }),
    selector: (0, fields_ts_1.obj)(2, meta_ts_1.labelSelector, { ptr: true }),
    template: (0, fields_ts_1.obj)(3, (0, fields_ts_1.message)({ metadata: (0, fields_ts_1.obj)(1, meta_ts_1.objectMeta), spec: (0, fields_ts_1.obj)(2, podSpec) })),
    strategy: (0, fields_ts_1.obj)(4, (0, fields_ts_1.message)({
        type: (0, fields_ts_1.str)(1),
        rollingUpdate: (0, fields_ts_1.obj)(2, (0, fields_ts_1.message)({ maxUnavailable: (0, fields_ts_1.intOrString)(1, { ptr: true }), maxSurge: (0, fields_ts_1.intOrString)(2, { ptr: true }) }), { ptr: true }),
    }), { patchStrategy: 'retainKeys' }),
    minReadySeconds: (0, fields_ts_1.int32)(5),
    revisionHistoryLimit: (0, fields_ts_1.int32)(6, { ptr: true }),
    paused: (0, fields_ts_1.bool)(7),
    progressDeadlineSeconds: (0, fields_ts_1.int32)(9, { ptr: true }),
});
var deploymentStatus = (0, fields_ts_1.message)({
    observedGeneration: (0, fields_ts_1.int64)(1),
    replicas: (0, fields_ts_1.int32)(2),
    updatedReplicas: (0, fields_ts_1.int32)(3),
    availableReplicas: (0, fields_ts_1.int32)(4),
    conditions: (0, fields_ts_1.list)(6, meta_ts_1.condition, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'map', listMapKeys: ['type'] }),
    readyReplicas: (0, fields_ts_1.int32)(7),
});
exports.deploymentSchema = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { spec: (0, fields_ts_1.obj)(2, deploymentSpec), status: (0, fields_ts_1.obj)(3, deploymentStatus) }));
var deep = function (x) { return JSON.parse(JSON.stringify(x)); };
exports.deep = deep;
/** What `kubectl apply -f vitrine.yaml` sends (the chapter's Deployment). */
function vitrineConfig(replicas) {
    return {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'vitrine', namespace: 'ch34' },
        spec: __assign(__assign({}, (replicas === undefined ? {} : { replicas: replicas })), { selector: { matchLabels: { app: 'vitrine' } }, template: {
                metadata: { labels: { app: 'vitrine' } },
                spec: {
                    containers: [
                        {
                            name: 'web',
                            image: 'registry.k8s.io/e2e-test-images/agnhost:2.61',
                            args: ['netexec', '--http-port=8080'],
                            resources: { requests: { cpu: '50m', memory: '32Mi' } },
                        },
                    ],
                },
            } }),
    };
}
/** The Kubernetes defaults of a Deployment and its pod template (what the server stores). */
function defaulted(obj) {
    var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m, _o, _p, _q, _r;
    var _s, _t;
    var o = (0, exports.deep)(obj);
    var spec = ((_a = o.spec) !== null && _a !== void 0 ? _a : (o.spec = {}));
    (_b = spec.replicas) !== null && _b !== void 0 ? _b : (spec.replicas = 1);
    (_c = spec.strategy) !== null && _c !== void 0 ? _c : (spec.strategy = {});
    (_d = (_s = spec.strategy).type) !== null && _d !== void 0 ? _d : (_s.type = 'RollingUpdate');
    if (spec.strategy.type === 'RollingUpdate')
        (_e = (_t = spec.strategy).rollingUpdate) !== null && _e !== void 0 ? _e : (_t.rollingUpdate = { maxUnavailable: '25%', maxSurge: '25%' });
    (_f = spec.revisionHistoryLimit) !== null && _f !== void 0 ? _f : (spec.revisionHistoryLimit = 10);
    (_g = spec.progressDeadlineSeconds) !== null && _g !== void 0 ? _g : (spec.progressDeadlineSeconds = 600);
    var pod = spec.template.spec;
    (_h = pod.restartPolicy) !== null && _h !== void 0 ? _h : (pod.restartPolicy = 'Always');
    (_j = pod.terminationGracePeriodSeconds) !== null && _j !== void 0 ? _j : (pod.terminationGracePeriodSeconds = 30);
    (_k = pod.dnsPolicy) !== null && _k !== void 0 ? _k : (pod.dnsPolicy = 'ClusterFirst');
    (_l = pod.securityContext) !== null && _l !== void 0 ? _l : (pod.securityContext = {});
    (_m = pod.schedulerName) !== null && _m !== void 0 ? _m : (pod.schedulerName = 'default-scheduler');
    for (var _i = 0, _u = pod.containers; _i < _u.length; _i++) {
        var c = _u[_i];
        (_o = c.resources) !== null && _o !== void 0 ? _o : (c.resources = {});
        (_p = c.terminationMessagePath) !== null && _p !== void 0 ? _p : (c.terminationMessagePath = '/dev/termination-log');
        (_q = c.terminationMessagePolicy) !== null && _q !== void 0 ? _q : (c.terminationMessagePolicy = 'File');
        (_r = c.imagePullPolicy) !== null && _r !== void 0 ? _r : (c.imagePullPolicy = 'IfNotPresent');
    }
    return o;
}
/** What the store adds on create. */
function created(obj, rv) {
    if (rv === void 0) { rv = '1'; }
    var o = (0, exports.deep)(obj);
    o.metadata = __assign(__assign({}, o.metadata), { uid: '0b5f3d4e-0000-4000-8000-000000000001', resourceVersion: rv, generation: 1, creationTimestamp: '2026-09-26T17:17:28Z' });
    return o;
}
var at = function (s) { return new Date(s); };
exports.at = at;
