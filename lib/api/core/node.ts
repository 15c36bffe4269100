/** core/v1 Node. */
import * as v from 'valibot';
import { bool, int32, int64, list, message, obj, quantityMap, str, strList, time } from '../../schema/fields.ts';
import { objectEntries, type KubeObject } from '../meta.ts';

export const taint = message({
  key: str(1, { keep: true, doc: 'The taint key to be applied to a node.' }),
  value: str(2, { doc: 'The taint value corresponding to the taint key.' }),
  effect: str(3, { keep: true, doc: 'The effect of the taint on pods that do not tolerate it: NoSchedule, PreferNoSchedule or NoExecute.' }),
  timeAdded: time(4, { ptr: true, doc: 'The time at which the taint was added (NoExecute taints only).' }),
});

const configMapNodeConfigSource = message({
  namespace: str(1, { keep: true, doc: 'Namespace of the referenced ConfigMap.' }),
  name: str(2, { keep: true, doc: 'Name of the referenced ConfigMap.' }),
  uid: str(3, { doc: 'UID of the referenced ConfigMap.' }),
  resourceVersion: str(4, { doc: 'ResourceVersion of the referenced ConfigMap.' }),
  kubeletConfigKey: str(5, { keep: true, doc: 'The key of the referenced ConfigMap holding the KubeletConfiguration.' }),
});

const nodeConfigSource = message({
  configMap: obj(2, configMapNodeConfigSource, { ptr: true, doc: 'A reference to a Node ConfigMap (deprecated dynamic kubelet config).' }),
});

export const nodeSpec = message({
  podCIDR: str(1, { doc: 'The pod IP range assigned to the node.' }),
  podCIDRs: strList(7, { patchStrategy: 'merge', listType: 'set', doc: 'The IP ranges assigned to the node for usage by Pods on that node.' }),
  providerID: str(3, { doc: 'ID of the node assigned by the cloud provider: <ProviderName>://<ProviderSpecificNodeID>.' }),
  unschedulable: bool(4, { doc: 'Controls node schedulability of new pods (default schedulable).' }),
  taints: list(5, taint, { listType: 'atomic', doc: "The node's taints." }),
  configSource: obj(6, nodeConfigSource, { ptr: true, doc: 'Deprecated: previously used for dynamic kubelet configuration.' }),
  externalID: str(2, { doc: 'Deprecated. Not all kubelets will set this field.' }),
});

export const nodeCondition = message({
  type: str(1, { keep: true, doc: 'Type of node condition (Ready, MemoryPressure, DiskPressure, PIDPressure, NetworkUnavailable).' }),
  status: str(2, { keep: true, doc: 'Status of the condition, one of True, False, Unknown.' }),
  lastHeartbeatTime: time(3, { doc: 'Last time we got an update on a given condition.' }),
  lastTransitionTime: time(4, { doc: 'Last time the condition transitioned from one status to another.' }),
  reason: str(5, { doc: "(brief) reason for the condition's last transition." }),
  message: str(6, { doc: 'Human readable message indicating details about last transition.' }),
});

export const nodeAddress = message({
  type: str(1, { keep: true, doc: 'Node address type: Hostname, ExternalIP, InternalIP, ExternalDNS or InternalDNS.' }),
  address: str(2, { keep: true, doc: 'The node address.' }),
});

const nodeSwapStatus = message({ capacity: int64(1, { ptr: true, doc: 'Total amount of swap memory in bytes.' }) });

export const nodeSystemInfo = message({
  machineID: str(1, { keep: true, doc: 'MachineID reported by the node.' }),
  systemUUID: str(2, { keep: true, doc: 'SystemUUID reported by the node.' }),
  bootID: str(3, { keep: true, doc: 'Boot ID reported by the node.' }),
  kernelVersion: str(4, { keep: true, doc: "Kernel Version reported by the node from 'uname -r'." }),
  osImage: str(5, { keep: true, doc: 'OS Image reported by the node from /etc/os-release.' }),
  containerRuntimeVersion: str(6, { keep: true, doc: 'ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.7.0).' }),
  kubeletVersion: str(7, { keep: true, doc: 'Kubelet Version reported by the node.' }),
  kubeProxyVersion: str(8, { keep: true, doc: 'Deprecated: KubeProxy Version reported by the node.' }),
  operatingSystem: str(9, { keep: true, doc: 'The Operating System reported by the node.' }),
  architecture: str(10, { keep: true, doc: 'The Architecture reported by the node.' }),
  swap: obj(11, nodeSwapStatus, { ptr: true, doc: 'Swap Info reported by the node.' }),
});

const containerImage = message({
  names: strList(1, { listType: 'atomic', doc: 'Names by which this image is known.' }),
  sizeBytes: int64(2, { doc: 'The size of the image in bytes.' }),
});

const attachedVolume = message({
  name: str(1, { keep: true, doc: 'Name of the attached volume.' }),
  devicePath: str(2, { keep: true, doc: 'DevicePath represents the device path where the volume should be available.' }),
});

const nodeConfigStatus = message({
  assigned: obj(1, nodeConfigSource, { ptr: true, doc: 'The checkpointed config the node will try to use.' }),
  active: obj(2, nodeConfigSource, { ptr: true, doc: 'The checkpointed config the node is actively using.' }),
  lastKnownGood: obj(3, nodeConfigSource, { ptr: true, doc: 'The checkpointed config the node will fall back to.' }),
  error: str(4, { doc: 'Describes any problems reconciling the Spec.ConfigSource to the Active config.' }),
});

const nodeRuntimeHandler = message({
  name: str(1, { keep: true, doc: 'Runtime handler name; empty for the default runtime handler.' }),
  features: obj(
    2,
    {
      recursiveReadOnlyMounts: bool(1, { ptr: true, doc: 'True if the runtime handler supports RecursiveReadOnlyMounts.' }),
      userNamespaces: bool(2, { ptr: true, doc: 'True if the runtime handler supports UserNamespaces, including for volumes.' }),
    },
    { ptr: true, doc: 'Supported features.' },
  ),
});

export const nodeStatus = message({
  capacity: quantityMap(1, { doc: 'The total resources of a node.' }),
  allocatable: quantityMap(2, { doc: 'The resources of a node that are available for scheduling (defaults to capacity).' }),
  phase: str(3, { doc: 'Deprecated: never populated.' }),
  conditions: list(4, nodeCondition, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'map', listMapKeys: ['type'], doc: 'Current observed node conditions.' }),
  addresses: list(5, nodeAddress, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'map', listMapKeys: ['type'], doc: 'List of addresses reachable to the node.' }),
  daemonEndpoints: obj(6, { kubeletEndpoint: obj(1, { Port: int32(1, { keep: true, doc: 'Port number of the given endpoint.' }) }, { doc: 'Endpoint on which Kubelet is listening.' }) }, { doc: 'Endpoints of daemons running on the Node.' }),
  nodeInfo: obj(7, nodeSystemInfo, { doc: 'Set of ids/uuids to uniquely identify the node.' }),
  images: list(8, containerImage, { listType: 'atomic', doc: 'List of container images on this node.' }),
  volumesInUse: strList(9, { listType: 'atomic', doc: 'List of attachable volumes in use (mounted) by the node.' }),
  volumesAttached: list(10, attachedVolume, { listType: 'atomic', doc: 'List of volumes that are attached to the node.' }),
  config: obj(11, nodeConfigStatus, { ptr: true, doc: 'Status of the config assigned to the node via the dynamic Kubelet config feature.' }),
  runtimeHandlers: list(12, nodeRuntimeHandler, { listType: 'atomic', doc: 'The available runtime handlers.' }),
  features: obj(13, { supplementalGroupsPolicy: bool(1, { ptr: true, doc: 'True if the runtime supports SupplementalGroupsPolicy and ContainerUser.' }) }, { ptr: true, doc: 'Features supported by the CRI implementation.' }),
});

export const node = v.object({
  ...objectEntries,
  spec: obj(2, nodeSpec, { doc: 'Spec defines the behavior of a node.' }),
  status: obj(3, nodeStatus, { doc: 'Most recently observed status of the node.' }),
});

export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
export interface Taint {
  key: string;
  value?: string;
  effect: TaintEffect;
  timeAdded?: string;
}

export interface NodeCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastHeartbeatTime?: string | null;
  lastTransitionTime?: string | null;
  reason?: string;
  message?: string;
}

export interface NodeAddress {
  type: 'Hostname' | 'ExternalIP' | 'InternalIP' | 'ExternalDNS' | 'InternalDNS';
  address: string;
}

export interface NodeSystemInfo {
  machineID: string;
  systemUUID: string;
  bootID: string;
  kernelVersion: string;
  osImage: string;
  containerRuntimeVersion: string;
  kubeletVersion: string;
  kubeProxyVersion: string;
  operatingSystem: string;
  architecture: string;
  swap?: { capacity?: number };
}

export interface NodeSpec {
  podCIDR?: string;
  podCIDRs?: string[];
  providerID?: string;
  unschedulable?: boolean;
  taints?: Taint[];
  externalID?: string;
}

export interface NodeStatus {
  capacity?: Record<string, string>;
  allocatable?: Record<string, string>;
  phase?: string;
  conditions?: NodeCondition[];
  addresses?: NodeAddress[];
  daemonEndpoints?: { kubeletEndpoint?: { Port: number } };
  nodeInfo?: NodeSystemInfo;
  images?: { names?: string[]; sizeBytes?: number }[];
  volumesInUse?: string[];
  volumesAttached?: { name: string; devicePath: string }[];
  runtimeHandlers?: { name: string; features?: { recursiveReadOnlyMounts?: boolean; userNamespaces?: boolean } }[];
  features?: { supplementalGroupsPolicy?: boolean };
}

export interface Node extends KubeObject {
  spec?: NodeSpec;
  status?: NodeStatus;
}
