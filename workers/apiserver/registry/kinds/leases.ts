/** coordination.k8s.io/v1 leases (node heartbeats, leader election). No defaults. */
import { lease, type Lease } from '../../../../lib/api/coordination.ts';
import { fieldErr, type FieldError } from '../../../../lib/errors.ts';
import { age, ageColumn, column, nameColumn } from '../printing.ts';
import type { KindDescriptor } from '../types.ts';

function validate(l: Lease): FieldError[] {
  const spec = l.spec ?? {};
  const errs: FieldError[] = [];
  if (spec.leaseDurationSeconds != null && spec.leaseDurationSeconds <= 0)
    errs.push(fieldErr.invalid('spec.leaseDurationSeconds', spec.leaseDurationSeconds, 'must be greater than 0'));
  if (spec.leaseTransitions != null && spec.leaseTransitions < 0)
    errs.push(fieldErr.invalid('spec.leaseTransitions', spec.leaseTransitions, 'must be greater than or equal to 0'));
  if (spec.preferredHolder && !spec.strategy) errs.push(fieldErr.forbidden('spec.preferredHolder', 'may only be specified if `strategy` is defined'));
  return errs;
}

const desc: KindDescriptor<Lease> = {
  group: 'coordination.k8s.io',
  version: 'v1',
  kind: 'Lease',
  resource: 'leases',
  singular: 'lease',
  namespaced: true,
  schema: lease,
  openapiName: 'io.k8s.api.coordination.v1.Lease',
  nameRule: 'subdomain',

  validate,

  table: {
    columns: [nameColumn, column('Holder', 'string', 'holderIdentity contains the identity of the holder of a current lease.'), ageColumn],
    cells: (l, now) => [l.metadata.name, l.spec?.holderIdentity ?? '', age(l.metadata.creationTimestamp, now)],
  },
};

export default desc;
