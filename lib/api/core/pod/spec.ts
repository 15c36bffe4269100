/** core/v1 PodSpec and PodTemplateSpec: what a pod runs and where. */
import { bool, int32, int64, list, message, obj, quantityMap, str, strMap, type FieldMeta } from '../../../schema/fields.ts';
import { objectMeta } from '../../meta.ts';
import { container, ephemeralContainer, resourceRequirements } from './container.ts';
import { localObjectReference } from './refs.ts';
import {
  affinity,
  hostAlias,
  podDNSConfig,
  podOS,
  podReadinessGate,
  podResourceClaim,
  podSchedulingGate,
  toleration,
  topologySpreadConstraint,
} from './scheduling.ts';
import { podSecurityContext } from './security.ts';
import { volume } from './volume.ts';

const byName: FieldMeta = { patchStrategy: 'merge', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'] };

export const podSpec = message({
  volumes: list(1, volume, { ...byName, patchStrategy: 'merge,retainKeys', doc: 'List of volumes that can be mounted by containers belonging to the pod.' }),
  initContainers: list(20, container, { ...byName, doc: 'List of initialization containers, run in order before the containers start.' }),
  containers: list(2, container, { ...byName, keep: true, doc: 'List of containers belonging to the pod.' }),
  ephemeralContainers: list(34, ephemeralContainer, { ...byName, doc: 'Ephemeral containers run in this pod, added through the ephemeralcontainers subresource.' }),
  restartPolicy: str(3, { doc: 'Restart policy for all containers within the pod: Always, OnFailure or Never. Defaults to Always.' }),
  terminationGracePeriodSeconds: int64(4, { ptr: true, doc: 'Duration in seconds the pod needs to terminate gracefully. Defaults to 30 seconds.' }),
  activeDeadlineSeconds: int64(5, { ptr: true, doc: 'Duration in seconds the pod may be active on the node before it is marked failed.' }),
  dnsPolicy: str(6, { doc: 'DNS policy for the pod: ClusterFirstWithHostNet, ClusterFirst, Default or None. Defaults to ClusterFirst.' }),
  nodeSelector: strMap(7, { mapType: 'atomic', doc: "Labels a node must have for the pod to be scheduled on it." }),
  serviceAccountName: str(8, { doc: 'Name of the ServiceAccount to use to run this pod.' }),
  serviceAccount: str(9, { doc: 'Deprecated alias for serviceAccountName.' }),
  automountServiceAccountToken: bool(21, { ptr: true, doc: 'Whether a service account token should be automatically mounted.' }),
  nodeName: str(10, {
    doc: 'NodeName indicates in which node this pod is scheduled. If empty, this pod is a candidate for scheduling by the scheduler defined in schedulerName. Once this field is set, the kubelet for this node becomes responsible for the lifecycle of this pod. This field should not be used to express a desire for the pod to be scheduled on a specific node. https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#nodename',
  }),
  hostNetwork: bool(11, { doc: "Host networking requested for this pod: use the host's network namespace." }),
  hostPID: bool(12, { doc: "Use the host's pid namespace. Optional: Default to false." }),
  hostIPC: bool(13, { doc: "Use the host's ipc namespace. Optional: Default to false." }),
  shareProcessNamespace: bool(27, { ptr: true, doc: 'Share a single process namespace between all of the containers in a pod.' }),
  securityContext: obj(14, podSecurityContext, { ptr: true, doc: 'Pod-level security attributes and common container settings.' }),
  imagePullSecrets: list(15, localObjectReference, { ...byName, doc: 'References to secrets in the same namespace to use for pulling any of the images.' }),
  hostname: str(16, { doc: "The hostname of the Pod; defaults to the pod's name." }),
  subdomain: str(17, { doc: 'The pod\'s FQDN is "<hostname>.<subdomain>.<pod namespace>.svc.<cluster domain>".' }),
  affinity: obj(18, affinity, { ptr: true, doc: "The pod's scheduling constraints." }),
  schedulerName: str(19, { doc: 'The pod will be dispatched by the specified scheduler. Defaults to default-scheduler.' }),
  tolerations: list(22, toleration, { listType: 'atomic', doc: "The pod's tolerations." }),
  hostAliases: list(23, hostAlias, {
    patchStrategy: 'merge',
    patchMergeKey: 'ip',
    listType: 'map',
    listMapKeys: ['ip'],
    doc: "Hosts and IPs injected into the pod's hosts file.",
  }),
  priorityClassName: str(24, { doc: "Indicates the pod's priority class." }),
  priority: int32(25, { ptr: true, doc: 'The priority value, populated from priorityClassName by the Priority admission controller.' }),
  dnsConfig: obj(26, podDNSConfig, { ptr: true, doc: 'DNS parameters of a pod, in addition to those generated from DNSPolicy.' }),
  readinessGates: list(28, podReadinessGate, {
    listType: 'atomic',
    doc: 'If specified, all readiness gates will be evaluated for pod readiness. A pod is ready when all its containers are ready AND all conditions specified in the readiness gates have status equal to "True" More info: https://git.k8s.io/enhancements/keps/sig-network/580-pod-readiness-gates',
  }),
  runtimeClassName: str(29, { ptr: true, doc: 'RuntimeClass object which should be used to run this pod.' }),
  enableServiceLinks: bool(30, { ptr: true, doc: "Whether information about services is injected into the pod's environment variables. Defaults to true." }),
  preemptionPolicy: str(31, { ptr: true, doc: 'Policy for preempting pods with lower priority: Never or PreemptLowerPriority.' }),
  overhead: quantityMap(32, { doc: 'The resource overhead associated with running a pod for a given RuntimeClass.' }),
  topologySpreadConstraints: list(33, topologySpreadConstraint, {
    patchStrategy: 'merge',
    patchMergeKey: 'topologyKey',
    listType: 'map',
    listMapKeys: ['topologyKey', 'whenUnsatisfiable'],
    doc: 'How a group of pods ought to spread across topology domains.',
  }),
  setHostnameAsFQDN: bool(35, { ptr: true, doc: "The pod's hostname is configured as the pod's FQDN." }),
  os: obj(36, podOS, { ptr: true, doc: 'The OS of the containers in the pod.' }),
  hostUsers: bool(37, { ptr: true, doc: "Use the host's user namespace. Optional: Default to true." }),
  schedulingGates: list(38, podSchedulingGate, { ...byName, doc: 'Values that, while present, block scheduling the pod.' }),
  resourceClaims: list(39, podResourceClaim, { ...byName, patchStrategy: 'merge,retainKeys', doc: 'ResourceClaims that must be allocated and reserved before the Pod is allowed to start.' }),
  resources: obj(40, resourceRequirements, { ptr: true, doc: 'Total CPU and memory resources required by all containers in the pod.' }),
});

export const podTemplateSpec = message({
  metadata: obj(1, objectMeta, { doc: "Standard object's metadata." }),
  spec: obj(2, podSpec, { doc: 'Specification of the desired behavior of the pod.' }),
});
