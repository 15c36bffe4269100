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
exports.deploymentSchema = exports.deploymentStatus = exports.deploymentCondition = exports.deploymentSpec = exports.deploymentStrategy = exports.rollingUpdateDeployment = void 0;
/** apps/v1 Deployment: declarative updates for Pods and ReplicaSets. */
var v = require("valibot");
var fields_ts_1 = require("../../schema/fields.ts");
var meta_ts_1 = require("../meta.ts");
var pod_ts_1 = require("../core/pod.ts");
exports.rollingUpdateDeployment = (0, fields_ts_1.message)({
    maxUnavailable: (0, fields_ts_1.intOrString)(1, { ptr: true, doc: 'The maximum number (or %) of pods that can be unavailable during the update. Defaults to 25%.' }),
    maxSurge: (0, fields_ts_1.intOrString)(2, { ptr: true, doc: 'The maximum number (or %) of pods that can be scheduled above the desired number. Defaults to 25%.' }),
});
exports.deploymentStrategy = (0, fields_ts_1.message)({
    type: (0, fields_ts_1.str)(1, { doc: 'Type of deployment: "Recreate" or "RollingUpdate". Default is RollingUpdate.' }),
    rollingUpdate: (0, fields_ts_1.obj)(2, exports.rollingUpdateDeployment, { ptr: true, doc: 'Rolling update config params. Present only if type = RollingUpdate.' }),
});
exports.deploymentSpec = (0, fields_ts_1.message)({
    replicas: (0, fields_ts_1.int32)(1, { ptr: true, doc: 'Number of desired pods. Defaults to 1.' }),
    selector: (0, fields_ts_1.obj)(2, meta_ts_1.labelSelector, {
        ptr: true,
        keep: true,
        doc: "Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment. It must match the pod template's labels.",
    }),
    template: (0, fields_ts_1.obj)(3, pod_ts_1.podTemplateSpec, { doc: 'Template describes the pods that will be created.' }),
    strategy: (0, fields_ts_1.obj)(4, exports.deploymentStrategy, { patchStrategy: 'retainKeys', doc: 'The deployment strategy to use to replace existing pods with new ones.' }),
    minReadySeconds: (0, fields_ts_1.int32)(5, { doc: 'Minimum seconds a newly created pod should be ready without crashing to be considered available.' }),
    revisionHistoryLimit: (0, fields_ts_1.int32)(6, { ptr: true, doc: 'The number of old ReplicaSets to retain to allow rollback. Defaults to 10.' }),
    paused: (0, fields_ts_1.bool)(7, { doc: 'Indicates that the deployment is paused.' }),
    progressDeadlineSeconds: (0, fields_ts_1.int32)(9, { ptr: true, doc: 'Seconds for the deployment to make progress before it is considered failed. Defaults to 600s.' }),
});
exports.deploymentCondition = (0, fields_ts_1.message)({
    type: (0, fields_ts_1.str)(1, { keep: true, doc: 'Type of deployment condition: Available, Progressing or ReplicaFailure.' }),
    status: (0, fields_ts_1.str)(2, { keep: true, doc: 'Status of the condition, one of True, False, Unknown.' }),
    lastUpdateTime: (0, fields_ts_1.time)(6, { doc: 'The last time this condition was updated.' }),
    lastTransitionTime: (0, fields_ts_1.time)(7, { doc: 'Last time the condition transitioned from one status to another.' }),
    reason: (0, fields_ts_1.str)(4, { doc: "The reason for the condition's last transition." }),
    message: (0, fields_ts_1.str)(5, { doc: 'A human readable message indicating details about the transition.' }),
});
exports.deploymentStatus = (0, fields_ts_1.message)({
    observedGeneration: (0, fields_ts_1.int64)(1, { doc: 'The generation observed by the deployment controller.' }),
    replicas: (0, fields_ts_1.int32)(2, { doc: 'Total number of non-terminated pods targeted by this deployment (their labels match the selector).' }),
    updatedReplicas: (0, fields_ts_1.int32)(3, { doc: 'Total number of non-terminated pods targeted by this deployment that have the desired template spec.' }),
    readyReplicas: (0, fields_ts_1.int32)(7, { doc: 'Total number of non-terminated pods targeted by this Deployment with a Ready Condition.' }),
    availableReplicas: (0, fields_ts_1.int32)(4, { doc: 'Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.' }),
    unavailableReplicas: (0, fields_ts_1.int32)(5, { doc: 'Total number of unavailable pods targeted by this deployment.' }),
    conditions: (0, fields_ts_1.list)(6, exports.deploymentCondition, {
        patchStrategy: 'merge',
        patchMergeKey: 'type',
        listType: 'map',
        listMapKeys: ['type'],
        doc: "Represents the latest available observations of a deployment's current state.",
    }),
    collisionCount: (0, fields_ts_1.int32)(8, { ptr: true, doc: 'Count of hash collisions for the Deployment, used to name the newest ReplicaSet.' }),
});
exports.deploymentSchema = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { spec: (0, fields_ts_1.obj)(2, exports.deploymentSpec, { doc: 'Specification of the desired behavior of the Deployment.' }), status: (0, fields_ts_1.obj)(3, exports.deploymentStatus, { doc: 'Most recently observed status of the Deployment.' }) }));
