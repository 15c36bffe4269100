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
exports.ephemeralContainer = exports.container = exports.containerEntries = exports.containerResizePolicy = exports.volumeDevice = exports.volumeMount = exports.resourceRequirements = exports.resourceClaim = exports.envFromSource = exports.envVar = exports.envVarSource = exports.containerPort = void 0;
/**
 * core/v1 Container and EphemeralContainer. EphemeralContainer embeds the same fields
 * (EphemeralContainerCommon, protobuf field 1), so both are built from one entry set.
 */
var fields_ts_1 = require("../../../schema/fields.ts");
var refs_ts_1 = require("./refs.ts");
var probe_ts_1 = require("./probe.ts");
var security_ts_1 = require("./security.ts");
exports.containerPort = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { doc: 'An IANA_SVC_NAME unique within the pod; services can refer to the port by name.' }),
    hostPort: (0, fields_ts_1.int32)(2, { doc: 'Number of port to expose on the host.' }),
    containerPort: (0, fields_ts_1.int32)(3, { keep: true, doc: "Number of port to expose on the pod's IP address." }),
    protocol: (0, fields_ts_1.str)(4, { doc: 'Protocol for port. Must be UDP, TCP, or SCTP. Defaults to "TCP".' }),
    hostIP: (0, fields_ts_1.str)(5, { doc: 'What host IP to bind the external port to.' }),
});
exports.envVarSource = (0, fields_ts_1.message)({
    fieldRef: (0, fields_ts_1.obj)(1, refs_ts_1.objectFieldSelector, { ptr: true, doc: 'Selects a field of the pod.' }),
    resourceFieldRef: (0, fields_ts_1.obj)(2, refs_ts_1.resourceFieldSelector, { ptr: true, doc: 'Selects a resource of the container (limits and requests).' }),
    configMapKeyRef: (0, fields_ts_1.obj)(3, refs_ts_1.configMapKeySelector, { ptr: true, doc: 'Selects a key of a ConfigMap.' }),
    secretKeyRef: (0, fields_ts_1.obj)(4, refs_ts_1.secretKeySelector, { ptr: true, doc: "Selects a key of a secret in the pod's namespace." }),
});
exports.envVar = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { keep: true, doc: 'Name of the environment variable.' }),
    value: (0, fields_ts_1.str)(2, { doc: 'Value of the variable; $(VAR_NAME) references are expanded. Defaults to "".' }),
    valueFrom: (0, fields_ts_1.obj)(3, exports.envVarSource, { ptr: true, doc: "Source for the environment variable's value." }),
});
var envSource = function (what) {
    return (0, fields_ts_1.message)(__assign(__assign({}, (0, refs_ts_1.localName)("Name of the ".concat(what, "."))), { optional: (0, fields_ts_1.bool)(2, { ptr: true, doc: "Specify whether the ".concat(what, " must be defined.") }) }));
};
exports.envFromSource = (0, fields_ts_1.message)({
    prefix: (0, fields_ts_1.str)(1, { doc: 'Optional text to prepend to the name of each environment variable.' }),
    configMapRef: (0, fields_ts_1.obj)(2, envSource('ConfigMap'), { ptr: true, doc: 'The ConfigMap to select from.' }),
    secretRef: (0, fields_ts_1.obj)(3, envSource('Secret'), { ptr: true, doc: 'The Secret to select from.' }),
});
exports.resourceClaim = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { keep: true, doc: 'Name of one entry in pod.spec.resourceClaims.' }),
    request: (0, fields_ts_1.str)(2, { doc: 'Name of a request in the referenced claim; empty means everything.' }),
});
exports.resourceRequirements = (0, fields_ts_1.message)({
    limits: (0, fields_ts_1.quantityMap)(1, { doc: 'The maximum amount of compute resources allowed.' }),
    requests: (0, fields_ts_1.quantityMap)(2, { doc: 'The minimum amount of compute resources required; defaults to limits.' }),
    claims: (0, fields_ts_1.list)(3, exports.resourceClaim, { listType: 'map', listMapKeys: ['name'], doc: 'Names of resources, defined in spec.resourceClaims, used by this container.' }),
});
exports.volumeMount = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { keep: true, doc: 'This must match the Name of a Volume.' }),
    readOnly: (0, fields_ts_1.bool)(2, { doc: 'Mounted read-only if true, read-write otherwise. Defaults to false.' }),
    recursiveReadOnly: (0, fields_ts_1.str)(7, { ptr: true, doc: 'Whether read-only mounts are recursive: Disabled, IfPossible or Enabled.' }),
    mountPath: (0, fields_ts_1.str)(3, { keep: true, doc: "Path within the container at which the volume should be mounted. Must not contain ':'." }),
    subPath: (0, fields_ts_1.str)(4, { doc: "Path within the volume from which the container's volume should be mounted." }),
    mountPropagation: (0, fields_ts_1.str)(5, { ptr: true, doc: 'How mounts are propagated from the host to container and back: None, HostToContainer or Bidirectional.' }),
    subPathExpr: (0, fields_ts_1.str)(6, { doc: 'Like subPath, with $(VAR_NAME) references expanded from the container environment.' }),
});
exports.volumeDevice = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { keep: true, doc: 'Name must match the name of a persistentVolumeClaim in the pod.' }),
    devicePath: (0, fields_ts_1.str)(2, { keep: true, doc: 'The path inside of the container that the device will be mapped to.' }),
});
exports.containerResizePolicy = (0, fields_ts_1.message)({
    resourceName: (0, fields_ts_1.str)(1, { keep: true, doc: 'Name of the resource to which this resize policy applies: cpu or memory.' }),
    restartPolicy: (0, fields_ts_1.str)(2, { keep: true, doc: 'Restart policy to apply when the resource is resized. Defaults to NotRequired.' }),
});
/** The fields of Container, which EphemeralContainer also carries (inlined). */
exports.containerEntries = {
    name: (0, fields_ts_1.str)(1, { keep: true, doc: 'Name of the container specified as a DNS_LABEL, unique within the pod.' }),
    image: (0, fields_ts_1.str)(2, { doc: 'Container image name.' }),
    command: (0, fields_ts_1.strList)(3, { listType: 'atomic', doc: 'Entrypoint array. Not executed within a shell.' }),
    args: (0, fields_ts_1.strList)(4, { listType: 'atomic', doc: 'Arguments to the entrypoint.' }),
    workingDir: (0, fields_ts_1.str)(5, { doc: "Container's working directory." }),
    ports: (0, fields_ts_1.list)(6, exports.containerPort, {
        patchStrategy: 'merge',
        patchMergeKey: 'containerPort',
        listType: 'map',
        listMapKeys: ['containerPort', 'protocol'],
        doc: 'List of ports to expose from the container.',
    }),
    envFrom: (0, fields_ts_1.list)(19, exports.envFromSource, { listType: 'atomic', doc: 'List of sources to populate environment variables in the container.' }),
    env: (0, fields_ts_1.list)(7, exports.envVar, { patchStrategy: 'merge', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'], doc: 'List of environment variables to set in the container.' }),
    resources: (0, fields_ts_1.obj)(8, exports.resourceRequirements, { doc: 'Compute Resources required by this container.' }),
    resizePolicy: (0, fields_ts_1.list)(23, exports.containerResizePolicy, { listType: 'atomic', doc: 'Resources resize policy for the container.' }),
    restartPolicy: (0, fields_ts_1.str)(24, { ptr: true, doc: 'Restart behavior of this container; only "Always" (sidecar) for init containers.' }),
    volumeMounts: (0, fields_ts_1.list)(9, exports.volumeMount, {
        patchStrategy: 'merge',
        patchMergeKey: 'mountPath',
        listType: 'map',
        listMapKeys: ['mountPath'],
        doc: "Pod volumes to mount into the container's filesystem.",
    }),
    volumeDevices: (0, fields_ts_1.list)(21, exports.volumeDevice, {
        patchStrategy: 'merge',
        patchMergeKey: 'devicePath',
        listType: 'map',
        listMapKeys: ['devicePath'],
        doc: 'volumeDevices is the list of block devices to be used by the container.',
    }),
    livenessProbe: (0, fields_ts_1.obj)(10, probe_ts_1.probe, { ptr: true, doc: 'Periodic probe of container liveness; the container is restarted if it fails.' }),
    readinessProbe: (0, fields_ts_1.obj)(11, probe_ts_1.probe, { ptr: true, doc: 'Periodic probe of container service readiness.' }),
    startupProbe: (0, fields_ts_1.obj)(22, probe_ts_1.probe, { ptr: true, doc: 'StartupProbe indicates that the Pod has successfully initialized.' }),
    lifecycle: (0, fields_ts_1.obj)(12, probe_ts_1.lifecycle, { ptr: true, doc: 'Actions that the management system should take in response to container lifecycle events.' }),
    terminationMessagePath: (0, fields_ts_1.str)(13, { doc: "Path of the file to which the container's termination message is written. Defaults to /dev/termination-log." }),
    terminationMessagePolicy: (0, fields_ts_1.str)(20, { doc: 'How the termination message is populated: File or FallbackToLogsOnError. Defaults to File.' }),
    imagePullPolicy: (0, fields_ts_1.str)(14, { doc: 'Image pull policy: Always, Never or IfNotPresent.' }),
    securityContext: (0, fields_ts_1.obj)(15, security_ts_1.securityContext, { ptr: true, doc: 'Security options the container should be run with.' }),
    stdin: (0, fields_ts_1.bool)(16, { doc: 'Whether this container should allocate a buffer for stdin in the container runtime.' }),
    stdinOnce: (0, fields_ts_1.bool)(17, { doc: 'Whether the container runtime should close the stdin channel after a single attach.' }),
    tty: (0, fields_ts_1.bool)(18, { doc: "Whether this container should allocate a TTY for itself, also requires 'stdin' to be true." }),
};
exports.container = (0, fields_ts_1.message)(exports.containerEntries);
exports.ephemeralContainer = (0, fields_ts_1.message)(__assign(__assign({}, (0, fields_ts_1.inline)(1, exports.containerEntries)), { targetContainerName: (0, fields_ts_1.str)(2, { doc: 'The name of the container from PodSpec that this ephemeral container targets.' }) }));
