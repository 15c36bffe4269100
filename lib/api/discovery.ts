/** discovery.k8s.io/v1 EndpointSlice. */
import * as v from 'valibot';
import { bool, int32, list, message, obj, str, strList, strMap } from '../schema/fields.ts';
import { objectEntries, type KubeObject } from './meta.ts';
import { objectReference, type ObjectReference } from './core/refs.ts';

export const endpointConditions = message({
  ready: bool(1, { ptr: true, doc: 'The endpoint is prepared to receive traffic; nil means unknown (treat as ready).' }),
  serving: bool(2, { ptr: true, doc: 'Like ready, but set regardless of the terminating state of the endpoint.' }),
  terminating: bool(3, { ptr: true, doc: 'The endpoint is terminating; nil means not terminating.' }),
});

export const endpoint = message({
  addresses: strList(1, { keep: true, listType: 'set', doc: 'Addresses of this endpoint, interpreted according to the slice addressType (1 to 100).' }),
  conditions: obj(2, endpointConditions, { doc: 'The current status of the endpoint.' }),
  hostname: str(3, { ptr: true, doc: 'Hostname of this endpoint (a DNS label).' }),
  targetRef: obj(4, objectReference, { ptr: true, doc: 'A reference to a Kubernetes object that represents this endpoint.' }),
  deprecatedTopology: strMap(5, { doc: 'Deprecated topology information from v1beta1; ignored on write.' }),
  nodeName: str(6, { ptr: true, doc: 'The name of the Node hosting this endpoint.' }),
  zone: str(7, { ptr: true, doc: 'The name of the Zone this endpoint exists in.' }),
  hints: obj(
    8,
    { forZones: list(1, message({ name: str(1, { keep: true, doc: 'The name of the zone.' }) }), { listType: 'atomic', doc: 'The zone(s) this endpoint should be consumed by.' }) },
    { ptr: true, doc: 'Information associated with how an endpoint should be consumed.' },
  ),
});

export const endpointPort = message(
  {
    name: str(1, { ptr: true, doc: 'The name of this port (empty or a DNS label); unique within the slice.' }),
    protocol: str(2, { ptr: true, doc: 'The IP protocol for this port: TCP, UDP or SCTP (default TCP).' }),
    port: int32(3, { ptr: true, doc: 'The port number of the endpoint; nil means all ports.' }),
    appProtocol: str(4, { ptr: true, doc: 'The application protocol for this port.' }),
  },
  { structType: 'atomic' },
);

export const endpointSlice = v.object({
  ...objectEntries,
  addressType: str(4, { keep: true, doc: 'The type of address carried by this EndpointSlice: IPv4, IPv6 or FQDN (immutable).' }),
  endpoints: list(2, endpoint, { keep: true, listType: 'atomic', doc: 'A list of unique endpoints in this slice (at most 1000).' }),
  ports: list(3, endpointPort, { keep: true, listType: 'atomic', doc: 'The network ports exposed by each endpoint in this slice (at most 100).' }),
});

export interface EndpointConditions {
  ready?: boolean;
  serving?: boolean;
  terminating?: boolean;
}
export interface Endpoint {
  addresses: string[];
  conditions?: EndpointConditions;
  hostname?: string;
  targetRef?: ObjectReference;
  nodeName?: string;
  zone?: string;
  hints?: { forZones?: { name: string }[] };
}
export interface EndpointPort {
  name?: string;
  protocol?: string;
  port?: number;
  appProtocol?: string;
}
export interface EndpointSlice extends KubeObject {
  addressType: 'IPv4' | 'IPv6' | 'FQDN';
  endpoints: Endpoint[] | null;
  ports?: EndpointPort[] | null;
}
