/** coordination.k8s.io/v1 Lease (node heartbeats in kube-node-lease, leader election). */
import * as v from 'valibot';
import { int32, obj, str, time } from '../schema/fields.ts';
import { objectEntries, type KubeObject } from './meta.ts';

export const lease = v.object({
  ...objectEntries,
  spec: obj(
    2,
    {
      holderIdentity: str(1, { ptr: true, doc: 'The identity of the holder of a current lease.' }),
      leaseDurationSeconds: int32(2, { ptr: true, doc: 'How long candidates wait, after the last observed renewTime, before they may force acquire the lease.' }),
      acquireTime: time(3, { ptr: true, doc: 'When the current lease was acquired (MicroTime).' }),
      renewTime: time(4, { ptr: true, doc: 'When the current holder last updated the lease (MicroTime).' }),
      leaseTransitions: int32(5, { ptr: true, doc: 'The number of transitions of a lease between holders.' }),
      strategy: str(6, { ptr: true, doc: 'The strategy for picking the leader for coordinated leader election.' }),
      preferredHolder: str(7, { ptr: true, doc: 'Signals to a lease holder that the lease has a more optimal holder.' }),
    },
    { doc: 'Specification of the Lease.' },
  ),
});

export interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  acquireTime?: string;
  renewTime?: string;
  leaseTransitions?: number;
  strategy?: string;
  preferredHolder?: string;
}

export interface Lease extends KubeObject {
  spec?: LeaseSpec;
}
