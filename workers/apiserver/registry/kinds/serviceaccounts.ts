/** core/v1 serviceaccounts. */
import { serviceAccount, type ServiceAccount } from '../../../../lib/api/core/serviceaccount.ts';
import { age, ageColumn, column, nameColumn } from '../printing.ts';
import type { KindDescriptor } from '../types.ts';

const desc: KindDescriptor<ServiceAccount> = {
  group: '',
  version: 'v1',
  kind: 'ServiceAccount',
  resource: 'serviceaccounts',
  singular: 'serviceaccount',
  namespaced: true,
  shortNames: ['sa'],
  schema: serviceAccount,
  openapiName: 'io.k8s.api.core.v1.ServiceAccount',
  nameRule: 'subdomain',
  subresources: { token: true },
  deleteReturnsObject: true,

  table: {
    columns: [nameColumn, column('Secrets', 'string', 'Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use.'), ageColumn],
    cells: (sa, now) => [sa.metadata.name, (sa.secrets ?? []).length, age(sa.metadata.creationTimestamp, now)],
  },
};

export default desc;
