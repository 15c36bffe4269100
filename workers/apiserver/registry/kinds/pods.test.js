"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var yaml_1 = require("yaml");
var v = require("valibot");
var pod_ts_1 = require("../../../../lib/api/core/pod.ts");
var errors_ts_1 = require("../../../../lib/errors.ts");
var pods_ts_1 = require("./pods.ts");
var messages = function (errs) { return errs.map(function (e) { return "".concat(e.field, ": ").concat(e.body); }); };
var validPod = function () { return ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default' },
    spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] },
}); };
var defaulted = function (p) { return (pods_ts_1.default.defaults(p), p); };
var errorsOf = function (p) { return messages(pods_ts_1.default.validate(defaulted(p))); };
// `kubectl apply -f pod-nu.yaml --dry-run=server -o yaml`, from the chapter (seed 002), spec and status
var CHAPTER_DRY_RUN = "\nspec:\n  containers:\n  - image: registry.k8s.io/e2e-test-images/agnhost:2.61\n    imagePullPolicy: IfNotPresent\n    name: c\n    resources: {}\n    terminationMessagePath: /dev/termination-log\n    terminationMessagePolicy: File\n    volumeMounts:\n    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount\n      name: kube-api-access-75xck\n      readOnly: true\n  dnsPolicy: ClusterFirst\n  enableServiceLinks: true\n  preemptionPolicy: PreemptLowerPriority\n  priority: 0\n  restartPolicy: Always\n  schedulerName: default-scheduler\n  securityContext: {}\n  serviceAccount: default\n  serviceAccountName: default\n  terminationGracePeriodSeconds: 30\n  tolerations:\n  - effect: NoExecute\n    key: node.kubernetes.io/not-ready\n    operator: Exists\n    tolerationSeconds: 300\n  - effect: NoExecute\n    key: node.kubernetes.io/unreachable\n    operator: Exists\n    tolerationSeconds: 300\n  volumes:\n  - name: kube-api-access-75xck\n    projected:\n      defaultMode: 420\n      sources:\n      - serviceAccountToken:\n          expirationSeconds: 3607\n          path: token\n      - configMap:\n          items:\n          - key: ca.crt\n            path: ca.crt\n          name: kube-root-ca.crt\n      - downwardAPI:\n          items:\n          - fieldRef:\n              apiVersion: v1\n              fieldPath: metadata.namespace\n            path: namespace\nstatus:\n  phase: Pending\n  qosClass: BestEffort\n";
/** What the ServiceAccount and Priority admission plugins (the lead's admission step) add. */
function serviceAccountAndPriority(pod, volumeName) {
    var _a, _b;
    var spec = pod.spec;
    spec.serviceAccountName = 'default';
    spec.serviceAccount = 'default';
    spec.volumes = [
        {
            name: volumeName,
            projected: {
                defaultMode: 420,
                sources: [
                    { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
                    { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
                    { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
                ],
            },
        },
    ];
    for (var _i = 0, _c = (_a = spec.containers) !== null && _a !== void 0 ? _a : []; _i < _c.length; _i++) {
        var c = _c[_i];
        ((_b = c.volumeMounts) !== null && _b !== void 0 ? _b : (c.volumeMounts = [])).push({ name: volumeName, readOnly: true, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' });
    }
    spec.priority = 0;
    spec.preemptionPolicy = 'PreemptLowerPriority';
}
(0, node_test_1.test)("defaults, admission and PrepareForCreate give the chapter's --dry-run=server pod, field by field", function () {
    var expected = (0, yaml_1.parse)(CHAPTER_DRY_RUN);
    var pod = (0, yaml_1.parse)("\napiVersion: v1\nkind: Pod\nmetadata:\n  name: nu\nspec:\n  containers:\n  - name: c\n    image: registry.k8s.io/e2e-test-images/agnhost:2.61\n");
    pods_ts_1.default.defaults(pod);
    serviceAccountAndPriority(pod, 'kube-api-access-75xck');
    (0, pods_ts_1.addDefaultTolerations)(pod);
    pods_ts_1.default.prepareForCreate(pod);
    var got = pod.spec;
    var want = expected.spec;
    strict_1.default.deepEqual(Object.keys(got).sort(), Object.keys(want).sort());
    for (var _i = 0, _a = Object.keys(want); _i < _a.length; _i++) {
        var key = _a[_i];
        strict_1.default.deepEqual(got[key], want[key], "spec.".concat(key));
    }
    strict_1.default.deepEqual(pod.status, expected.status);
    strict_1.default.deepEqual(pods_ts_1.default.validate(pod), []);
});
(0, node_test_1.test)('defaults: computed imagePullPolicy, probe and port defaults, requests from limits, volume modes', function () {
    var pod = defaulted({
        metadata: { name: 'p' },
        spec: {
            containers: [
                {
                    name: 'c',
                    image: 'nginx',
                    ports: [{ containerPort: 80 }],
                    resources: { limits: { cpu: '500m', memory: '128Mi' }, requests: { cpu: '100m' } },
                    readinessProbe: { httpGet: { port: 80 } },
                    livenessProbe: { grpc: { port: 9000 } },
                    env: [{ name: 'NODE', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } }, { name: 'CPU', valueFrom: { resourceFieldRef: { resource: 'limits.cpu' } } }],
                },
            ],
            volumes: [{ name: 'cfg', configMap: { name: 'cm' } }, { name: 's', secret: { secretName: 's' } }, { name: 'scratch' }, { name: 'h', hostPath: { path: '/x' } }],
        },
    });
    var c = pod.spec.containers[0];
    strict_1.default.equal(c.imagePullPolicy, 'Always');
    strict_1.default.equal(c.ports[0].protocol, 'TCP');
    strict_1.default.deepEqual(c.resources.requests, { cpu: '100m', memory: '128Mi' });
    strict_1.default.deepEqual(c.readinessProbe, { httpGet: { port: 80, path: '/', scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 });
    strict_1.default.equal(c.livenessProbe.grpc.service, '');
    strict_1.default.equal(c.env[0].valueFrom.fieldRef.apiVersion, 'v1');
    strict_1.default.equal(c.env[1].valueFrom.resourceFieldRef.divisor, '0');
    strict_1.default.equal(pod.spec.volumes[0].configMap.defaultMode, 420);
    strict_1.default.equal(pod.spec.volumes[1].secret.defaultMode, 420);
    strict_1.default.deepEqual(pod.spec.volumes[2].emptyDir, {});
    strict_1.default.equal(pod.spec.volumes[3].hostPath.type, '');
});
(0, node_test_1.test)('imagePullPolicy follows the tag: latest or none → Always, anything else → IfNotPresent', function () {
    strict_1.default.equal((0, pods_ts_1.defaultPullPolicy)('nginx'), 'Always');
    strict_1.default.equal((0, pods_ts_1.defaultPullPolicy)('nginx:latest'), 'Always');
    strict_1.default.equal((0, pods_ts_1.defaultPullPolicy)('localhost:5000/team/app'), 'Always');
    strict_1.default.equal((0, pods_ts_1.defaultPullPolicy)('registry.k8s.io/pause:3.10'), 'IfNotPresent');
    strict_1.default.equal((0, pods_ts_1.defaultPullPolicy)("busybox@sha256:".concat('a'.repeat(64))), 'IfNotPresent');
    strict_1.default.equal((0, pods_ts_1.defaultPullPolicy)("busybox:latest@sha256:".concat('a'.repeat(64))), 'Always');
    strict_1.default.equal((0, pods_ts_1.defaultPullPolicy)('Nginx'), 'IfNotPresent'); // unparsable: upper case repository
    strict_1.default.equal((0, pods_ts_1.defaultPullPolicy)(''), 'IfNotPresent');
});
(0, node_test_1.test)('QoS: BestEffort, Burstable, Guaranteed', function () {
    var withResources = function () {
        var rs = [];
        for (var _i = 0; _i < arguments.length; _i++) {
            rs[_i] = arguments[_i];
        }
        return ({ metadata: {}, spec: { containers: rs.map(function (resources, i) { return ({ name: "c".concat(i), resources: resources }); }) } });
    };
    strict_1.default.equal((0, pods_ts_1.computeQosClass)(withResources({})), 'BestEffort');
    strict_1.default.equal((0, pods_ts_1.computeQosClass)(withResources({ requests: { cpu: '100m' } })), 'Burstable');
    strict_1.default.equal((0, pods_ts_1.computeQosClass)(withResources({ limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '1000m', memory: '1024Mi' } })), 'Guaranteed');
    strict_1.default.equal((0, pods_ts_1.computeQosClass)(withResources({ limits: { cpu: '1', memory: '1Gi' } }, {})), 'Burstable');
    strict_1.default.equal((0, pods_ts_1.computeQosClass)(withResources({ limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '500m', memory: '1Gi' } })), 'Burstable');
    strict_1.default.equal((0, pods_ts_1.computeQosClass)(withResources({ requests: { 'nvidia.com/gpu': '1' } })), 'BestEffort');
    // requests copied from limits by the Pod defaults make a limits-only pod Guaranteed
    strict_1.default.equal((0, pods_ts_1.computeQosClass)(defaulted(withResources({ limits: { cpu: '1', memory: '1Gi' } }))), 'Guaranteed');
});
(0, node_test_1.test)('default tolerations are not duplicated when one already covers the taint', function () {
    var pod = { metadata: {}, spec: { tolerations: [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists' }] } };
    (0, pods_ts_1.addDefaultTolerations)(pod);
    strict_1.default.deepEqual(pod.spec.tolerations.map(function (t) { return t.key; }), ['node.kubernetes.io/unreachable', 'node.kubernetes.io/not-ready']);
});
(0, node_test_1.test)('validation: the messages a user hits', function () {
    var p = validPod();
    p.spec.containers = [];
    strict_1.default.deepEqual(errorsOf(p), ['spec.containers: Required value']);
    var noImage = validPod();
    delete noImage.spec.containers[0].image;
    strict_1.default.deepEqual(errorsOf(noImage), ['spec.containers[0].image: Required value']);
    var badName = validPod();
    badName.spec.containers[0].name = 'Web_1';
    strict_1.default.deepEqual(errorsOf(badName), [
        "spec.containers[0].name: Invalid value: \"Web_1\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    ]);
    var dup = validPod();
    dup.spec.containers.push({ name: 'c', image: 'busybox' });
    dup.spec.initContainers = [{ name: 'c', image: 'busybox' }];
    strict_1.default.deepEqual(errorsOf(dup), ['spec.containers[1].name: Duplicate value: "c"', 'spec.initContainers[0].name: Duplicate value: "c"']);
    var restart = validPod();
    restart.spec.restartPolicy = 'Sometimes';
    strict_1.default.deepEqual(errorsOf(restart), ['spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"']);
    var ports = validPod();
    ports.spec.containers[0].ports = [{ containerPort: 70000 }, { containerPort: 80, protocol: 'HTTP', name: 'Web' }];
    strict_1.default.deepEqual(errorsOf(ports), [
        'spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
        'spec.containers[0].ports[1].name: Invalid value: "Web": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
        'spec.containers[0].ports[1].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"',
    ]);
    var mounts = validPod();
    mounts.spec.volumes = [{ name: 'data', emptyDir: {} }, { name: 'data', emptyDir: {} }];
    mounts.spec.containers[0].volumeMounts = [{ name: 'x', mountPath: '/x' }, { name: 'data', mountPath: '/data' }];
    strict_1.default.deepEqual(errorsOf(mounts), ['spec.volumes[1].name: Duplicate value: "data"', 'spec.containers[0].volumeMounts[0].name: Not found: "x"']);
    var resources = validPod();
    resources.spec.containers[0].resources = { limits: { cpu: '1' }, requests: { cpu: '2', memory: '-1' } };
    strict_1.default.deepEqual(errorsOf(resources), [
        'spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
        'spec.containers[0].resources.requests[memory]: Invalid value: "-1": must be greater than or equal to 0',
    ]);
    var init = validPod();
    init.spec.initContainers = [{ name: 'setup', image: 'busybox', readinessProbe: { exec: { command: ['true'] } }, restartPolicy: 'OnFailure' }];
    strict_1.default.deepEqual(errorsOf(init), [
        'spec.initContainers[0].restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
        'spec.initContainers[0].readinessProbe: Forbidden: may not be set for init containers without restartPolicy=Always',
    ]);
    var sidecar = validPod();
    sidecar.spec.initContainers = [{ name: 'log', image: 'busybox', restartPolicy: 'Always', livenessProbe: { exec: { command: ['true'] }, successThreshold: 2 } }];
    strict_1.default.deepEqual(errorsOf(sidecar), ['spec.initContainers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1']);
    var probe = validPod();
    probe.spec.containers[0].livenessProbe = { httpGet: { port: 'http' }, exec: { command: ['true'] } };
    probe.spec.containers[0].restartPolicy = 'Always';
    strict_1.default.deepEqual(errorsOf(probe), [
        'spec.containers[0].livenessProbe.httpGet: Forbidden: may not specify more than 1 handler type',
        'spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers',
    ]);
    var tolerations = validPod();
    tolerations.spec.tolerations = [{ operator: 'Equal', value: 'x' }, { key: 'k', effect: 'NoSchedule', tolerationSeconds: 5 }];
    strict_1.default.deepEqual(errorsOf(tolerations), [
        'spec.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"',
        "spec.tolerations[1].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set",
    ]);
    var env = validPod();
    env.spec.containers[0].env = [{ name: 'A', value: 'x', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }, { name: 'B', valueFrom: { fieldRef: { fieldPath: 'spec.foo' } } }];
    strict_1.default.deepEqual(errorsOf(env), [
        'spec.containers[0].env[0].valueFrom: Invalid value: "": may not be specified when `value` is not empty',
        'spec.containers[0].env[1].valueFrom.fieldRef.fieldPath: Invalid value: "spec.foo": error converting fieldPath: field label not supported: spec.foo',
    ]);
});
(0, node_test_1.test)('validation: volumes and lifecycle hooks', function () {
    var p = validPod();
    p.spec.volumes = [
        { name: 'h', hostPath: { path: '' } },
        // Kubernetes checks emptyDir first; a second source is refused without looking inside it
        { name: 's', secret: {}, emptyDir: {} },
        { name: 'tok', projected: { sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 60 } }] } },
        { name: 'nfs', nfs: { server: 'srv', path: 'relative' } },
    ];
    p.spec.containers[0].lifecycle = { preStop: { sleep: { seconds: 60 } } };
    strict_1.default.deepEqual(errorsOf(p), [
        'spec.volumes[0].hostPath.path: Required value',
        'spec.volumes[1].secret: Forbidden: may not specify more than 1 volume type',
        'spec.volumes[2].projected.sources[0].serviceAccountToken.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes',
        'spec.volumes[3].nfs.path: Invalid value: "relative": must be an absolute path',
        'spec.containers[0].lifecycle.preStop.sleep: Invalid value: 60: must be greater than 0 and less than terminationGracePeriodSeconds (30). Please enable PodLifecycleSleepActionAllowZero feature gate if you need a sleep of zero duration.',
    ]);
});
(0, node_test_1.test)('validation errors render as one 422 message', function () {
    var p = validPod();
    p.spec.containers[0].image = '';
    p.spec.containers[0].volumeMounts = [{ name: 'x', mountPath: '/x' }];
    var err = (0, errors_ts_1.invalid)({ group: '', kind: 'Pod' }, 'p', pods_ts_1.default.validate(defaulted(p)));
    strict_1.default.equal(err.status.message, 'Pod "p" is invalid: [spec.containers[0].image: Required value, spec.containers[0].volumeMounts[0].name: Not found: "x"]');
});
(0, node_test_1.test)('update: only images, a shorter deadline, added tolerations may change', function () {
    var old = defaulted(validPod());
    var update = function (change) {
        var p = structuredClone(old);
        change(p);
        return messages(pods_ts_1.default.validateUpdate(defaulted(p), old));
    };
    strict_1.default.deepEqual(update(function (p) { return (p.spec.containers[0].image = 'nginx:1.28'); }), []);
    strict_1.default.deepEqual(update(function (p) { return (p.spec.tolerations = [{ key: 'k', operator: 'Exists' }]); }), []);
    strict_1.default.deepEqual(update(function (p) { return (p.spec.activeDeadlineSeconds = 60); }), []);
    var nodeName = update(function (p) { return (p.spec.nodeName = 'n1'); })[0];
    strict_1.default.ok(nodeName.startsWith('spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n'), nodeName);
    strict_1.default.match(nodeName, /NodeName/);
    strict_1.default.deepEqual(update(function (p) { return p.spec.containers.push({ name: 'd', image: 'x' }); }), ['spec.containers: Forbidden: pod updates may not add or remove containers']);
    var withToleration = structuredClone(old);
    withToleration.spec.tolerations = [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 }];
    var changed = structuredClone(withToleration);
    changed.spec.tolerations[0].tolerationSeconds = 20;
    strict_1.default.deepEqual(messages(pods_ts_1.default.validateUpdate(changed, withToleration)), []);
    changed.spec.tolerations[0].effect = 'NoSchedule';
    strict_1.default.ok(messages(pods_ts_1.default.validateUpdate(changed, withToleration)).includes('spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds'));
});
(0, node_test_1.test)('prepareForUpdate keeps the status; a status write keeps the spec and owner references', function () {
    var old = defaulted(validPod());
    pods_ts_1.default.prepareForCreate(old);
    old.metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u1', controller: true }];
    var next = structuredClone(old);
    next.status = { phase: 'Running' };
    pods_ts_1.default.prepareForUpdate(next, old);
    strict_1.default.deepEqual(next.status, { phase: 'Pending', qosClass: 'BestEffort' });
    var status = structuredClone(old);
    status.spec.nodeName = 'sneaky';
    status.metadata.ownerReferences = [];
    status.status = { phase: 'Running', podIP: '10.0.0.5' };
    pods_ts_1.default.prepareForStatusUpdate(status, old);
    strict_1.default.equal(status.spec.nodeName, undefined);
    strict_1.default.equal(status.metadata.ownerReferences.length, 1);
    strict_1.default.deepEqual(status.status, { phase: 'Running', podIP: '10.0.0.5', qosClass: 'BestEffort' });
});
(0, node_test_1.test)('prepareForCreate: scheduling gates add the SchedulingGated condition; matchLabelKeys fold into the selector', function () {
    var pod = defaulted(validPod());
    pod.metadata.labels = { app: 'web', 'pod-template-hash': 'abc' };
    pod.spec.schedulingGates = [{ name: 'example.com/wait' }];
    pod.spec.affinity = {
        podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['pod-template-hash'] }] },
    };
    pods_ts_1.default.prepareForCreate(pod);
    strict_1.default.deepEqual(pod.status.conditions, [
        { type: 'PodScheduled', status: 'False', lastProbeTime: null, lastTransitionTime: null, reason: 'SchedulingGated', message: 'Scheduling is blocked due to non-empty scheduling gates' },
    ]);
    strict_1.default.deepEqual(pod.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions, [
        { key: 'pod-template-hash', operator: 'In', values: ['abc'] },
    ]);
});
(0, node_test_1.test)('field selectors: unscheduled pods have an empty spec.nodeName', function () {
    var pod = defaulted(validPod());
    var fs = pods_ts_1.default.fieldSelectors;
    strict_1.default.equal(fs['spec.nodeName'](pod), '');
    strict_1.default.equal(fs['spec.hostNetwork'](pod), 'false');
    strict_1.default.equal(fs['spec.schedulerName'](pod), 'default-scheduler');
    pod.status = { phase: 'Running', podIPs: [{ ip: '10.0.0.7' }] };
    strict_1.default.equal(fs['status.phase'](pod), 'Running');
    strict_1.default.equal(fs['status.podIP'](pod), '10.0.0.7');
});
(0, node_test_1.test)('the schema keeps every field of a running pod status', function () {
    var status = {
        phase: 'Running',
        conditions: [{ type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: '2025-01-01T12:00:00Z' }],
        hostIP: '192.168.1.10',
        hostIPs: [{ ip: '192.168.1.10' }],
        podIP: '10.244.1.5',
        podIPs: [{ ip: '10.244.1.5' }],
        startTime: '2025-01-01T12:00:00Z',
        qosClass: 'Burstable',
        initContainerStatuses: [
            {
                name: 'init',
                state: { terminated: { exitCode: 0, reason: 'Completed', startedAt: '2025-01-01T12:00:01Z', finishedAt: '2025-01-01T12:00:02Z', containerID: 'containerd://1' } },
                lastState: {},
                ready: true,
                restartCount: 0,
                image: 'docker.io/library/busybox:1.36',
                imageID: 'docker.io/library/busybox@sha256:abc',
                containerID: 'containerd://1',
                started: false,
            },
        ],
        containerStatuses: [
            {
                name: 'web',
                state: { running: { startedAt: '2025-01-01T12:00:03Z' } },
                lastState: { terminated: { exitCode: 137, signal: 9, reason: 'OOMKilled', message: 'x', startedAt: null, finishedAt: '2025-01-01T12:00:00Z' } },
                ready: true,
                restartCount: 2,
                image: 'docker.io/library/nginx:1.27',
                imageID: 'docker.io/library/nginx@sha256:def',
                containerID: 'containerd://2',
                started: true,
                volumeMounts: [{ name: 'kube-api-access-abcde', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true, recursiveReadOnly: 'Disabled' }],
                allocatedResources: { cpu: '100m' },
                resources: { requests: { cpu: '100m' } },
                user: { linux: { uid: 0, gid: 0, supplementalGroups: [0, 10] } },
            },
        ],
        ephemeralContainerStatuses: [{ name: 'debug', state: { waiting: { reason: 'ContainerCreating' } }, ready: false, restartCount: 0, image: 'busybox', imageID: '' }],
        nominatedNodeName: 'n2',
        message: 'm',
        reason: 'r',
    };
    var pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'web', image: 'nginx' }] }, status: status };
    strict_1.default.deepEqual(v.parse(pod_ts_1.podSchema, pod), pod);
});
