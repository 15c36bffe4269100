import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import * as v from 'valibot';
import { podSchema, type Pod } from '../../../../lib/api/core/pod.ts';
import { invalid, type FieldError } from '../../../../lib/errors.ts';
import pods, { addDefaultTolerations, computeQosClass, defaultPullPolicy } from './pods.ts';

const messages = (errs: FieldError[]) => errs.map((e) => `${e.field}: ${e.body}`);
const validPod = (): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] },
});
const defaulted = (p: Pod) => (pods.defaults!(p), p);
const errorsOf = (p: Pod) => messages(pods.validate!(defaulted(p)));

// `kubectl apply -f pod-nu.yaml --dry-run=server -o yaml`, from the chapter (seed 002), spec and status
const CHAPTER_DRY_RUN = `
spec:
  containers:
  - image: registry.k8s.io/e2e-test-images/agnhost:2.61
    imagePullPolicy: IfNotPresent
    name: c
    resources: {}
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-75xck
      readOnly: true
  dnsPolicy: ClusterFirst
  enableServiceLinks: true
  preemptionPolicy: PreemptLowerPriority
  priority: 0
  restartPolicy: Always
  schedulerName: default-scheduler
  securityContext: {}
  serviceAccount: default
  serviceAccountName: default
  terminationGracePeriodSeconds: 30
  tolerations:
  - effect: NoExecute
    key: node.kubernetes.io/not-ready
    operator: Exists
    tolerationSeconds: 300
  - effect: NoExecute
    key: node.kubernetes.io/unreachable
    operator: Exists
    tolerationSeconds: 300
  volumes:
  - name: kube-api-access-75xck
    projected:
      defaultMode: 420
      sources:
      - serviceAccountToken:
          expirationSeconds: 3607
          path: token
      - configMap:
          items:
          - key: ca.crt
            path: ca.crt
          name: kube-root-ca.crt
      - downwardAPI:
          items:
          - fieldRef:
              apiVersion: v1
              fieldPath: metadata.namespace
            path: namespace
status:
  phase: Pending
  qosClass: BestEffort
`;

/** What the ServiceAccount and Priority admission plugins (the lead's admission step) add. */
function serviceAccountAndPriority(pod: Pod, volumeName: string) {
  const spec = pod.spec!;
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
  for (const c of spec.containers ?? []) (c.volumeMounts ??= []).push({ name: volumeName, readOnly: true, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' });
  spec.priority = 0;
  spec.preemptionPolicy = 'PreemptLowerPriority';
}

test("defaults, admission and PrepareForCreate give the chapter's --dry-run=server pod, field by field", () => {
  const expected = parse(CHAPTER_DRY_RUN) as Pod;
  const pod: Pod = parse(`
apiVersion: v1
kind: Pod
metadata:
  name: nu
spec:
  containers:
  - name: c
    image: registry.k8s.io/e2e-test-images/agnhost:2.61
`);
  pods.defaults!(pod);
  serviceAccountAndPriority(pod, 'kube-api-access-75xck');
  addDefaultTolerations(pod);
  pods.prepareForCreate!(pod);

  const got = pod.spec as Record<string, unknown>;
  const want = expected.spec as Record<string, unknown>;
  assert.deepEqual(Object.keys(got).sort(), Object.keys(want).sort());
  for (const key of Object.keys(want)) assert.deepEqual(got[key], want[key], `spec.${key}`);
  assert.deepEqual(pod.status, expected.status);
  assert.deepEqual(pods.validate!(pod), []);
});

test('defaults: computed imagePullPolicy, probe and port defaults, requests from limits, volume modes', () => {
  const pod = defaulted({
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
  const c = pod.spec!.containers![0];
  assert.equal(c.imagePullPolicy, 'Always');
  assert.equal(c.ports![0].protocol, 'TCP');
  assert.deepEqual(c.resources!.requests, { cpu: '100m', memory: '128Mi' });
  assert.deepEqual(c.readinessProbe, { httpGet: { port: 80, path: '/', scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 });
  assert.equal(c.livenessProbe!.grpc!.service, '');
  assert.equal(c.env![0].valueFrom!.fieldRef!.apiVersion, 'v1');
  assert.equal(c.env![1].valueFrom!.resourceFieldRef!.divisor, '0');
  assert.equal(pod.spec!.volumes![0].configMap!.defaultMode, 420);
  assert.equal(pod.spec!.volumes![1].secret!.defaultMode, 420);
  assert.deepEqual(pod.spec!.volumes![2].emptyDir, {});
  assert.equal(pod.spec!.volumes![3].hostPath!.type, '');
});

test('imagePullPolicy follows the tag: latest or none → Always, anything else → IfNotPresent', () => {
  assert.equal(defaultPullPolicy('nginx'), 'Always');
  assert.equal(defaultPullPolicy('nginx:latest'), 'Always');
  assert.equal(defaultPullPolicy('localhost:5000/team/app'), 'Always');
  assert.equal(defaultPullPolicy('registry.k8s.io/pause:3.10'), 'IfNotPresent');
  assert.equal(defaultPullPolicy(`busybox@sha256:${'a'.repeat(64)}`), 'IfNotPresent');
  assert.equal(defaultPullPolicy(`busybox:latest@sha256:${'a'.repeat(64)}`), 'Always');
  assert.equal(defaultPullPolicy('Nginx'), 'IfNotPresent'); // unparsable: upper case repository
  assert.equal(defaultPullPolicy(''), 'IfNotPresent');
});

test('QoS: BestEffort, Burstable, Guaranteed', () => {
  const withResources = (...rs: object[]): Pod => ({ metadata: {}, spec: { containers: rs.map((resources, i) => ({ name: `c${i}`, resources })) } });
  assert.equal(computeQosClass(withResources({})), 'BestEffort');
  assert.equal(computeQosClass(withResources({ requests: { cpu: '100m' } })), 'Burstable');
  assert.equal(computeQosClass(withResources({ limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '1000m', memory: '1024Mi' } })), 'Guaranteed');
  assert.equal(computeQosClass(withResources({ limits: { cpu: '1', memory: '1Gi' } }, {})), 'Burstable');
  assert.equal(computeQosClass(withResources({ limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '500m', memory: '1Gi' } })), 'Burstable');
  assert.equal(computeQosClass(withResources({ requests: { 'nvidia.com/gpu': '1' } })), 'BestEffort');
  // requests copied from limits by the Pod defaults make a limits-only pod Guaranteed
  assert.equal(computeQosClass(defaulted(withResources({ limits: { cpu: '1', memory: '1Gi' } }))), 'Guaranteed');
});

test('default tolerations are not duplicated when one already covers the taint', () => {
  const pod: Pod = { metadata: {}, spec: { tolerations: [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists' }] } };
  addDefaultTolerations(pod);
  assert.deepEqual(
    pod.spec!.tolerations!.map((t) => t.key),
    ['node.kubernetes.io/unreachable', 'node.kubernetes.io/not-ready'],
  );
});

test('validation: the messages a user hits', () => {
  const p = validPod();
  p.spec!.containers = [];
  assert.deepEqual(errorsOf(p), ['spec.containers: Required value']);

  const noImage = validPod();
  delete noImage.spec!.containers![0].image;
  assert.deepEqual(errorsOf(noImage), ['spec.containers[0].image: Required value']);

  const badName = validPod();
  badName.spec!.containers![0].name = 'Web_1';
  assert.deepEqual(errorsOf(badName), [
    `spec.containers[0].name: Invalid value: "Web_1": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
  ]);

  const dup = validPod();
  dup.spec!.containers!.push({ name: 'c', image: 'busybox' });
  dup.spec!.initContainers = [{ name: 'c', image: 'busybox' }];
  assert.deepEqual(errorsOf(dup), ['spec.containers[1].name: Duplicate value: "c"', 'spec.initContainers[0].name: Duplicate value: "c"']);

  const restart = validPod();
  restart.spec!.restartPolicy = 'Sometimes';
  assert.deepEqual(errorsOf(restart), ['spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"']);

  const ports = validPod();
  ports.spec!.containers![0].ports = [{ containerPort: 70000 }, { containerPort: 80, protocol: 'HTTP', name: 'Web' }];
  assert.deepEqual(errorsOf(ports), [
    'spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
    'spec.containers[0].ports[1].name: Invalid value: "Web": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
    'spec.containers[0].ports[1].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"',
  ]);

  const mounts = validPod();
  mounts.spec!.volumes = [{ name: 'data', emptyDir: {} }, { name: 'data', emptyDir: {} }];
  mounts.spec!.containers![0].volumeMounts = [{ name: 'x', mountPath: '/x' }, { name: 'data', mountPath: '/data' }];
  assert.deepEqual(errorsOf(mounts), ['spec.volumes[1].name: Duplicate value: "data"', 'spec.containers[0].volumeMounts[0].name: Not found: "x"']);

  const resources = validPod();
  resources.spec!.containers![0].resources = { limits: { cpu: '1' }, requests: { cpu: '2', memory: '-1' } };
  assert.deepEqual(errorsOf(resources), [
    'spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
    'spec.containers[0].resources.requests[memory]: Invalid value: "-1": must be greater than or equal to 0',
  ]);

  const init = validPod();
  init.spec!.initContainers = [{ name: 'setup', image: 'busybox', readinessProbe: { exec: { command: ['true'] } }, restartPolicy: 'OnFailure' }];
  assert.deepEqual(errorsOf(init), [
    'spec.initContainers[0].restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
    'spec.initContainers[0].readinessProbe: Forbidden: may not be set for init containers without restartPolicy=Always',
  ]);

  const sidecar = validPod();
  sidecar.spec!.initContainers = [{ name: 'log', image: 'busybox', restartPolicy: 'Always', livenessProbe: { exec: { command: ['true'] }, successThreshold: 2 } }];
  assert.deepEqual(errorsOf(sidecar), ['spec.initContainers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1']);

  const probe = validPod();
  probe.spec!.containers![0].livenessProbe = { httpGet: { port: 'http' }, exec: { command: ['true'] } };
  probe.spec!.containers![0].restartPolicy = 'Always';
  assert.deepEqual(errorsOf(probe), [
    'spec.containers[0].livenessProbe.httpGet: Forbidden: may not specify more than 1 handler type',
    'spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers',
  ]);

  const tolerations = validPod();
  tolerations.spec!.tolerations = [{ operator: 'Equal', value: 'x' }, { key: 'k', effect: 'NoSchedule', tolerationSeconds: 5 }];
  assert.deepEqual(errorsOf(tolerations), [
    'spec.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"',
    "spec.tolerations[1].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set",
  ]);

  const env = validPod();
  env.spec!.containers![0].env = [{ name: 'A', value: 'x', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }, { name: 'B', valueFrom: { fieldRef: { fieldPath: 'spec.foo' } } }];
  assert.deepEqual(errorsOf(env), [
    'spec.containers[0].env[0].valueFrom: Invalid value: "": may not be specified when `value` is not empty',
    'spec.containers[0].env[1].valueFrom.fieldRef.fieldPath: Invalid value: "spec.foo": error converting fieldPath: field label not supported: spec.foo',
  ]);
});

test('validation: volumes and lifecycle hooks', () => {
  const p = validPod();
  p.spec!.volumes = [
    { name: 'h', hostPath: { path: '' } },
    // Kubernetes checks emptyDir first; a second source is refused without looking inside it
    { name: 's', secret: {}, emptyDir: {} },
    { name: 'tok', projected: { sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 60 } }] } },
    { name: 'nfs', nfs: { server: 'srv', path: 'relative' } },
  ];
  p.spec!.containers![0].lifecycle = { preStop: { sleep: { seconds: 60 } } };
  assert.deepEqual(errorsOf(p), [
    'spec.volumes[0].hostPath.path: Required value',
    'spec.volumes[1].secret: Forbidden: may not specify more than 1 volume type',
    'spec.volumes[2].projected.sources[0].serviceAccountToken.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes',
    'spec.volumes[3].nfs.path: Invalid value: "relative": must be an absolute path',
    'spec.containers[0].lifecycle.preStop.sleep: Invalid value: 60: must be greater than 0 and less than terminationGracePeriodSeconds (30). Please enable PodLifecycleSleepActionAllowZero feature gate if you need a sleep of zero duration.',
  ]);
});

test('validation errors render as one 422 message', () => {
  const p = validPod();
  p.spec!.containers![0].image = '';
  p.spec!.containers![0].volumeMounts = [{ name: 'x', mountPath: '/x' }];
  const err = invalid({ group: '', kind: 'Pod' }, 'p', pods.validate!(defaulted(p)));
  assert.equal(err.status.message, 'Pod "p" is invalid: [spec.containers[0].image: Required value, spec.containers[0].volumeMounts[0].name: Not found: "x"]');
});

test('update: only images, a shorter deadline, added tolerations may change', () => {
  const old = defaulted(validPod());
  const update = (change: (p: Pod) => void) => {
    const p = structuredClone(old);
    change(p);
    return messages(pods.validateUpdate!(defaulted(p), old));
  };
  assert.deepEqual(update((p) => (p.spec!.containers![0].image = 'nginx:1.28')), []);
  assert.deepEqual(update((p) => (p.spec!.tolerations = [{ key: 'k', operator: 'Exists' }])), []);
  assert.deepEqual(update((p) => (p.spec!.activeDeadlineSeconds = 60)), []);

  const [nodeName] = update((p) => (p.spec!.nodeName = 'n1'));
  assert.ok(
    nodeName.startsWith(
      'spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n',
    ),
    nodeName,
  );
  assert.match(nodeName, /NodeName/);

  assert.deepEqual(update((p) => p.spec!.containers!.push({ name: 'd', image: 'x' })), ['spec.containers: Forbidden: pod updates may not add or remove containers']);
  const withToleration = structuredClone(old);
  withToleration.spec!.tolerations = [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 }];
  const changed = structuredClone(withToleration);
  changed.spec!.tolerations![0].tolerationSeconds = 20;
  assert.deepEqual(messages(pods.validateUpdate!(changed, withToleration)), []);
  changed.spec!.tolerations![0].effect = 'NoSchedule';
  assert.ok(messages(pods.validateUpdate!(changed, withToleration)).includes('spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds'));
});

test('prepareForUpdate keeps the status; a status write keeps the spec and owner references', () => {
  const old = defaulted(validPod());
  pods.prepareForCreate!(old);
  old.metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u1', controller: true }];
  const next = structuredClone(old);
  next.status = { phase: 'Running' };
  pods.prepareForUpdate!(next, old);
  assert.deepEqual(next.status, { phase: 'Pending', qosClass: 'BestEffort' });

  const status = structuredClone(old);
  status.spec!.nodeName = 'sneaky';
  status.metadata.ownerReferences = [];
  status.status = { phase: 'Running', podIP: '10.0.0.5' };
  pods.prepareForStatusUpdate!(status, old);
  assert.equal(status.spec!.nodeName, undefined);
  assert.equal(status.metadata.ownerReferences!.length, 1);
  assert.deepEqual(status.status, { phase: 'Running', podIP: '10.0.0.5', qosClass: 'BestEffort' });
});

test('prepareForCreate: scheduling gates add the SchedulingGated condition; matchLabelKeys fold into the selector', () => {
  const pod = defaulted(validPod());
  pod.metadata.labels = { app: 'web', 'pod-template-hash': 'abc' };
  pod.spec!.schedulingGates = [{ name: 'example.com/wait' }];
  pod.spec!.affinity = {
    podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['pod-template-hash'] }] },
  };
  pods.prepareForCreate!(pod);
  assert.deepEqual(pod.status!.conditions, [
    { type: 'PodScheduled', status: 'False', lastProbeTime: null, lastTransitionTime: null, reason: 'SchedulingGated', message: 'Scheduling is blocked due to non-empty scheduling gates' },
  ]);
  assert.deepEqual(pod.spec!.affinity!.podAntiAffinity!.requiredDuringSchedulingIgnoredDuringExecution![0].labelSelector!.matchExpressions, [
    { key: 'pod-template-hash', operator: 'In', values: ['abc'] },
  ]);
});

test('field selectors: unscheduled pods have an empty spec.nodeName', () => {
  const pod = defaulted(validPod());
  const fs = pods.fieldSelectors!;
  assert.equal(fs['spec.nodeName'](pod), '');
  assert.equal(fs['spec.hostNetwork'](pod), 'false');
  assert.equal(fs['spec.schedulerName'](pod), 'default-scheduler');
  pod.status = { phase: 'Running', podIPs: [{ ip: '10.0.0.7' }] };
  assert.equal(fs['status.phase'](pod), 'Running');
  assert.equal(fs['status.podIP'](pod), '10.0.0.7');
});

test('the schema keeps every field of a running pod status', () => {
  const status = {
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
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'web', image: 'nginx' }] }, status };
  assert.deepEqual(v.parse(podSchema, pod), pod);
});
