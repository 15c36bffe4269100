import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import * as v from 'valibot';
import { deploymentSchema, type Deployment } from '../../../../lib/api/apps/deployment.ts';
import { invalid, type FieldError } from '../../../../lib/errors.ts';
import deployments from './deployments.ts';

const messages = (errs: FieldError[]) => errs.map((e) => `${e.field}: ${e.body}`);

/** A realistic manifest touching most of the pod template: every field must survive parsing. */
const MANIFEST = `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: shop
  namespace: prod
  labels: {app: shop, tier: web}
  annotations: {kubernetes.io/change-cause: "image 1.4.2"}
spec:
  replicas: 3
  revisionHistoryLimit: 5
  progressDeadlineSeconds: 300
  minReadySeconds: 5
  selector:
    matchLabels: {app: shop}
    matchExpressions:
    - {key: tier, operator: In, values: [web]}
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxSurge: 1, maxUnavailable: "10%"}
  template:
    metadata:
      labels: {app: shop, tier: web}
      annotations: {prometheus.io/scrape: "true"}
    spec:
      serviceAccountName: shop
      automountServiceAccountToken: false
      terminationGracePeriodSeconds: 45
      priorityClassName: system-cluster-critical
      securityContext:
        runAsNonRoot: true
        runAsUser: 1000
        fsGroup: 2000
        supplementalGroups: [3000]
        seccompProfile: {type: RuntimeDefault}
        sysctls: [{name: net.ipv4.ip_local_port_range, value: "1024 65535"}]
      imagePullSecrets: [{name: registry}]
      nodeSelector: {kubernetes.io/os: linux}
      hostAliases: [{ip: 10.1.2.3, hostnames: [db.local]}]
      dnsPolicy: ClusterFirst
      dnsConfig:
        nameservers: [1.1.1.1]
        searches: [shop.svc.cluster.local]
        options: [{name: ndots, value: "2"}, {name: edns0}]
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
            - matchExpressions: [{key: kubernetes.io/arch, operator: In, values: [amd64, arm64]}]
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 10
            preference:
              matchExpressions: [{key: disk, operator: Exists}]
        podAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 50
            podAffinityTerm:
              topologyKey: topology.kubernetes.io/zone
              labelSelector: {matchLabels: {app: cache}}
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - topologyKey: kubernetes.io/hostname
            labelSelector: {matchLabels: {app: shop}}
            matchLabelKeys: [pod-template-hash]
            namespaceSelector: {}
      tolerations:
      - {key: dedicated, operator: Equal, value: shop, effect: NoSchedule}
      - {key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 60}
      topologySpreadConstraints:
      - maxSkew: 1
        topologyKey: topology.kubernetes.io/zone
        whenUnsatisfiable: DoNotSchedule
        labelSelector: {matchLabels: {app: shop}}
        minDomains: 2
        nodeAffinityPolicy: Honor
        nodeTaintsPolicy: Ignore
        matchLabelKeys: [pod-template-hash]
      readinessGates: [{conditionType: example.com/lb-ready}]
      schedulingGates: [{name: example.com/quota}]
      os: {name: linux}
      overhead: {cpu: 10m}
      initContainers:
      - name: migrate
        image: registry.example.com/shop/migrate:1.4.2
        command: [/bin/migrate]
        args: [--to, latest]
        envFrom:
        - configMapRef: {name: shop-config}
        - secretRef: {name: shop-db, optional: true}
          prefix: DB_
      - name: log-shipper
        image: fluent/fluent-bit:3.1
        restartPolicy: Always
        startupProbe: {tcpSocket: {port: 2020}, failureThreshold: 30, periodSeconds: 2}
      containers:
      - name: web
        image: registry.example.com/shop/web:1.4.2
        imagePullPolicy: IfNotPresent
        workingDir: /app
        ports:
        - {name: http, containerPort: 8080, protocol: TCP}
        - {name: metrics, containerPort: 9090, hostPort: 9090, hostIP: 0.0.0.0}
        env:
        - {name: LOG_LEVEL, value: info}
        - name: POD_NAME
          valueFrom: {fieldRef: {apiVersion: v1, fieldPath: metadata.name}}
        - name: MEM_LIMIT
          valueFrom: {resourceFieldRef: {containerName: web, resource: limits.memory, divisor: 1Mi}}
        - name: DB_PASSWORD
          valueFrom: {secretKeyRef: {name: shop-db, key: password, optional: false}}
        - name: FEATURE_FLAGS
          valueFrom: {configMapKeyRef: {name: shop-config, key: flags}}
        resources:
          requests: {cpu: 250m, memory: 256Mi, ephemeral-storage: 1Gi}
          limits: {cpu: "1", memory: 512Mi}
        resizePolicy: [{resourceName: cpu, restartPolicy: NotRequired}]
        volumeMounts:
        - {name: config, mountPath: /etc/shop, readOnly: true}
        - {name: cache, mountPath: /var/cache/shop, subPath: web}
        - {name: tls, mountPath: /etc/tls, readOnly: true, recursiveReadOnly: IfPossible}
        - {name: data, mountPath: /data, mountPropagation: None}
        - {name: bundle, mountPath: /var/run/bundle, subPathExpr: $(POD_NAME)}
        livenessProbe:
          httpGet:
            path: /healthz
            port: http
            scheme: HTTP
            httpHeaders: [{name: X-Probe, value: liveness}]
          initialDelaySeconds: 10
          periodSeconds: 15
          timeoutSeconds: 2
          failureThreshold: 3
          successThreshold: 1
          terminationGracePeriodSeconds: 20
        readinessProbe:
          grpc: {port: 9090, service: readiness}
        startupProbe:
          exec: {command: [cat, /tmp/started]}
        lifecycle:
          postStart:
            exec: {command: [/bin/sh, -c, echo started]}
          preStop:
            sleep: {seconds: 5}
        securityContext:
          allowPrivilegeEscalation: false
          readOnlyRootFilesystem: true
          runAsGroup: 1000
          capabilities: {drop: [ALL], add: [NET_BIND_SERVICE]}
          appArmorProfile: {type: RuntimeDefault}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: FallbackToLogsOnError
        stdin: false
        tty: false
      - name: proxy
        image: envoyproxy/envoy:v1.31.0
        lifecycle:
          preStop:
            httpGet: {path: /drain, port: 9901}
        volumeDevices: [{name: raw, devicePath: /dev/xvda}]
      volumes:
      - name: config
        configMap:
          name: shop-config
          items: [{key: app.yaml, path: app.yaml, mode: 0400}]
          defaultMode: 420
          optional: false
      - name: cache
        emptyDir: {medium: Memory, sizeLimit: 64Mi}
      - name: tls
        secret: {secretName: shop-tls, defaultMode: 256}
      - name: data
        persistentVolumeClaim: {claimName: shop-data, readOnly: false}
      - name: raw
        ephemeral:
          volumeClaimTemplate:
            metadata: {labels: {app: shop}}
            spec:
              accessModes: [ReadWriteOnce]
              storageClassName: fast
              volumeMode: Block
              resources: {requests: {storage: 10Gi}}
      - name: bundle
        projected:
          defaultMode: 292
          sources:
          - serviceAccountToken: {audience: vault, expirationSeconds: 3600, path: vault-token}
          - configMap: {name: kube-root-ca.crt, items: [{key: ca.crt, path: ca.crt}]}
          - secret: {name: shop-extra, optional: true}
          - downwardAPI:
              items:
              - path: labels
                fieldRef: {fieldPath: metadata.labels}
              - path: cpu
                resourceFieldRef: {containerName: web, resource: requests.cpu, divisor: 1m}
      - name: host
        hostPath: {path: /var/log, type: Directory}
      - name: share
        nfs: {server: nfs.example.com, path: /exports/shop, readOnly: true}
      - name: secrets-store
        csi:
          driver: secrets-store.csi.k8s.io
          readOnly: true
          volumeAttributes: {secretProviderClass: shop}
          nodePublishSecretRef: {name: csi-creds}
      - name: podinfo
        downwardAPI:
          items: [{path: name, fieldRef: {fieldPath: metadata.name}}]
status:
  observedGeneration: 4
  replicas: 3
  updatedReplicas: 3
  readyReplicas: 2
  availableReplicas: 2
  unavailableReplicas: 1
  collisionCount: 1
  conditions:
  - type: Available
    status: "True"
    lastUpdateTime: "2025-01-01T12:00:00Z"
    lastTransitionTime: "2025-01-01T12:00:00Z"
    reason: MinimumReplicasAvailable
    message: Deployment has minimum availability.
`;

const basic = (): Deployment => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'd', namespace: 'default' },
  spec: { selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});
const defaulted = (d: Deployment) => (deployments.defaults!(d), d);

test('the schema parses a realistic Deployment and drops nothing known', () => {
  const input = parse(MANIFEST);
  assert.deepEqual(v.parse(deploymentSchema, input), input);
});

test('the realistic Deployment passes validation after defaults', () => {
  assert.deepEqual(messages(deployments.validate!(defaulted(parse(MANIFEST)))), []);
});

test('defaults: replicas 1, RollingUpdate 25%/25%, history 10, deadline 600, template defaults without the Pod-only rows', () => {
  const d = defaulted(basic());
  assert.equal(d.spec!.replicas, 1);
  assert.deepEqual(d.spec!.strategy, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } });
  assert.equal(d.spec!.revisionHistoryLimit, 10);
  assert.equal(d.spec!.progressDeadlineSeconds, 600);
  const t = d.spec!.template!;
  assert.deepEqual(t.metadata, { labels: { app: 'x' }, creationTimestamp: null });
  assert.equal(t.spec!.restartPolicy, 'Always');
  assert.equal(t.spec!.dnsPolicy, 'ClusterFirst');
  assert.equal(t.spec!.enableServiceLinks, undefined);
  assert.deepEqual(t.spec!.containers![0], {
    name: 'c',
    image: 'nginx',
    imagePullPolicy: 'Always',
    resources: {},
    terminationMessagePath: '/dev/termination-log',
    terminationMessagePolicy: 'File',
  });

  const recreate = basic();
  recreate.spec!.strategy = { type: 'Recreate' };
  assert.deepEqual(defaulted(recreate).spec!.strategy, { type: 'Recreate' });

  const limits = basic();
  limits.spec!.template!.spec!.containers![0].resources = { limits: { cpu: '1' } };
  assert.equal(defaulted(limits).spec!.template!.spec!.containers![0].resources!.requests, undefined);
});

test('validation: the reference example, message for message', () => {
  const d = basic();
  delete d.spec!.selector;
  const errs = deployments.validate!(defaulted(d));
  assert.equal(
    invalid({ group: 'apps', kind: 'Deployment' }, 'd', errs).status.message,
    'Deployment.apps "d" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels`]',
  );
});

test('validation: replicas, selector, template paths prefixed spec.template.spec, strategy', () => {
  const d = defaulted(basic());
  d.spec!.replicas = -1;
  d.spec!.selector = {};
  d.spec!.template!.spec!.containers![0].name = 'C';
  d.spec!.template!.spec!.restartPolicy = 'Never';
  d.spec!.strategy = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '0%' } };
  d.spec!.progressDeadlineSeconds = 5;
  d.spec!.minReadySeconds = 10;
  assert.deepEqual(messages(deployments.validate!(d)), [
    'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment',
    `spec.template.spec.containers[0].name: Invalid value: "C": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
    'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
    'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: may not be 0 when `maxSurge` is 0',
    'spec.progressDeadlineSeconds: Invalid value: 5: must be greater than minReadySeconds',
  ]);
});

test('update: the selector is immutable', () => {
  const old = defaulted(basic());
  const next = structuredClone(old);
  next.spec!.selector = { matchLabels: { app: 'y' } };
  next.spec!.template!.metadata!.labels = { app: 'y' };
  assert.deepEqual(messages(deployments.validateUpdate!(next, old)), [
    'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"y"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
  ]);
  const same = structuredClone(old);
  same.spec!.selector = { matchLabels: { app: 'x' }, matchExpressions: [] };
  assert.deepEqual(deployments.validateUpdate!(same, old), []);
});

test('status: created empty, kept by updates, the only thing a status write changes', () => {
  const d = defaulted(basic());
  deployments.prepareForCreate!(d);
  assert.deepEqual(d.status, {});
  const next = structuredClone(d);
  next.status = { replicas: 9 };
  deployments.prepareForUpdate!(next, d);
  assert.deepEqual(next.status, {});
  const status = structuredClone(d);
  status.spec!.replicas = 7;
  status.metadata.labels = { hijack: 'yes' };
  status.status = { replicas: 1 };
  deployments.prepareForStatusUpdate!(status, d);
  assert.equal(status.spec!.replicas, 1);
  assert.equal(status.metadata.labels, undefined);
  assert.deepEqual(status.status, { replicas: 1 });
});

test('table: READY ready/desired, UP-TO-DATE and AVAILABLE as integers, containers, images, selector', () => {
  const d: Deployment = parse(MANIFEST);
  d.metadata.creationTimestamp = '2025-01-01T10:00:00Z';
  const now = Date.parse('2025-01-01T12:30:00Z');
  const t = deployments.table!;
  assert.deepEqual(
    t.columns.map((c) => [c.name, c.type, c.priority]),
    [
      ['Name', 'string', 0],
      ['Ready', 'string', 0],
      ['Up-to-date', 'string', 0],
      ['Available', 'string', 0],
      ['Age', 'string', 0],
      ['Containers', 'string', 1],
      ['Images', 'string', 1],
      ['Selector', 'string', 1],
    ],
  );
  assert.deepEqual(t.cells(d, now), ['shop', '2/3', 3, 2, '150m', 'web,proxy', 'registry.example.com/shop/web:1.4.2,envoyproxy/envoy:v1.31.0', 'app=shop,tier in (web)']);
  const fresh = defaulted(basic());
  fresh.metadata.creationTimestamp = '2025-01-01T12:29:55Z';
  fresh.spec!.selector = {};
  assert.deepEqual(t.cells(fresh, now), ['d', '0/1', 0, 0, '5s', 'c', 'nginx', '']);
});
