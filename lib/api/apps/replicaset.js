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
exports.replicaSetSchema = exports.replicaSetStatus = exports.replicaSetCondition = exports.replicaSetSpec = void 0;
/** apps/v1 ReplicaSet: keeps a stable set of replica Pods running. */
var v = require("valibot");
var fields_ts_1 = require("../../schema/fields.ts");
var meta_ts_1 = require("../meta.ts");
var pod_ts_1 = require("../core/pod.ts");
exports.replicaSetSpec = (0, fields_ts_1.message)({
    replicas: (0, fields_ts_1.int32)(1, {
        ptr: true,
        doc: 'Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller/#what-is-a-replicationcontroller',
    }),
    minReadySeconds: (0, fields_ts_1.int32)(4, { doc: 'Minimum seconds a newly created pod should be ready without crashing to be considered available.' }),
    selector: (0, fields_ts_1.obj)(2, meta_ts_1.labelSelector, {
        ptr: true,
        keep: true,
        doc: "Selector is a label query over pods that should match the replica count. Label keys and values that must match in order to be controlled by this replica set. It must match the pod template's labels. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors",
    }),
    template: (0, fields_ts_1.obj)(3, pod_ts_1.podTemplateSpec, { doc: 'Template is the object that describes the pod that will be created if insufficient replicas are detected.' }),
});
exports.replicaSetCondition = (0, fields_ts_1.message)({
    type: (0, fields_ts_1.str)(1, { keep: true, doc: 'Type of replica set condition.' }),
    status: (0, fields_ts_1.str)(2, { keep: true, doc: 'Status of the condition, one of True, False, Unknown.' }),
    lastTransitionTime: (0, fields_ts_1.time)(3, { doc: 'The last time the condition transitioned from one status to another.' }),
    reason: (0, fields_ts_1.str)(4, { doc: "The reason for the condition's last transition." }),
    message: (0, fields_ts_1.str)(5, { doc: 'A human readable message indicating details about the transition.' }),
});
exports.replicaSetStatus = (0, fields_ts_1.message)({
    replicas: (0, fields_ts_1.int32)(1, {
        keep: true,
        doc: 'Replicas is the most recently observed number of replicas. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller/#what-is-a-replicationcontroller',
    }),
    fullyLabeledReplicas: (0, fields_ts_1.int32)(2, { doc: 'The number of pods that have labels matching the labels of the pod template of the replicaset.' }),
    readyReplicas: (0, fields_ts_1.int32)(4, { doc: 'readyReplicas is the number of pods targeted by this ReplicaSet with a Ready Condition.' }),
    availableReplicas: (0, fields_ts_1.int32)(5, { doc: 'The number of available replicas (ready for at least minReadySeconds) for this replica set.' }),
    observedGeneration: (0, fields_ts_1.int64)(3, { doc: 'ObservedGeneration reflects the generation of the most recently observed ReplicaSet.' }),
    conditions: (0, fields_ts_1.list)(6, exports.replicaSetCondition, {
        patchStrategy: 'merge',
        patchMergeKey: 'type',
        listType: 'map',
        listMapKeys: ['type'],
        doc: "Represents the latest available observations of a replica set's current state.",
    }),
});
exports.replicaSetSchema = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { spec: (0, fields_ts_1.obj)(2, exports.replicaSetSpec, { doc: 'Spec defines the specification of the desired behavior of the ReplicaSet.' }), status: (0, fields_ts_1.obj)(3, exports.replicaSetStatus, { doc: 'Status is the most recently observed status of the ReplicaSet.' }) }));
