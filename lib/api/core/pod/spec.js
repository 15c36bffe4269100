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
exports.podTemplateSpec = exports.podSpec = void 0;
/** core/v1 PodSpec and PodTemplateSpec: what a pod runs and where. */
var fields_ts_1 = require("../../../schema/fields.ts");
var meta_ts_1 = require("../../meta.ts");
var container_ts_1 = require("./container.ts");
var refs_ts_1 = require("./refs.ts");
var scheduling_ts_1 = require("./scheduling.ts");
var security_ts_1 = require("./security.ts");
var volume_ts_1 = require("./volume.ts");
var byName = { patchStrategy: 'merge', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'] };
exports.podSpec = (0, fields_ts_1.message)({
    volumes: (0, fields_ts_1.list)(1, volume_ts_1.volume, __assign(__assign({}, byName), { patchStrategy: 'merge,retainKeys', doc: 'List of volumes that can be mounted by containers belonging to the pod.' })),
    initContainers: (0, fields_ts_1.list)(20, container_ts_1.container, __assign(__assign({}, byName), { doc: 'List of initialization containers, run in order before the containers start.' })),
    containers: (0, fields_ts_1.list)(2, container_ts_1.container, __assign(__assign({}, byName), { keep: true, doc: 'List of containers belonging to the pod.' })),
    ephemeralContainers: (0, fields_ts_1.list)(34, container_ts_1.ephemeralContainer, __assign(__assign({}, byName), { doc: 'Ephemeral containers run in this pod, added through the ephemeralcontainers subresource.' })),
    restartPolicy: (0, fields_ts_1.str)(3, { doc: 'Restart policy for all containers within the pod: Always, OnFailure or Never. Defaults to Always.' }),
    terminationGracePeriodSeconds: (0, fields_ts_1.int64)(4, { ptr: true, doc: 'Duration in seconds the pod needs to terminate gracefully. Defaults to 30 seconds.' }),
    activeDeadlineSeconds: (0, fields_ts_1.int64)(5, { ptr: true, doc: 'Duration in seconds the pod may be active on the node before it is marked failed.' }),
    dnsPolicy: (0, fields_ts_1.str)(6, { doc: 'DNS policy for the pod: ClusterFirstWithHostNet, ClusterFirst, Default or None. Defaults to ClusterFirst.' }),
    nodeSelector: (0, fields_ts_1.strMap)(7, { mapType: 'atomic', doc: "Labels a node must have for the pod to be scheduled on it." }),
    serviceAccountName: (0, fields_ts_1.str)(8, { doc: 'Name of the ServiceAccount to use to run this pod.' }),
    serviceAccount: (0, fields_ts_1.str)(9, { doc: 'Deprecated alias for serviceAccountName.' }),
    automountServiceAccountToken: (0, fields_ts_1.bool)(21, { ptr: true, doc: 'Whether a service account token should be automatically mounted.' }),
    nodeName: (0, fields_ts_1.str)(10, {
        doc: 'NodeName indicates in which node this pod is scheduled. If empty, this pod is a candidate for scheduling by the scheduler defined in schedulerName. Once this field is set, the kubelet for this node becomes responsible for the lifecycle of this pod. This field should not be used to express a desire for the pod to be scheduled on a specific node. https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#nodename',
    }),
    hostNetwork: (0, fields_ts_1.bool)(11, { doc: "Host networking requested for this pod: use the host's network namespace." }),
    hostPID: (0, fields_ts_1.bool)(12, { doc: "Use the host's pid namespace. Optional: Default to false." }),
    hostIPC: (0, fields_ts_1.bool)(13, { doc: "Use the host's ipc namespace. Optional: Default to false." }),
    shareProcessNamespace: (0, fields_ts_1.bool)(27, { ptr: true, doc: 'Share a single process namespace between all of the containers in a pod.' }),
    securityContext: (0, fields_ts_1.obj)(14, security_ts_1.podSecurityContext, { ptr: true, doc: 'Pod-level security attributes and common container settings.' }),
    imagePullSecrets: (0, fields_ts_1.list)(15, refs_ts_1.localObjectReference, __assign(__assign({}, byName), { doc: 'References to secrets in the same namespace to use for pulling any of the images.' })),
    hostname: (0, fields_ts_1.str)(16, { doc: "The hostname of the Pod; defaults to the pod's name." }),
    subdomain: (0, fields_ts_1.str)(17, { doc: 'The pod\'s FQDN is "<hostname>.<subdomain>.<pod namespace>.svc.<cluster domain>".' }),
    affinity: (0, fields_ts_1.obj)(18, scheduling_ts_1.affinity, { ptr: true, doc: "The pod's scheduling constraints." }),
    schedulerName: (0, fields_ts_1.str)(19, { doc: 'The pod will be dispatched by the specified scheduler. Defaults to default-scheduler.' }),
    tolerations: (0, fields_ts_1.list)(22, scheduling_ts_1.toleration, { listType: 'atomic', doc: "The pod's tolerations." }),
    hostAliases: (0, fields_ts_1.list)(23, scheduling_ts_1.hostAlias, {
        patchStrategy: 'merge',
        patchMergeKey: 'ip',
        listType: 'map',
        listMapKeys: ['ip'],
        doc: "Hosts and IPs injected into the pod's hosts file.",
    }),
    priorityClassName: (0, fields_ts_1.str)(24, { doc: "Indicates the pod's priority class." }),
    priority: (0, fields_ts_1.int32)(25, { ptr: true, doc: 'The priority value, populated from priorityClassName by the Priority admission controller.' }),
    dnsConfig: (0, fields_ts_1.obj)(26, scheduling_ts_1.podDNSConfig, { ptr: true, doc: 'DNS parameters of a pod, in addition to those generated from DNSPolicy.' }),
    readinessGates: (0, fields_ts_1.list)(28, scheduling_ts_1.podReadinessGate, {
        listType: 'atomic',
        doc: 'If specified, all readiness gates will be evaluated for pod readiness. A pod is ready when all its containers are ready AND all conditions specified in the readiness gates have status equal to "True" More info: https://git.k8s.io/enhancements/keps/sig-network/580-pod-readiness-gates',
    }),
    runtimeClassName: (0, fields_ts_1.str)(29, { ptr: true, doc: 'RuntimeClass object which should be used to run this pod.' }),
    enableServiceLinks: (0, fields_ts_1.bool)(30, { ptr: true, doc: "Whether information about services is injected into the pod's environment variables. Defaults to true." }),
    preemptionPolicy: (0, fields_ts_1.str)(31, { ptr: true, doc: 'Policy for preempting pods with lower priority: Never or PreemptLowerPriority.' }),
    overhead: (0, fields_ts_1.quantityMap)(32, { doc: 'The resource overhead associated with running a pod for a given RuntimeClass.' }),
    topologySpreadConstraints: (0, fields_ts_1.list)(33, scheduling_ts_1.topologySpreadConstraint, {
        patchStrategy: 'merge',
        patchMergeKey: 'topologyKey',
        listType: 'map',
        listMapKeys: ['topologyKey', 'whenUnsatisfiable'],
        doc: 'How a group of pods ought to spread across topology domains.',
    }),
    setHostnameAsFQDN: (0, fields_ts_1.bool)(35, { ptr: true, doc: "The pod's hostname is configured as the pod's FQDN." }),
    os: (0, fields_ts_1.obj)(36, scheduling_ts_1.podOS, { ptr: true, doc: 'The OS of the containers in the pod.' }),
    hostUsers: (0, fields_ts_1.bool)(37, { ptr: true, doc: "Use the host's user namespace. Optional: Default to true." }),
    schedulingGates: (0, fields_ts_1.list)(38, scheduling_ts_1.podSchedulingGate, __assign(__assign({}, byName), { doc: 'Values that, while present, block scheduling the pod.' })),
    resourceClaims: (0, fields_ts_1.list)(39, scheduling_ts_1.podResourceClaim, __assign(__assign({}, byName), { patchStrategy: 'merge,retainKeys', doc: 'ResourceClaims that must be allocated and reserved before the Pod is allowed to start.' })),
    resources: (0, fields_ts_1.obj)(40, container_ts_1.resourceRequirements, { ptr: true, doc: 'Total CPU and memory resources required by all containers in the pod.' }),
});
exports.podTemplateSpec = (0, fields_ts_1.message)({
    metadata: (0, fields_ts_1.obj)(1, meta_ts_1.objectMeta, { doc: "Standard object's metadata." }),
    spec: (0, fields_ts_1.obj)(2, exports.podSpec, { doc: 'Specification of the desired behavior of the pod.' }),
});
