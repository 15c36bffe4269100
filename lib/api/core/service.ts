/** core/v1 Service. */
import * as v from 'valibot';
import { bool, int32, intOrString, list, message, obj, str, strList, strMap } from '../../schema/fields.ts';
import { condition, objectEntries, type KubeObject } from '../meta.ts';

export const servicePort = message({
  name: str(1, { doc: 'The name of this port within the service (a DNS_LABEL); required when there are several ports.' }),
  protocol: str(2, { doc: 'The IP protocol for this port: TCP, UDP or SCTP (default TCP).' }),
  appProtocol: str(6, { ptr: true, doc: 'The application protocol for this port (a hint for implementations).' }),
  port: int32(3, { keep: true, doc: 'The port that will be exposed by this service.' }),
  targetPort: intOrString(4, { doc: 'Number or name of the port to access on the pods targeted by the service (default: port).' }),
  nodePort: int32(5, { doc: 'The port on each node on which this service is exposed when type is NodePort or LoadBalancer.' }),
});

export const sessionAffinityConfig = message({
  clientIP: obj(1, { timeoutSeconds: int32(1, { ptr: true, doc: 'Seconds of ClientIP session stickiness (default 10800).' }) }, { ptr: true, doc: 'Configuration of Client IP based session affinity.' }),
});

export const serviceSpec = message({
  ports: list(1, servicePort, { patchStrategy: 'merge', patchMergeKey: 'port', listType: 'map', listMapKeys: ['port', 'protocol'], doc: 'The list of ports that are exposed by this service.' }),
  selector: strMap(2, { mapType: 'atomic', doc: 'Route service traffic to pods with label keys and values matching this selector.' }),
  clusterIP: str(3, { doc: 'The IP address of the service, usually assigned randomly; "None" makes a headless service.' }),
  clusterIPs: strList(18, { listType: 'atomic', doc: 'IP addresses assigned to this service, usually assigned randomly.' }),
  type: str(4, { doc: 'How the Service is exposed: ClusterIP, NodePort, LoadBalancer or ExternalName (default ClusterIP).' }),
  externalIPs: strList(5, { listType: 'atomic', doc: 'IP addresses for which nodes in the cluster will also accept traffic for this service.' }),
  sessionAffinity: str(7, { doc: 'ClientIP or None (default None).' }),
  loadBalancerIP: str(8, { doc: 'Deprecated: only applies to type LoadBalancer.' }),
  loadBalancerSourceRanges: strList(9, { listType: 'atomic', doc: 'Client IP ranges allowed by the platform load balancer.' }),
  externalName: str(10, { doc: 'The external reference that discovery mechanisms will return as an alias (type ExternalName).' }),
  externalTrafficPolicy: str(11, { doc: 'How nodes distribute service traffic received on external addresses: Cluster or Local.' }),
  healthCheckNodePort: int32(12, { doc: 'The healthcheck nodePort for the service (LoadBalancer with Local traffic policy).' }),
  publishNotReadyAddresses: bool(13, { doc: 'Whether endpoints should be published regardless of readiness.' }),
  sessionAffinityConfig: obj(14, sessionAffinityConfig, { ptr: true, doc: 'The configurations of session affinity.' }),
  ipFamilyPolicy: str(17, { ptr: true, doc: 'SingleStack, PreferDualStack or RequireDualStack.' }),
  ipFamilies: strList(19, { listType: 'atomic', doc: 'The IP families (IPv4, IPv6) assigned to this service.' }),
  allocateLoadBalancerNodePorts: bool(20, { ptr: true, doc: 'Whether NodePorts are allocated for services of type LoadBalancer (default true).' }),
  loadBalancerClass: str(21, { ptr: true, doc: 'The class of the load balancer implementation this Service belongs to.' }),
  internalTrafficPolicy: str(22, { ptr: true, doc: 'How nodes distribute service traffic received on the ClusterIP: Cluster or Local.' }),
  trafficDistribution: str(23, { ptr: true, doc: 'How traffic is distributed to Service endpoints (e.g. PreferClose).' }),
});

export const portStatus = message({
  port: int32(1, { keep: true, doc: 'The port number of the service port of which status is recorded here.' }),
  protocol: str(2, { keep: true, doc: 'The protocol of the service port of which status is recorded here.' }),
  error: str(3, { ptr: true, doc: 'The problem with the service port, if any (CamelCase reason).' }),
});

export const loadBalancerIngress = message({
  ip: str(1, { doc: 'Set for load-balancer ingress points that are IP based.' }),
  hostname: str(2, { doc: 'Set for load-balancer ingress points that are DNS based.' }),
  ipMode: str(3, { ptr: true, doc: 'How the load-balancer IP behaves: VIP or Proxy.' }),
  ports: list(4, portStatus, { listType: 'atomic', doc: 'Records of the service ports.' }),
});

export const serviceStatus = message({
  loadBalancer: obj(1, { ingress: list(1, loadBalancerIngress, { listType: 'atomic', doc: 'Ingress points for the load-balancer.' }) }, { doc: 'The current status of the load-balancer, if one is present.' }),
  conditions: list(2, condition, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'map', listMapKeys: ['type'], doc: 'Current service state.' }),
});

export const service = v.object({
  ...objectEntries,
  spec: obj(2, serviceSpec, { doc: 'Spec defines the behavior of a service.' }),
  status: obj(3, serviceStatus, { doc: 'Most recently observed status of the service.' }),
});

export type Protocol = 'TCP' | 'UDP' | 'SCTP';
export type ServiceType = 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName';

export interface ServicePort {
  name?: string;
  protocol?: Protocol;
  appProtocol?: string;
  port: number;
  targetPort?: number | string;
  nodePort?: number;
}

export interface ServiceSpec {
  ports?: ServicePort[];
  selector?: Record<string, string>;
  clusterIP?: string;
  clusterIPs?: string[];
  type?: ServiceType;
  externalIPs?: string[];
  sessionAffinity?: 'None' | 'ClientIP';
  loadBalancerIP?: string;
  loadBalancerSourceRanges?: string[];
  externalName?: string;
  externalTrafficPolicy?: 'Cluster' | 'Local';
  healthCheckNodePort?: number;
  publishNotReadyAddresses?: boolean;
  sessionAffinityConfig?: { clientIP?: { timeoutSeconds?: number } };
  ipFamilyPolicy?: 'SingleStack' | 'PreferDualStack' | 'RequireDualStack';
  ipFamilies?: ('IPv4' | 'IPv6')[];
  allocateLoadBalancerNodePorts?: boolean;
  loadBalancerClass?: string;
  internalTrafficPolicy?: 'Cluster' | 'Local';
  trafficDistribution?: string;
}

export interface LoadBalancerIngress {
  ip?: string;
  hostname?: string;
  ipMode?: string;
  ports?: { port: number; protocol: string; error?: string }[];
}

export interface Service extends KubeObject {
  spec?: ServiceSpec;
  status?: {
    loadBalancer?: { ingress?: LoadBalancerIngress[] };
    conditions?: { type: string; status: string; observedGeneration?: number; lastTransitionTime: string; reason: string; message: string }[];
  };
}
