/**
 * core/v1 Container and EphemeralContainer. EphemeralContainer embeds the same fields
 * (EphemeralContainerCommon, protobuf field 1), so both are built from one entry set.
 */
import { bool, inline, int32, list, message, obj, quantityMap, str, strList } from '../../../schema/fields.ts';
import { configMapKeySelector, localName, objectFieldSelector, resourceFieldSelector, secretKeySelector } from './refs.ts';
import { lifecycle, probe } from './probe.ts';
import { securityContext } from './security.ts';

export const containerPort = message({
  name: str(1, { doc: 'An IANA_SVC_NAME unique within the pod; services can refer to the port by name.' }),
  hostPort: int32(2, { doc: 'Number of port to expose on the host.' }),
  containerPort: int32(3, { keep: true, doc: "Number of port to expose on the pod's IP address." }),
  protocol: str(4, { doc: 'Protocol for port. Must be UDP, TCP, or SCTP. Defaults to "TCP".' }),
  hostIP: str(5, { doc: 'What host IP to bind the external port to.' }),
});

export const envVarSource = message({
  fieldRef: obj(1, objectFieldSelector, { ptr: true, doc: 'Selects a field of the pod.' }),
  resourceFieldRef: obj(2, resourceFieldSelector, { ptr: true, doc: 'Selects a resource of the container (limits and requests).' }),
  configMapKeyRef: obj(3, configMapKeySelector, { ptr: true, doc: 'Selects a key of a ConfigMap.' }),
  secretKeyRef: obj(4, secretKeySelector, { ptr: true, doc: "Selects a key of a secret in the pod's namespace." }),
});

export const envVar = message({
  name: str(1, { keep: true, doc: 'Name of the environment variable.' }),
  value: str(2, { doc: 'Value of the variable; $(VAR_NAME) references are expanded. Defaults to "".' }),
  valueFrom: obj(3, envVarSource, { ptr: true, doc: "Source for the environment variable's value." }),
});

const envSource = (what: string) =>
  message({
    ...localName(`Name of the ${what}.`),
    optional: bool(2, { ptr: true, doc: `Specify whether the ${what} must be defined.` }),
  });

export const envFromSource = message({
  prefix: str(1, { doc: 'Optional text to prepend to the name of each environment variable.' }),
  configMapRef: obj(2, envSource('ConfigMap'), { ptr: true, doc: 'The ConfigMap to select from.' }),
  secretRef: obj(3, envSource('Secret'), { ptr: true, doc: 'The Secret to select from.' }),
});

export const resourceClaim = message({
  name: str(1, { keep: true, doc: 'Name of one entry in pod.spec.resourceClaims.' }),
  request: str(2, { doc: 'Name of a request in the referenced claim; empty means everything.' }),
});

export const resourceRequirements = message({
  limits: quantityMap(1, { doc: 'The maximum amount of compute resources allowed.' }),
  requests: quantityMap(2, { doc: 'The minimum amount of compute resources required; defaults to limits.' }),
  claims: list(3, resourceClaim, { listType: 'map', listMapKeys: ['name'], doc: 'Names of resources, defined in spec.resourceClaims, used by this container.' }),
});

export const volumeMount = message({
  name: str(1, { keep: true, doc: 'This must match the Name of a Volume.' }),
  readOnly: bool(2, { doc: 'Mounted read-only if true, read-write otherwise. Defaults to false.' }),
  recursiveReadOnly: str(7, { ptr: true, doc: 'Whether read-only mounts are recursive: Disabled, IfPossible or Enabled.' }),
  mountPath: str(3, { keep: true, doc: "Path within the container at which the volume should be mounted. Must not contain ':'." }),
  subPath: str(4, { doc: "Path within the volume from which the container's volume should be mounted." }),
  mountPropagation: str(5, { ptr: true, doc: 'How mounts are propagated from the host to container and back: None, HostToContainer or Bidirectional.' }),
  subPathExpr: str(6, { doc: 'Like subPath, with $(VAR_NAME) references expanded from the container environment.' }),
});

export const volumeDevice = message({
  name: str(1, { keep: true, doc: 'Name must match the name of a persistentVolumeClaim in the pod.' }),
  devicePath: str(2, { keep: true, doc: 'The path inside of the container that the device will be mapped to.' }),
});

export const containerResizePolicy = message({
  resourceName: str(1, { keep: true, doc: 'Name of the resource to which this resize policy applies: cpu or memory.' }),
  restartPolicy: str(2, { keep: true, doc: 'Restart policy to apply when the resource is resized. Defaults to NotRequired.' }),
});

/** The fields of Container, which EphemeralContainer also carries (inlined). */
export const containerEntries = {
  name: str(1, { keep: true, doc: 'Name of the container specified as a DNS_LABEL, unique within the pod.' }),
  image: str(2, { doc: 'Container image name.' }),
  command: strList(3, { listType: 'atomic', doc: 'Entrypoint array. Not executed within a shell.' }),
  args: strList(4, { listType: 'atomic', doc: 'Arguments to the entrypoint.' }),
  workingDir: str(5, { doc: "Container's working directory." }),
  ports: list(6, containerPort, {
    patchStrategy: 'merge',
    patchMergeKey: 'containerPort',
    listType: 'map',
    listMapKeys: ['containerPort', 'protocol'],
    doc: 'List of ports to expose from the container.',
  }),
  envFrom: list(19, envFromSource, { listType: 'atomic', doc: 'List of sources to populate environment variables in the container.' }),
  env: list(7, envVar, { patchStrategy: 'merge', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'], doc: 'List of environment variables to set in the container.' }),
  resources: obj(8, resourceRequirements, { doc: 'Compute Resources required by this container.' }),
  resizePolicy: list(23, containerResizePolicy, { listType: 'atomic', doc: 'Resources resize policy for the container.' }),
  restartPolicy: str(24, { ptr: true, doc: 'Restart behavior of this container; only "Always" (sidecar) for init containers.' }),
  volumeMounts: list(9, volumeMount, {
    patchStrategy: 'merge',
    patchMergeKey: 'mountPath',
    listType: 'map',
    listMapKeys: ['mountPath'],
    doc: "Pod volumes to mount into the container's filesystem.",
  }),
  volumeDevices: list(21, volumeDevice, {
    patchStrategy: 'merge',
    patchMergeKey: 'devicePath',
    listType: 'map',
    listMapKeys: ['devicePath'],
    doc: 'volumeDevices is the list of block devices to be used by the container.',
  }),
  livenessProbe: obj(10, probe, { ptr: true, doc: 'Periodic probe of container liveness; the container is restarted if it fails.' }),
  readinessProbe: obj(11, probe, { ptr: true, doc: 'Periodic probe of container service readiness.' }),
  startupProbe: obj(22, probe, { ptr: true, doc: 'StartupProbe indicates that the Pod has successfully initialized.' }),
  lifecycle: obj(12, lifecycle, { ptr: true, doc: 'Actions that the management system should take in response to container lifecycle events.' }),
  terminationMessagePath: str(13, { doc: "Path of the file to which the container's termination message is written. Defaults to /dev/termination-log." }),
  terminationMessagePolicy: str(20, { doc: 'How the termination message is populated: File or FallbackToLogsOnError. Defaults to File.' }),
  imagePullPolicy: str(14, { doc: 'Image pull policy: Always, Never or IfNotPresent.' }),
  securityContext: obj(15, securityContext, { ptr: true, doc: 'Security options the container should be run with.' }),
  stdin: bool(16, { doc: 'Whether this container should allocate a buffer for stdin in the container runtime.' }),
  stdinOnce: bool(17, { doc: 'Whether the container runtime should close the stdin channel after a single attach.' }),
  tty: bool(18, { doc: "Whether this container should allocate a TTY for itself, also requires 'stdin' to be true." }),
};

export const container = message(containerEntries);

export const ephemeralContainer = message({
  ...inline(1, containerEntries),
  targetContainerName: str(2, { doc: 'The name of the container from PodSpec that this ephemeral container targets.' }),
});
