"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.podStatus = exports.containerStatus = exports.resourceStatus = exports.containerUser = exports.volumeMountStatus = exports.containerState = exports.containerStateTerminated = exports.containerStateRunning = exports.containerStateWaiting = exports.podCondition = void 0;
/** core/v1 PodStatus and ContainerStatus: what the kubelet reports. */
var v = require("valibot");
var fields_ts_1 = require("../../../schema/fields.ts");
var container_ts_1 = require("./container.ts");
exports.podCondition = (0, fields_ts_1.message)({
    type: (0, fields_ts_1.str)(1, { keep: true, doc: 'Type is the type of the condition.' }),
    status: (0, fields_ts_1.str)(2, { keep: true, doc: 'Status is the status of the condition: True, False or Unknown.' }),
    lastProbeTime: (0, fields_ts_1.time)(3, { doc: 'Last time we probed the condition.' }),
    lastTransitionTime: (0, fields_ts_1.time)(4, { doc: 'Last time the condition transitioned from one status to another.' }),
    reason: (0, fields_ts_1.str)(5, { doc: "Unique, one-word, CamelCase reason for the condition's last transition." }),
    message: (0, fields_ts_1.str)(6, { doc: 'Human-readable message indicating details about last transition.' }),
});
exports.containerStateWaiting = (0, fields_ts_1.message)({
    reason: (0, fields_ts_1.str)(1, { doc: '(brief) reason the container is not yet running.' }),
    message: (0, fields_ts_1.str)(2, { doc: 'Message regarding why the container is not yet running.' }),
});
exports.containerStateRunning = (0, fields_ts_1.message)({
    startedAt: (0, fields_ts_1.time)(1, { doc: 'Time at which the container was last (re-)started.' }),
});
exports.containerStateTerminated = (0, fields_ts_1.message)({
    exitCode: (0, fields_ts_1.int32)(1, { keep: true, doc: 'Exit status from the last termination of the container.' }),
    signal: (0, fields_ts_1.int32)(2, { doc: 'Signal from the last termination of the container.' }),
    reason: (0, fields_ts_1.str)(3, { doc: '(brief) reason from the last termination of the container.' }),
    message: (0, fields_ts_1.str)(4, { doc: 'Message regarding the last termination of the container.' }),
    startedAt: (0, fields_ts_1.time)(5, { doc: 'Time at which previous execution of the container started.' }),
    finishedAt: (0, fields_ts_1.time)(6, { doc: 'Time at which the container last terminated.' }),
    containerID: (0, fields_ts_1.str)(7, { doc: "Container's ID in the format '<type>://<container_id>'." }),
});
exports.containerState = (0, fields_ts_1.message)({
    waiting: (0, fields_ts_1.obj)(1, exports.containerStateWaiting, { ptr: true, doc: 'Details about a waiting container.' }),
    running: (0, fields_ts_1.obj)(2, exports.containerStateRunning, { ptr: true, doc: 'Details about a running container.' }),
    terminated: (0, fields_ts_1.obj)(3, exports.containerStateTerminated, { ptr: true, doc: 'Details about a terminated container.' }),
});
exports.volumeMountStatus = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { keep: true, doc: 'Name corresponds to the name of the original VolumeMount.' }),
    mountPath: (0, fields_ts_1.str)(2, { keep: true, doc: 'MountPath corresponds to the original VolumeMount.' }),
    readOnly: (0, fields_ts_1.bool)(3, { doc: 'ReadOnly corresponds to the original VolumeMount.' }),
    recursiveReadOnly: (0, fields_ts_1.str)(4, { ptr: true, doc: 'RecursiveReadOnly must be set to Disabled, Enabled, or unspecified.' }),
});
var int64Item = v.pipe(v.number(), v.integer());
exports.containerUser = (0, fields_ts_1.message)({
    linux: (0, fields_ts_1.obj)(1, (0, fields_ts_1.message)({
        uid: (0, fields_ts_1.int64)(1, { keep: true, doc: 'The primary uid initially attached to the first process in the container.' }),
        gid: (0, fields_ts_1.int64)(2, { keep: true, doc: 'The primary gid initially attached to the first process in the container.' }),
        supplementalGroups: (0, fields_ts_1.list)(3, int64Item, { listType: 'atomic', pbType: 'int64', format: 'int64', doc: 'The supplemental groups initially attached to the first process.' }),
    }), { ptr: true, doc: 'User identity information initially attached to the first process of the containers in Linux.' }),
});
exports.resourceStatus = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { keep: true, doc: 'Name of the resource.' }),
    resources: (0, fields_ts_1.list)(2, (0, fields_ts_1.message)({
        resourceID: (0, fields_ts_1.str)(1, { keep: true, doc: 'The unique identifier of the resource.' }),
        health: (0, fields_ts_1.str)(2, { doc: 'Health of the resource: Healthy, Unhealthy or Unknown.' }),
    }), { listType: 'map', listMapKeys: ['resourceID'], doc: 'List of unique resources health.' }),
});
exports.containerStatus = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { keep: true, doc: 'A DNS_LABEL representing the unique name of the container.' }),
    state: (0, fields_ts_1.obj)(2, exports.containerState, { doc: "Details about the container's current condition." }),
    lastState: (0, fields_ts_1.obj)(3, exports.containerState, { doc: 'The last termination state of the container.' }),
    ready: (0, fields_ts_1.bool)(4, { keep: true, doc: 'Whether the container is currently passing its readiness check.' }),
    restartCount: (0, fields_ts_1.int32)(5, { keep: true, doc: 'The number of times the container has been restarted.' }),
    image: (0, fields_ts_1.str)(6, { keep: true, doc: 'The name of the container image that the container is running.' }),
    imageID: (0, fields_ts_1.str)(7, { keep: true, doc: "The image ID of the container's image." }),
    containerID: (0, fields_ts_1.str)(8, { doc: "The ID of the container in the format '<type>://<container_id>'." }),
    started: (0, fields_ts_1.bool)(9, { ptr: true, doc: 'Whether the container has finished its postStart lifecycle hook and passed its startup probe.' }),
    allocatedResources: (0, fields_ts_1.quantityMap)(10, { doc: 'The compute resources allocated for this container by the node.' }),
    resources: (0, fields_ts_1.obj)(11, container_ts_1.resourceRequirements, { ptr: true, doc: 'The compute resource requests and limits enacted on the running container.' }),
    volumeMounts: (0, fields_ts_1.list)(12, exports.volumeMountStatus, {
        patchStrategy: 'merge',
        patchMergeKey: 'mountPath',
        listType: 'map',
        listMapKeys: ['mountPath'],
        doc: 'Status of volume mounts.',
    }),
    user: (0, fields_ts_1.obj)(13, exports.containerUser, { ptr: true, doc: 'User identity information initially attached to the first process of the container.' }),
    allocatedResourcesStatus: (0, fields_ts_1.list)(14, exports.resourceStatus, {
        patchStrategy: 'merge',
        patchMergeKey: 'name',
        listType: 'map',
        listMapKeys: ['name'],
        doc: 'The status of various resources allocated for this Pod.',
    }),
});
var ip = (0, fields_ts_1.message)({ ip: (0, fields_ts_1.str)(1, { keep: true, doc: 'IP is the IP address.' }) });
var statuses = function (pb, what) { return (0, fields_ts_1.list)(pb, exports.containerStatus, { listType: 'atomic', doc: "Statuses of ".concat(what, " in this pod.") }); };
exports.podStatus = (0, fields_ts_1.message)({
    phase: (0, fields_ts_1.str)(1, { doc: 'A simple, high-level summary of where the Pod is in its lifecycle: Pending, Running, Succeeded, Failed or Unknown.' }),
    conditions: (0, fields_ts_1.list)(2, exports.podCondition, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'map', listMapKeys: ['type'], doc: 'Current service state of pod.' }),
    message: (0, fields_ts_1.str)(3, { doc: 'A human readable message indicating details about why the pod is in this condition.' }),
    reason: (0, fields_ts_1.str)(4, { doc: "A brief CamelCase message indicating details about why the pod is in this state, e.g. 'Evicted'." }),
    nominatedNodeName: (0, fields_ts_1.str)(11, {
        doc: 'nominatedNodeName is set only when this pod preempts other pods on the node, but it cannot be scheduled right away as preemption victims receive their graceful termination periods. This field does not guarantee that the pod will be scheduled on this node. Scheduler may decide to place the pod elsewhere if other nodes become available sooner. Scheduler may also decide to give the resources on this node to a higher priority pod that is created after preemption. As a result, this field may be different than PodSpec.nodeName when the pod is scheduled.',
    }),
    hostIP: (0, fields_ts_1.str)(5, { doc: 'hostIP holds the IP address of the host to which the pod is assigned.' }),
    hostIPs: (0, fields_ts_1.list)(16, ip, { patchStrategy: 'merge', patchMergeKey: 'ip', listType: 'atomic', doc: 'hostIPs holds the IP addresses allocated to the host.' }),
    podIP: (0, fields_ts_1.str)(6, { doc: 'podIP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.' }),
    podIPs: (0, fields_ts_1.list)(12, ip, { patchStrategy: 'merge', patchMergeKey: 'ip', listType: 'map', listMapKeys: ['ip'], doc: 'podIPs holds the IP addresses allocated to the pod.' }),
    startTime: (0, fields_ts_1.time)(7, { ptr: true, doc: 'RFC 3339 date and time at which the object was acknowledged by the Kubelet.' }),
    initContainerStatuses: statuses(10, 'init containers'),
    containerStatuses: statuses(8, 'containers'),
    qosClass: (0, fields_ts_1.str)(9, { doc: 'The Quality of Service (QOS) classification assigned to the pod: BestEffort, Burstable or Guaranteed.' }),
    ephemeralContainerStatuses: statuses(13, 'ephemeral containers'),
    resize: (0, fields_ts_1.str)(14, { doc: "Status of resources resize desired for pod's containers." }),
    resourceClaimStatuses: (0, fields_ts_1.list)(15, (0, fields_ts_1.message)({
        name: (0, fields_ts_1.str)(1, { keep: true, doc: 'Uniquely identifies this resource claim inside the pod.' }),
        resourceClaimName: (0, fields_ts_1.str)(2, { ptr: true, doc: 'The name of the ResourceClaim that was generated for the Pod.' }),
    }), { patchStrategy: 'merge,retainKeys', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'], doc: 'Status of resource claims.' }),
});
