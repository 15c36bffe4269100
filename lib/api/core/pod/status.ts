/** core/v1 PodStatus and ContainerStatus: what the kubelet reports. */
import * as v from 'valibot';
import { bool, int32, int64, list, message, obj, quantityMap, str, time } from '../../../schema/fields.ts';
import { resourceRequirements } from './container.ts';

export const podCondition = message({
  type: str(1, { keep: true, doc: 'Type is the type of the condition.' }),
  status: str(2, { keep: true, doc: 'Status is the status of the condition: True, False or Unknown.' }),
  lastProbeTime: time(3, { doc: 'Last time we probed the condition.' }),
  lastTransitionTime: time(4, { doc: 'Last time the condition transitioned from one status to another.' }),
  reason: str(5, { doc: "Unique, one-word, CamelCase reason for the condition's last transition." }),
  message: str(6, { doc: 'Human-readable message indicating details about last transition.' }),
});

export const containerStateWaiting = message({
  reason: str(1, { doc: '(brief) reason the container is not yet running.' }),
  message: str(2, { doc: 'Message regarding why the container is not yet running.' }),
});

export const containerStateRunning = message({
  startedAt: time(1, { doc: 'Time at which the container was last (re-)started.' }),
});

export const containerStateTerminated = message({
  exitCode: int32(1, { keep: true, doc: 'Exit status from the last termination of the container.' }),
  signal: int32(2, { doc: 'Signal from the last termination of the container.' }),
  reason: str(3, { doc: '(brief) reason from the last termination of the container.' }),
  message: str(4, { doc: 'Message regarding the last termination of the container.' }),
  startedAt: time(5, { doc: 'Time at which previous execution of the container started.' }),
  finishedAt: time(6, { doc: 'Time at which the container last terminated.' }),
  containerID: str(7, { doc: "Container's ID in the format '<type>://<container_id>'." }),
});

export const containerState = message({
  waiting: obj(1, containerStateWaiting, { ptr: true, doc: 'Details about a waiting container.' }),
  running: obj(2, containerStateRunning, { ptr: true, doc: 'Details about a running container.' }),
  terminated: obj(3, containerStateTerminated, { ptr: true, doc: 'Details about a terminated container.' }),
});

export const volumeMountStatus = message({
  name: str(1, { keep: true, doc: 'Name corresponds to the name of the original VolumeMount.' }),
  mountPath: str(2, { keep: true, doc: 'MountPath corresponds to the original VolumeMount.' }),
  readOnly: bool(3, { doc: 'ReadOnly corresponds to the original VolumeMount.' }),
  recursiveReadOnly: str(4, { ptr: true, doc: 'RecursiveReadOnly must be set to Disabled, Enabled, or unspecified.' }),
});

const int64Item = v.pipe(v.number(), v.integer());

export const containerUser = message({
  linux: obj(
    1,
    message({
      uid: int64(1, { keep: true, doc: 'The primary uid initially attached to the first process in the container.' }),
      gid: int64(2, { keep: true, doc: 'The primary gid initially attached to the first process in the container.' }),
      supplementalGroups: list(3, int64Item, { listType: 'atomic', pbType: 'int64', format: 'int64', doc: 'The supplemental groups initially attached to the first process.' }),
    }),
    { ptr: true, doc: 'User identity information initially attached to the first process of the containers in Linux.' },
  ),
});

export const resourceStatus = message({
  name: str(1, { keep: true, doc: 'Name of the resource.' }),
  resources: list(
    2,
    message({
      resourceID: str(1, { keep: true, doc: 'The unique identifier of the resource.' }),
      health: str(2, { doc: 'Health of the resource: Healthy, Unhealthy or Unknown.' }),
    }),
    { listType: 'map', listMapKeys: ['resourceID'], doc: 'List of unique resources health.' },
  ),
});

export const containerStatus = message({
  name: str(1, { keep: true, doc: 'A DNS_LABEL representing the unique name of the container.' }),
  state: obj(2, containerState, { doc: "Details about the container's current condition." }),
  lastState: obj(3, containerState, { doc: 'The last termination state of the container.' }),
  ready: bool(4, { keep: true, doc: 'Whether the container is currently passing its readiness check.' }),
  restartCount: int32(5, { keep: true, doc: 'The number of times the container has been restarted.' }),
  image: str(6, { keep: true, doc: 'The name of the container image that the container is running.' }),
  imageID: str(7, { keep: true, doc: "The image ID of the container's image." }),
  containerID: str(8, { doc: "The ID of the container in the format '<type>://<container_id>'." }),
  started: bool(9, { ptr: true, doc: 'Whether the container has finished its postStart lifecycle hook and passed its startup probe.' }),
  allocatedResources: quantityMap(10, { doc: 'The compute resources allocated for this container by the node.' }),
  resources: obj(11, resourceRequirements, { ptr: true, doc: 'The compute resource requests and limits enacted on the running container.' }),
  volumeMounts: list(12, volumeMountStatus, {
    patchStrategy: 'merge',
    patchMergeKey: 'mountPath',
    listType: 'map',
    listMapKeys: ['mountPath'],
    doc: 'Status of volume mounts.',
  }),
  user: obj(13, containerUser, { ptr: true, doc: 'User identity information initially attached to the first process of the container.' }),
  allocatedResourcesStatus: list(14, resourceStatus, {
    patchStrategy: 'merge',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
    doc: 'The status of various resources allocated for this Pod.',
  }),
});

const ip = message({ ip: str(1, { keep: true, doc: 'IP is the IP address.' }) });
const statuses = (pb: number, what: string) => list(pb, containerStatus, { listType: 'atomic', doc: `Statuses of ${what} in this pod.` });

export const podStatus = message({
  phase: str(1, { doc: 'A simple, high-level summary of where the Pod is in its lifecycle: Pending, Running, Succeeded, Failed or Unknown.' }),
  conditions: list(2, podCondition, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'map', listMapKeys: ['type'], doc: 'Current service state of pod.' }),
  message: str(3, { doc: 'A human readable message indicating details about why the pod is in this condition.' }),
  reason: str(4, { doc: "A brief CamelCase message indicating details about why the pod is in this state, e.g. 'Evicted'." }),
  nominatedNodeName: str(11, {
    doc: 'nominatedNodeName is set only when this pod preempts other pods on the node, but it cannot be scheduled right away as preemption victims receive their graceful termination periods. This field does not guarantee that the pod will be scheduled on this node. Scheduler may decide to place the pod elsewhere if other nodes become available sooner. Scheduler may also decide to give the resources on this node to a higher priority pod that is created after preemption. As a result, this field may be different than PodSpec.nodeName when the pod is scheduled.',
  }),
  hostIP: str(5, { doc: 'hostIP holds the IP address of the host to which the pod is assigned.' }),
  hostIPs: list(16, ip, { patchStrategy: 'merge', patchMergeKey: 'ip', listType: 'atomic', doc: 'hostIPs holds the IP addresses allocated to the host.' }),
  podIP: str(6, { doc: 'podIP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.' }),
  podIPs: list(12, ip, { patchStrategy: 'merge', patchMergeKey: 'ip', listType: 'map', listMapKeys: ['ip'], doc: 'podIPs holds the IP addresses allocated to the pod.' }),
  startTime: time(7, { ptr: true, doc: 'RFC 3339 date and time at which the object was acknowledged by the Kubelet.' }),
  initContainerStatuses: statuses(10, 'init containers'),
  containerStatuses: statuses(8, 'containers'),
  qosClass: str(9, { doc: 'The Quality of Service (QOS) classification assigned to the pod: BestEffort, Burstable or Guaranteed.' }),
  ephemeralContainerStatuses: statuses(13, 'ephemeral containers'),
  resize: str(14, { doc: "Status of resources resize desired for pod's containers." }),
  resourceClaimStatuses: list(
    15,
    message({
      name: str(1, { keep: true, doc: 'Uniquely identifies this resource claim inside the pod.' }),
      resourceClaimName: str(2, { ptr: true, doc: 'The name of the ResourceClaim that was generated for the Pod.' }),
    }),
    { patchStrategy: 'merge,retainKeys', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'], doc: 'Status of resource claims.' },
  ),
});
