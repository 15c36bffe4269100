"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var yaml_1 = require("yaml");
var v = require("valibot");
var deployment_ts_1 = require("../../../../lib/api/apps/deployment.ts");
var errors_ts_1 = require("../../../../lib/errors.ts");
var deployments_ts_1 = require("./deployments.ts");
var messages = function (errs) { return errs.map(function (e) { return "".concat(e.field, ": ").concat(e.body); }); };
/** A realistic manifest touching most of the pod template: every field must survive parsing. */
var MANIFEST = "\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: shop\n  namespace: prod\n  labels: {app: shop, tier: web}\n  annotations: {kubernetes.io/change-cause: \"image 1.4.2\"}\nspec:\n  replicas: 3\n  revisionHistoryLimit: 5\n  progressDeadlineSeconds: 300\n  minReadySeconds: 5\n  selector:\n    matchLabels: {app: shop}\n    matchExpressions:\n    - {key: tier, operator: In, values: [web]}\n  strategy:\n    type: RollingUpdate\n    rollingUpdate: {maxSurge: 1, maxUnavailable: \"10%\"}\n  template:\n    metadata:\n      labels: {app: shop, tier: web}\n      annotations: {prometheus.io/scrape: \"true\"}\n    spec:\n      serviceAccountName: shop\n      automountServiceAccountToken: false\n      terminationGracePeriodSeconds: 45\n      priorityClassName: system-cluster-critical\n      securityContext:\n        runAsNonRoot: true\n        runAsUser: 1000\n        fsGroup: 2000\n        supplementalGroups: [3000]\n        seccompProfile: {type: RuntimeDefault}\n        sysctls: [{name: net.ipv4.ip_local_port_range, value: \"1024 65535\"}]\n      imagePullSecrets: [{name: registry}]\n      nodeSelector: {kubernetes.io/os: linux}\n      hostAliases: [{ip: 10.1.2.3, hostnames: [db.local]}]\n      dnsPolicy: ClusterFirst\n      dnsConfig:\n        nameservers: [1.1.1.1]\n        searches: [shop.svc.cluster.local]\n        options: [{name: ndots, value: \"2\"}, {name: edns0}]\n      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n            - matchExpressions: [{key: kubernetes.io/arch, operator: In, values: [amd64, arm64]}]\n          preferredDuringSchedulingIgnoredDuringExecution:\n          - weight: 10\n            preference:\n              matchExpressions: [{key: disk, operator: Exists}]\n        podAffinity:\n          preferredDuringSchedulingIgnoredDuringExecution:\n          - weight: 50\n            podAffinityTerm:\n              topologyKey: topology.kubernetes.io/zone\n              labelSelector: {matchLabels: {app: cache}}\n        podAntiAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n          - topologyKey: kubernetes.io/hostname\n            labelSelector: {matchLabels: {app: shop}}\n            matchLabelKeys: [pod-template-hash]\n            namespaceSelector: {}\n      tolerations:\n      - {key: dedicated, operator: Equal, value: shop, effect: NoSchedule}\n      - {key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 60}\n      topologySpreadConstraints:\n      - maxSkew: 1\n        topologyKey: topology.kubernetes.io/zone\n        whenUnsatisfiable: DoNotSchedule\n        labelSelector: {matchLabels: {app: shop}}\n        minDomains: 2\n        nodeAffinityPolicy: Honor\n        nodeTaintsPolicy: Ignore\n        matchLabelKeys: [pod-template-hash]\n      readinessGates: [{conditionType: example.com/lb-ready}]\n      schedulingGates: [{name: example.com/quota}]\n      os: {name: linux}\n      overhead: {cpu: 10m}\n      initContainers:\n      - name: migrate\n        image: registry.example.com/shop/migrate:1.4.2\n        command: [/bin/migrate]\n        args: [--to, latest]\n        envFrom:\n        - configMapRef: {name: shop-config}\n        - secretRef: {name: shop-db, optional: true}\n          prefix: DB_\n      - name: log-shipper\n        image: fluent/fluent-bit:3.1\n        restartPolicy: Always\n        startupProbe: {tcpSocket: {port: 2020}, failureThreshold: 30, periodSeconds: 2}\n      containers:\n      - name: web\n        image: registry.example.com/shop/web:1.4.2\n        imagePullPolicy: IfNotPresent\n        workingDir: /app\n        ports:\n        - {name: http, containerPort: 8080, protocol: TCP}\n        - {name: metrics, containerPort: 9090, hostPort: 9090, hostIP: 0.0.0.0}\n        env:\n        - {name: LOG_LEVEL, value: info}\n        - name: POD_NAME\n          valueFrom: {fieldRef: {apiVersion: v1, fieldPath: metadata.name}}\n        - name: MEM_LIMIT\n          valueFrom: {resourceFieldRef: {containerName: web, resource: limits.memory, divisor: 1Mi}}\n        - name: DB_PASSWORD\n          valueFrom: {secretKeyRef: {name: shop-db, key: password, optional: false}}\n        - name: FEATURE_FLAGS\n          valueFrom: {configMapKeyRef: {name: shop-config, key: flags}}\n        resources:\n          requests: {cpu: 250m, memory: 256Mi, ephemeral-storage: 1Gi}\n          limits: {cpu: \"1\", memory: 512Mi}\n        resizePolicy: [{resourceName: cpu, restartPolicy: NotRequired}]\n        volumeMounts:\n        - {name: config, mountPath: /etc/shop, readOnly: true}\n        - {name: cache, mountPath: /var/cache/shop, subPath: web}\n        - {name: tls, mountPath: /etc/tls, readOnly: true, recursiveReadOnly: IfPossible}\n        - {name: data, mountPath: /data, mountPropagation: None}\n        - {name: bundle, mountPath: /var/run/bundle, subPathExpr: $(POD_NAME)}\n        livenessProbe:\n          httpGet:\n            path: /healthz\n            port: http\n            scheme: HTTP\n            httpHeaders: [{name: X-Probe, value: liveness}]\n          initialDelaySeconds: 10\n          periodSeconds: 15\n          timeoutSeconds: 2\n          failureThreshold: 3\n          successThreshold: 1\n          terminationGracePeriodSeconds: 20\n        readinessProbe:\n          grpc: {port: 9090, service: readiness}\n        startupProbe:\n          exec: {command: [cat, /tmp/started]}\n        lifecycle:\n          postStart:\n            exec: {command: [/bin/sh, -c, echo started]}\n          preStop:\n            sleep: {seconds: 5}\n        securityContext:\n          allowPrivilegeEscalation: false\n          readOnlyRootFilesystem: true\n          runAsGroup: 1000\n          capabilities: {drop: [ALL], add: [NET_BIND_SERVICE]}\n          appArmorProfile: {type: RuntimeDefault}\n        terminationMessagePath: /dev/termination-log\n        terminationMessagePolicy: FallbackToLogsOnError\n        stdin: false\n        tty: false\n      - name: proxy\n        image: envoyproxy/envoy:v1.31.0\n        lifecycle:\n          preStop:\n            httpGet: {path: /drain, port: 9901}\n        volumeDevices: [{name: raw, devicePath: /dev/xvda}]\n      volumes:\n      - name: config\n        configMap:\n          name: shop-config\n          items: [{key: app.yaml, path: app.yaml, mode: 0400}]\n          defaultMode: 420\n          optional: false\n      - name: cache\n        emptyDir: {medium: Memory, sizeLimit: 64Mi}\n      - name: tls\n        secret: {secretName: shop-tls, defaultMode: 256}\n      - name: data\n        persistentVolumeClaim: {claimName: shop-data, readOnly: false}\n      - name: raw\n        ephemeral:\n          volumeClaimTemplate:\n            metadata: {labels: {app: shop}}\n            spec:\n              accessModes: [ReadWriteOnce]\n              storageClassName: fast\n              volumeMode: Block\n              resources: {requests: {storage: 10Gi}}\n      - name: bundle\n        projected:\n          defaultMode: 292\n          sources:\n          - serviceAccountToken: {audience: vault, expirationSeconds: 3600, path: vault-token}\n          - configMap: {name: kube-root-ca.crt, items: [{key: ca.crt, path: ca.crt}]}\n          - secret: {name: shop-extra, optional: true}\n          - downwardAPI:\n              items:\n              - path: labels\n                fieldRef: {fieldPath: metadata.labels}\n              - path: cpu\n                resourceFieldRef: {containerName: web, resource: requests.cpu, divisor: 1m}\n      - name: host\n        hostPath: {path: /var/log, type: Directory}\n      - name: share\n        nfs: {server: nfs.example.com, path: /exports/shop, readOnly: true}\n      - name: secrets-store\n        csi:\n          driver: secrets-store.csi.k8s.io\n          readOnly: true\n          volumeAttributes: {secretProviderClass: shop}\n          nodePublishSecretRef: {name: csi-creds}\n      - name: podinfo\n        downwardAPI:\n          items: [{path: name, fieldRef: {fieldPath: metadata.name}}]\nstatus:\n  observedGeneration: 4\n  replicas: 3\n  updatedReplicas: 3\n  readyReplicas: 2\n  availableReplicas: 2\n  unavailableReplicas: 1\n  collisionCount: 1\n  conditions:\n  - type: Available\n    status: \"True\"\n    lastUpdateTime: \"2025-01-01T12:00:00Z\"\n    lastTransitionTime: \"2025-01-01T12:00:00Z\"\n    reason: MinimumReplicasAvailable\n    message: Deployment has minimum availability.\n";
var basic = function () { return ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd', namespace: 'default' },
    spec: { selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
}); };
var defaulted = function (d) { return (deployments_ts_1.default.defaults(d), d); };
(0, node_test_1.test)('the schema parses a realistic Deployment and drops nothing known', function () {
    var input = (0, yaml_1.parse)(MANIFEST);
    strict_1.default.deepEqual(v.parse(deployment_ts_1.deploymentSchema, input), input);
});
(0, node_test_1.test)('the realistic Deployment passes validation after defaults', function () {
    strict_1.default.deepEqual(messages(deployments_ts_1.default.validate(defaulted((0, yaml_1.parse)(MANIFEST)))), []);
});
(0, node_test_1.test)('defaults: replicas 1, RollingUpdate 25%/25%, history 10, deadline 600, template defaults without the Pod-only rows', function () {
    var d = defaulted(basic());
    strict_1.default.equal(d.spec.replicas, 1);
    strict_1.default.deepEqual(d.spec.strategy, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } });
    strict_1.default.equal(d.spec.revisionHistoryLimit, 10);
    strict_1.default.equal(d.spec.progressDeadlineSeconds, 600);
    var t = d.spec.template;
    strict_1.default.deepEqual(t.metadata, { labels: { app: 'x' }, creationTimestamp: null });
    strict_1.default.equal(t.spec.restartPolicy, 'Always');
    strict_1.default.equal(t.spec.dnsPolicy, 'ClusterFirst');
    strict_1.default.equal(t.spec.enableServiceLinks, undefined);
    strict_1.default.deepEqual(t.spec.containers[0], {
        name: 'c',
        image: 'nginx',
        imagePullPolicy: 'Always',
        resources: {},
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
    });
    var recreate = basic();
    recreate.spec.strategy = { type: 'Recreate' };
    strict_1.default.deepEqual(defaulted(recreate).spec.strategy, { type: 'Recreate' });
    var limits = basic();
    limits.spec.template.spec.containers[0].resources = { limits: { cpu: '1' } };
    strict_1.default.equal(defaulted(limits).spec.template.spec.containers[0].resources.requests, undefined);
});
(0, node_test_1.test)('validation: the reference example, message for message', function () {
    var d = basic();
    delete d.spec.selector;
    var errs = deployments_ts_1.default.validate(defaulted(d));
    strict_1.default.equal((0, errors_ts_1.invalid)({ group: 'apps', kind: 'Deployment' }, 'd', errs).status.message, 'Deployment.apps "d" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels`]');
});
(0, node_test_1.test)('validation: replicas, selector, template paths prefixed spec.template.spec, strategy', function () {
    var d = defaulted(basic());
    d.spec.replicas = -1;
    d.spec.selector = {};
    d.spec.template.spec.containers[0].name = 'C';
    d.spec.template.spec.restartPolicy = 'Never';
    d.spec.strategy = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '0%' } };
    d.spec.progressDeadlineSeconds = 5;
    d.spec.minReadySeconds = 10;
    strict_1.default.deepEqual(messages(deployments_ts_1.default.validate(d)), [
        'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
        'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment',
        "spec.template.spec.containers[0].name: Invalid value: \"C\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
        'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
        'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: may not be 0 when `maxSurge` is 0',
        'spec.progressDeadlineSeconds: Invalid value: 5: must be greater than minReadySeconds',
    ]);
});
(0, node_test_1.test)('update: the selector is immutable', function () {
    var old = defaulted(basic());
    var next = structuredClone(old);
    next.spec.selector = { matchLabels: { app: 'y' } };
    next.spec.template.metadata.labels = { app: 'y' };
    strict_1.default.deepEqual(messages(deployments_ts_1.default.validateUpdate(next, old)), [
        'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"y"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    ]);
    var same = structuredClone(old);
    same.spec.selector = { matchLabels: { app: 'x' }, matchExpressions: [] };
    strict_1.default.deepEqual(deployments_ts_1.default.validateUpdate(same, old), []);
});
(0, node_test_1.test)('status: created empty, kept by updates, the only thing a status write changes', function () {
    var d = defaulted(basic());
    deployments_ts_1.default.prepareForCreate(d);
    strict_1.default.deepEqual(d.status, {});
    var next = structuredClone(d);
    next.status = { replicas: 9 };
    deployments_ts_1.default.prepareForUpdate(next, d);
    strict_1.default.deepEqual(next.status, {});
    var status = structuredClone(d);
    status.spec.replicas = 7;
    status.metadata.labels = { hijack: 'yes' };
    status.status = { replicas: 1 };
    deployments_ts_1.default.prepareForStatusUpdate(status, d);
    strict_1.default.equal(status.spec.replicas, 1);
    strict_1.default.equal(status.metadata.labels, undefined);
    strict_1.default.deepEqual(status.status, { replicas: 1 });
});
(0, node_test_1.test)('table: READY ready/desired, UP-TO-DATE and AVAILABLE as integers, containers, images, selector', function () {
    var d = (0, yaml_1.parse)(MANIFEST);
    d.metadata.creationTimestamp = '2025-01-01T10:00:00Z';
    var now = Date.parse('2025-01-01T12:30:00Z');
    var t = deployments_ts_1.default.table;
    strict_1.default.deepEqual(t.columns.map(function (c) { return [c.name, c.type, c.priority]; }), [
        ['Name', 'string', 0],
        ['Ready', 'string', 0],
        ['Up-to-date', 'string', 0],
        ['Available', 'string', 0],
        ['Age', 'string', 0],
        ['Containers', 'string', 1],
        ['Images', 'string', 1],
        ['Selector', 'string', 1],
    ]);
    strict_1.default.deepEqual(t.cells(d, now), ['shop', '2/3', 3, 2, '150m', 'web,proxy', 'registry.example.com/shop/web:1.4.2,envoyproxy/envoy:v1.31.0', 'app=shop,tier in (web)']);
    var fresh = defaulted(basic());
    fresh.metadata.creationTimestamp = '2025-01-01T12:29:55Z';
    fresh.spec.selector = {};
    strict_1.default.deepEqual(t.cells(fresh, now), ['d', '0/1', 0, 0, '5s', 'c', 'nginx', '']);
});
