/** core/v1 Endpoints (the legacy view of a Service's backends; EndpointSlice is the current one). */
import * as v from 'valibot';
import { int32, list, message, obj, str } from '../../schema/fields.ts';
import { objectEntries, type KubeObject } from '../meta.ts';
import { objectReference, type ObjectReference } from './refs.ts';

export const endpointAddress = message(
  {
    ip: str(1, { keep: true, doc: 'The IP of this endpoint.' }),
    hostname: str(3, { doc: 'The Hostname of this endpoint.' }),
    nodeName: str(4, { ptr: true, doc: 'Node hosting this endpoint.' }),
    targetRef: obj(2, objectReference, { ptr: true, doc: 'Reference to object providing the endpoint.' }),
  },
  { structType: 'atomic' },
);

export const coreEndpointPort = message(
  {
    name: str(1, { doc: "The name of this port; must match the 'name' field of the corresponding ServicePort." }),
    port: int32(2, { keep: true, doc: 'The port number of the endpoint.' }),
    protocol: str(3, { doc: 'The IP protocol for this port: TCP, UDP or SCTP (default TCP).' }),
    appProtocol: str(4, { ptr: true, doc: 'The application protocol for this port.' }),
  },
  { structType: 'atomic' },
);

export const endpointSubset = message({
  addresses: list(1, endpointAddress, { listType: 'atomic', doc: 'IP addresses which offer the related ports that are marked as ready.' }),
  notReadyAddresses: list(2, endpointAddress, { listType: 'atomic', doc: 'IP addresses which offer the related ports but are not currently marked as ready.' }),
  ports: list(3, coreEndpointPort, { listType: 'atomic', doc: 'Port numbers available on the related IP addresses.' }),
});

export const endpoints = v.object({
  ...objectEntries,
  subsets: list(2, endpointSubset, { listType: 'atomic', doc: 'The set of all endpoints is the union of all subsets.' }),
});

export interface EndpointAddress {
  ip: string;
  hostname?: string;
  nodeName?: string;
  targetRef?: ObjectReference;
}
export interface CoreEndpointPort {
  name?: string;
  port: number;
  protocol?: string;
  appProtocol?: string;
}
export interface EndpointSubset {
  addresses?: EndpointAddress[];
  notReadyAddresses?: EndpointAddress[];
  ports?: CoreEndpointPort[];
}
export interface Endpoints extends KubeObject {
  subsets?: EndpointSubset[];
}
