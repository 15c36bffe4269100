/** apps/v1 replicasets: defaults, validation and the Table; keeping the replica count is the controller's. */
import { replicaSetSchema, replicaSetSpec, replicaSetStatus, type ReplicaSet } from '../../../../lib/api/apps/replicaset.ts';
import { age, ageColumn, column, formatSelector, nameColumn } from '../printing.ts';
import type { KindDescriptor } from '../types.ts';
import { selectorImmutable } from './apps/selector.ts';
import { containerCells, containerColumns } from './apps/template.ts';
import { validateReplicaSetSpec } from './apps/validate.ts';
import { defaultPodTemplate } from './pod/defaults.ts';
import { fieldDoc } from './pod/doc.ts';


const replicasets: KindDescriptor<ReplicaSet> = {
  group: 'apps',
  version: 'v1',
  kind: 'ReplicaSet',
  resource: 'replicasets',
  singular: 'replicaset',
  namespaced: true,
  shortNames: ['rs'],
  categories: ['all'],
  schema: replicaSetSchema,
  openapiName: 'io.k8s.api.apps.v1.ReplicaSet',
  subresources: { status: true, scale: true },
  nameRule: 'subdomain',
  generation: 'spec',

  defaults(rs) {
    const spec = (rs.spec ??= {});
    spec.replicas ??= 1;
    defaultPodTemplate((spec.template ??= {}));
  },

  prepareForCreate(rs) {
    // ReplicaSetStatus.replicas has no omitempty: a fresh status reads `replicas: 0`
    rs.status = { replicas: 0 };
  },

  prepareForUpdate(rs, old) {
    rs.status = old.status ?? { replicas: 0 };
  },

  prepareForStatusUpdate(rs, old) {
    rs.spec = old.spec;
  },

  validate: (rs) => validateReplicaSetSpec(rs.spec),
  validateUpdate: (rs, old) => selectorImmutable(rs.spec?.selector, old.spec?.selector, 'spec.selector'),

  table: {
    columns: [
      nameColumn,
      column('Desired', 'integer', fieldDoc(replicaSetSpec, ['replicas'])),
      column('Current', 'integer', fieldDoc(replicaSetStatus, ['replicas'])),
      column('Ready', 'integer', fieldDoc(replicaSetStatus, ['readyReplicas'])),
      ageColumn,
      ...containerColumns,
      column('Selector', 'string', fieldDoc(replicaSetSpec, ['selector']), 1),
    ],
    cells: (rs, now) => [
      rs.metadata.name ?? '',
      rs.spec?.replicas ?? 0,
      rs.status?.replicas ?? 0,
      rs.status?.readyReplicas ?? 0,
      age(rs.metadata.creationTimestamp, now),
      ...containerCells(rs.spec?.template),
      formatSelector(rs.spec?.selector),
    ],
  },

  fieldSelectors: {
    'status.replicas': (rs) => String(rs.status?.replicas ?? 0),
  },
};

export default replicasets;
