/** apps/v1 deployments: defaults, validation and the Table; the rollout itself is the controller's. */
import { deploymentSchema, deploymentSpec, deploymentStatus, type Deployment } from '../../../../lib/api/apps/deployment.ts';
import { age, ageColumn, column, nameColumn, selectorString } from '../printing.ts';
import type { KindDescriptor } from '../types.ts';
import { selectorImmutable } from './apps/selector.ts';
import { containerCells, containerColumns } from './apps/template.ts';
import { validateDeploymentSpec } from './apps/validate.ts';
import { defaultPodTemplate } from './pod/defaults.ts';
import { fieldDoc } from './pod/doc.ts';


const deployments: KindDescriptor<Deployment> = {
  group: 'apps',
  version: 'v1',
  kind: 'Deployment',
  resource: 'deployments',
  singular: 'deployment',
  namespaced: true,
  shortNames: ['deploy'],
  categories: ['all'],
  schema: deploymentSchema,
  openapiName: 'io.k8s.api.apps.v1.Deployment',
  subresources: { status: true, scale: true },
  nameRule: 'subdomain',
  generation: 'spec+annotations',

  defaults(d) {
    const spec = (d.spec ??= {});
    spec.replicas ??= 1;
    const strategy = (spec.strategy ??= {});
    strategy.type ||= 'RollingUpdate';
    if (strategy.type === 'RollingUpdate') {
      const ru = (strategy.rollingUpdate ??= {});
      ru.maxUnavailable ??= '25%';
      ru.maxSurge ??= '25%';
    }
    spec.revisionHistoryLimit ??= 10;
    spec.progressDeadlineSeconds ??= 600;
    defaultPodTemplate((spec.template ??= {}));
  },

  prepareForCreate(d) {
    d.status = {};
  },

  prepareForUpdate(d, old) {
    d.status = old.status ?? {};
  },

  prepareForStatusUpdate(d, old) {
    d.spec = old.spec;
    if (old.metadata.labels === undefined) delete d.metadata.labels;
    else d.metadata.labels = old.metadata.labels;
  },

  validate: (d) => validateDeploymentSpec(d.spec),
  validateUpdate: (d, old) => selectorImmutable(d.spec?.selector, old.spec?.selector, 'spec.selector'),

  table: {
    columns: [
      nameColumn,
      column('Ready', 'string', 'Number of the pod with ready state'),
      column('Up-to-date', 'string', fieldDoc(deploymentStatus, ['updatedReplicas'])),
      column('Available', 'string', fieldDoc(deploymentStatus, ['availableReplicas'])),
      ageColumn,
      ...containerColumns,
      column('Selector', 'string', fieldDoc(deploymentSpec, ['selector']), 1),
    ],
    cells: (d, now) => [
      d.metadata.name ?? '',
      `${d.status?.readyReplicas ?? 0}/${d.spec?.replicas ?? 0}`,
      d.status?.updatedReplicas ?? 0,
      d.status?.availableReplicas ?? 0,
      age(d.metadata.creationTimestamp, now),
      ...containerCells(d.spec?.template),
      selectorString(d.spec?.selector) ?? '<invalid>',
    ],
  },
};

export default deployments;
