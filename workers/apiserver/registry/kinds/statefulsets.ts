/** apps/v1 statefulsets: defaults, validation and the Table; the pods, claims and revisions are the controller's. */
import { statefulSetSchema, type StatefulSet } from '../../../../lib/api/apps/statefulset.ts';
import { age, ageColumn, column, nameColumn } from '../printing.ts';
import type { KindDescriptor } from '../types.ts';
import { validateStatefulSetSpec, validateStatefulSetUpdate } from './apps/statefulset-validate.ts';
import { containerCells, containerColumns } from './apps/template.ts';
import { defaultPodTemplate } from './pod/defaults.ts';

/** StatefulSetStatus' fields without omitempty: a fresh status reads them as 0. */
const emptyStatus = () => ({ replicas: 0, availableReplicas: 0 });

const statefulsets: KindDescriptor<StatefulSet> = {
  group: 'apps',
  version: 'v1',
  kind: 'StatefulSet',
  resource: 'statefulsets',
  singular: 'statefulset',
  namespaced: true,
  shortNames: ['sts'],
  categories: ['all'],
  schema: statefulSetSchema,
  openapiName: 'io.k8s.api.apps.v1.StatefulSet',
  subresources: { status: true, scale: true },
  nameRule: 'subdomain',
  generation: 'spec',

  defaults(s) {
    const spec = (s.spec ??= {});
    spec.podManagementPolicy ||= 'OrderedReady';
    const strategy = (spec.updateStrategy ??= {});
    if (!strategy.type) {
      strategy.type = 'RollingUpdate';
      strategy.rollingUpdate ??= {};
    }
    if (strategy.type === 'RollingUpdate' && strategy.rollingUpdate) strategy.rollingUpdate.partition ??= 0;
    const retention = (spec.persistentVolumeClaimRetentionPolicy ??= {});
    retention.whenDeleted ||= 'Retain';
    retention.whenScaled ||= 'Retain';
    spec.replicas ??= 1;
    spec.revisionHistoryLimit ??= 10;
    defaultPodTemplate((spec.template ??= {}));
    // each claim template is defaulted as a PersistentVolumeClaim is
    for (const claim of spec.volumeClaimTemplates ?? []) {
      const cs = (claim.spec ??= {});
      cs.volumeMode ??= 'Filesystem';
      const st = (claim.status ??= {});
      st.phase ||= 'Pending';
    }
  },

  prepareForCreate(s) {
    s.status = emptyStatus();
  },

  prepareForUpdate(s, old) {
    s.status = old.status ?? emptyStatus();
  },

  prepareForStatusUpdate(s, old) {
    s.spec = old.spec;
  },

  validate: (s) => validateStatefulSetSpec(s.spec),
  validateUpdate: (s, old) => validateStatefulSetUpdate(s, old),

  table: {
    columns: [nameColumn, column('Ready', 'string', 'Number of the pod with ready state'), ageColumn, ...containerColumns],
    cells: (s, now) => [s.metadata.name ?? '', `${s.status?.readyReplicas ?? 0}/${s.spec?.replicas ?? 0}`, age(s.metadata.creationTimestamp, now), ...containerCells(s.spec?.template)],
  },
};

export default statefulsets;
