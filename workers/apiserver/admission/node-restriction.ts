/**
 * NodeRestriction's checks that are the pod's to answer: a node writes the status of, and
 * deletes, only the pods bound to it. Run on the object the write starts from (an update's old
 * object, the pod a delete read), as Kubernetes' plugin does, so they cost no read; the rest of
 * NodeRestriction runs before the handler (auth/node-restriction.ts).
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { forbidden } from '../../../lib/errors.ts';
import { nodeIdentity } from '../auth/node-identity.ts';
import { nodePodRefusal } from '../auth/node-restriction.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { AdmissionContext, AdmissionUpdatePlugin } from './index.ts';

const isPods = (desc: KindDescriptor) => desc.group === '' && desc.resource === 'pods';

function check(ctx: AdmissionContext, desc: KindDescriptor, write: 'status' | 'delete', pod: KubeObject): void {
  const node = nodeIdentity(ctx.user);
  if (!node || !isPods(desc)) return; // '' (a node user without a name) was refused before the handler
  const refusal = nodePodRefusal(node, write, pod);
  if (refusal) throw forbidden({ group: desc.group, resource: desc.resource }, pod.metadata.name!, refusal);
}

export const nodeRestrictionOnUpdate: AdmissionUpdatePlugin = (ctx, desc, _obj, old) => {
  if (ctx.subresource === 'status') check(ctx, desc, 'status', old);
};

export function nodeRestrictionOnDelete(ctx: AdmissionContext, desc: KindDescriptor, current: KubeObject): void {
  check(ctx, desc, 'delete', current);
}
