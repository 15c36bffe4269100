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
exports.node = exports.nodeStatus = exports.nodeSystemInfo = exports.nodeAddress = exports.nodeCondition = exports.nodeSpec = exports.taint = void 0;
/** core/v1 Node. */
var v = require("valibot");
var fields_ts_1 = require("../../schema/fields.ts");
var meta_ts_1 = require("../meta.ts");
exports.taint = (0, fields_ts_1.message)({
    key: (0, fields_ts_1.str)(1, { keep: true, doc: 'The taint key to be applied to a node.' }),
    value: (0, fields_ts_1.str)(2, { doc: 'The taint value corresponding to the taint key.' }),
    effect: (0, fields_ts_1.str)(3, { keep: true, doc: 'The effect of the taint on pods that do not tolerate it: NoSchedule, PreferNoSchedule or NoExecute.' }),
    timeAdded: (0, fields_ts_1.time)(4, { ptr: true, doc: 'The time at which the taint was added (NoExecute taints only).' }),
});
var configMapNodeConfigSource = (0, fields_ts_1.message)({
    namespace: (0, fields_ts_1.str)(1, { keep: true, doc: 'Namespace of the referenced ConfigMap.' }),
    name: (0, fields_ts_1.str)(2, { keep: true, doc: 'Name of the referenced ConfigMap.' }),
    uid: (0, fields_ts_1.str)(3, { doc: 'UID of the referenced ConfigMap.' }),
    resourceVersion: (0, fields_ts_1.str)(4, { doc: 'ResourceVersion of the referenced ConfigMap.' }),
    kubeletConfigKey: (0, fields_ts_1.str)(5, { keep: true, doc: 'The key of the referenced ConfigMap holding the KubeletConfiguration.' }),
});
var nodeConfigSource = (0, fields_ts_1.message)({
    configMap: (0, fields_ts_1.obj)(2, configMapNodeConfigSource, { ptr: true, doc: 'A reference to a Node ConfigMap (deprecated dynamic kubelet config).' }),
});
exports.nodeSpec = (0, fields_ts_1.message)({
    podCIDR: (0, fields_ts_1.str)(1, { doc: 'The pod IP range assigned to the node.' }),
    podCIDRs: (0, fields_ts_1.strList)(7, { patchStrategy: 'merge', listType: 'set', doc: 'The IP ranges assigned to the node for usage by Pods on that node.' }),
    providerID: (0, fields_ts_1.str)(3, { doc: 'ID of the node assigned by the cloud provider: <ProviderName>://<ProviderSpecificNodeID>.' }),
    unschedulable: (0, fields_ts_1.bool)(4, { doc: 'Controls node schedulability of new pods (default schedulable).' }),
    taints: (0, fields_ts_1.list)(5, exports.taint, { listType: 'atomic', doc: "The node's taints." }),
    configSource: (0, fields_ts_1.obj)(6, nodeConfigSource, { ptr: true, doc: 'Deprecated: previously used for dynamic kubelet configuration.' }),
    externalID: (0, fields_ts_1.str)(2, { doc: 'Deprecated. Not all kubelets will set this field.' }),
});
exports.nodeCondition = (0, fields_ts_1.message)({
    type: (0, fields_ts_1.str)(1, { keep: true, doc: 'Type of node condition (Ready, MemoryPressure, DiskPressure, PIDPressure, NetworkUnavailable).' }),
    status: (0, fields_ts_1.str)(2, { keep: true, doc: 'Status of the condition, one of True, False, Unknown.' }),
    lastHeartbeatTime: (0, fields_ts_1.time)(3, { doc: 'Last time we got an update on a given condition.' }),
    lastTransitionTime: (0, fields_ts_1.time)(4, { doc: 'Last time the condition transitioned from one status to another.' }),
    reason: (0, fields_ts_1.str)(5, { doc: "(brief) reason for the condition's last transition." }),
    message: (0, fields_ts_1.str)(6, { doc: 'Human readable message indicating details about last transition.' }),
});
exports.nodeAddress = (0, fields_ts_1.message)({
    type: (0, fields_ts_1.str)(1, { keep: true, doc: 'Node address type: Hostname, ExternalIP, InternalIP, ExternalDNS or InternalDNS.' }),
    address: (0, fields_ts_1.str)(2, { keep: true, doc: 'The node address.' }),
});
var nodeSwapStatus = (0, fields_ts_1.message)({ capacity: (0, fields_ts_1.int64)(1, { ptr: true, doc: 'Total amount of swap memory in bytes.' }) });
exports.nodeSystemInfo = (0, fields_ts_1.message)({
    machineID: (0, fields_ts_1.str)(1, { keep: true, doc: 'MachineID reported by the node.' }),
    systemUUID: (0, fields_ts_1.str)(2, { keep: true, doc: 'SystemUUID reported by the node.' }),
    bootID: (0, fields_ts_1.str)(3, { keep: true, doc: 'Boot ID reported by the node.' }),
    kernelVersion: (0, fields_ts_1.str)(4, { keep: true, doc: "Kernel Version reported by the node from 'uname -r'." }),
    osImage: (0, fields_ts_1.str)(5, { keep: true, doc: 'OS Image reported by the node from /etc/os-release.' }),
    containerRuntimeVersion: (0, fields_ts_1.str)(6, { keep: true, doc: 'ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.7.0).' }),
    kubeletVersion: (0, fields_ts_1.str)(7, { keep: true, doc: 'Kubelet Version reported by the node.' }),
    kubeProxyVersion: (0, fields_ts_1.str)(8, { keep: true, doc: 'Deprecated: KubeProxy Version reported by the node.' }),
    operatingSystem: (0, fields_ts_1.str)(9, { keep: true, doc: 'The Operating System reported by the node.' }),
    architecture: (0, fields_ts_1.str)(10, { keep: true, doc: 'The Architecture reported by the node.' }),
    swap: (0, fields_ts_1.obj)(11, nodeSwapStatus, { ptr: true, doc: 'Swap Info reported by the node.' }),
});
var containerImage = (0, fields_ts_1.message)({
    names: (0, fields_ts_1.strList)(1, { listType: 'atomic', doc: 'Names by which this image is known.' }),
    sizeBytes: (0, fields_ts_1.int64)(2, { doc: 'The size of the image in bytes.' }),
});
var attachedVolume = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { keep: true, doc: 'Name of the attached volume.' }),
    devicePath: (0, fields_ts_1.str)(2, { keep: true, doc: 'DevicePath represents the device path where the volume should be available.' }),
});
var nodeConfigStatus = (0, fields_ts_1.message)({
    assigned: (0, fields_ts_1.obj)(1, nodeConfigSource, { ptr: true, doc: 'The checkpointed config the node will try to use.' }),
    active: (0, fields_ts_1.obj)(2, nodeConfigSource, { ptr: true, doc: 'The checkpointed config the node is actively using.' }),
    lastKnownGood: (0, fields_ts_1.obj)(3, nodeConfigSource, { ptr: true, doc: 'The checkpointed config the node will fall back to.' }),
    error: (0, fields_ts_1.str)(4, { doc: 'Describes any problems reconciling the Spec.ConfigSource to the Active config.' }),
});
var nodeRuntimeHandler = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { keep: true, doc: 'Runtime handler name; empty for the default runtime handler.' }),
    features: (0, fields_ts_1.obj)(2, {
        recursiveReadOnlyMounts: (0, fields_ts_1.bool)(1, { ptr: true, doc: 'True if the runtime handler supports RecursiveReadOnlyMounts.' }),
        userNamespaces: (0, fields_ts_1.bool)(2, { ptr: true, doc: 'True if the runtime handler supports UserNamespaces, including for volumes.' }),
    }, { ptr: true, doc: 'Supported features.' }),
});
exports.nodeStatus = (0, fields_ts_1.message)({
    capacity: (0, fields_ts_1.quantityMap)(1, { doc: 'The total resources of a node.' }),
    allocatable: (0, fields_ts_1.quantityMap)(2, { doc: 'The resources of a node that are available for scheduling (defaults to capacity).' }),
    phase: (0, fields_ts_1.str)(3, { doc: 'Deprecated: never populated.' }),
    conditions: (0, fields_ts_1.list)(4, exports.nodeCondition, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'map', listMapKeys: ['type'], doc: 'Current observed node conditions.' }),
    addresses: (0, fields_ts_1.list)(5, exports.nodeAddress, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'map', listMapKeys: ['type'], doc: 'List of addresses reachable to the node.' }),
    daemonEndpoints: (0, fields_ts_1.obj)(6, { kubeletEndpoint: (0, fields_ts_1.obj)(1, { Port: (0, fields_ts_1.int32)(1, { keep: true, doc: 'Port number of the given endpoint.' }) }, { doc: 'Endpoint on which Kubelet is listening.' }) }, { doc: 'Endpoints of daemons running on the Node.' }),
    nodeInfo: (0, fields_ts_1.obj)(7, exports.nodeSystemInfo, { doc: 'Set of ids/uuids to uniquely identify the node.' }),
    images: (0, fields_ts_1.list)(8, containerImage, { listType: 'atomic', doc: 'List of container images on this node.' }),
    volumesInUse: (0, fields_ts_1.strList)(9, { listType: 'atomic', doc: 'List of attachable volumes in use (mounted) by the node.' }),
    volumesAttached: (0, fields_ts_1.list)(10, attachedVolume, { listType: 'atomic', doc: 'List of volumes that are attached to the node.' }),
    config: (0, fields_ts_1.obj)(11, nodeConfigStatus, { ptr: true, doc: 'Status of the config assigned to the node via the dynamic Kubelet config feature.' }),
    runtimeHandlers: (0, fields_ts_1.list)(12, nodeRuntimeHandler, { listType: 'atomic', doc: 'The available runtime handlers.' }),
    features: (0, fields_ts_1.obj)(13, { supplementalGroupsPolicy: (0, fields_ts_1.bool)(1, { ptr: true, doc: 'True if the runtime supports SupplementalGroupsPolicy and ContainerUser.' }) }, { ptr: true, doc: 'Features supported by the CRI implementation.' }),
});
exports.node = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { spec: (0, fields_ts_1.obj)(2, exports.nodeSpec, { doc: 'Spec defines the behavior of a node.' }), status: (0, fields_ts_1.obj)(3, exports.nodeStatus, { doc: 'Most recently observed status of the node.' }) }));
