/** apps/v1 daemonsets: defaults, validation and the Table; placing pods on nodes is the controller's. */
import { daemonSetSchema, daemonSetSpec, daemonSetStatus, type DaemonSet } from '../../../../lib/api/apps/daemonset.ts';
import { podSpec } from '../../../../lib/api/core/pod/spec.ts';
import { age, ageColumn, column, formatLabels, formatSelector, nameColumn } from '../printing.ts';
import type { KindDescriptor } from '../types.ts';
import { canonicalJson } from '../../../../lib/json/canonical.ts';
import { daemonSetStatusFields } from './apps/daemonset-status.ts';
import { validateDaemonSetSpec } from './apps/daemonset-validate.ts';
import { selectorImmutable } from './apps/selector.ts';
import { containerCells, containerColumns } from './apps/template.ts';
import { defaultPodTemplate } from './pod/defaults.ts';
import { fieldDoc } from './pod/doc.ts';

/**
 * apps/v1 keeps the internal spec.templateGeneration in this annotation (what the pods'
 * pod-template-generation label says).
 */
const TEMPLATE_GENERATION = 'deprecated.daemonset.template.generation';

function templateGeneration(d: DaemonSet): number {
  const v = d.metadata.annotations?.[TEMPLATE_GENERATION];
  return v && /^\d+$/.test(v) ? Number(v) : 0;
}

function setTemplateGeneration(d: DaemonSet, g: number): void {
  d.metadata.annotations = { ...d.metadata.annotations, [TEMPLATE_GENERATION]: String(g) };
}

const daemonsets: KindDescriptor<DaemonSet> = {
  group: 'apps',
  version: 'v1',
  kind: 'DaemonSet',
  resource: 'daemonsets',
  singular: 'daemonset',
  namespaced: true,
  shortNames: ['ds'],
  categories: ['all'],
  schema: daemonSetSchema,
  openapiName: 'io.k8s.api.apps.v1.DaemonSet',
  subresources: { status: true },
  nameRule: 'subdomain',
  generation: 'spec',

  defaults(d) {
    const spec = (d.spec ??= {});
    const strategy = (spec.updateStrategy ??= {});
    strategy.type ||= 'RollingUpdate';
    if (strategy.type === 'RollingUpdate') {
      const ru = (strategy.rollingUpdate ??= {});
      ru.maxUnavailable ??= 1;
      ru.maxSurge ??= 0;
    }
    spec.revisionHistoryLimit ??= 10;
    defaultPodTemplate((spec.template ??= {}));
  },

  prepareForCreate(d) {
    d.status = daemonSetStatusFields();
    setTemplateGeneration(d, Math.max(1, templateGeneration(d)));
  },

  prepareForUpdate(d, old) {
    d.status = old.status ?? daemonSetStatusFields();
    // the template generation is the server's: one more on each template change
    const changed = canonicalJson(d.spec?.template) !== canonicalJson(old.spec?.template);
    setTemplateGeneration(d, templateGeneration(old) + (changed ? 1 : 0));
  },

  prepareForStatusUpdate(d, old) {
    d.spec = old.spec;
    setTemplateGeneration(d, templateGeneration(old));
  },

  validate: (d) => validateDaemonSetSpec(d.spec),
  validateUpdate: (d, old) => selectorImmutable(d.spec?.selector, old.spec?.selector, 'spec.selector'),

  table: {
    columns: [
      nameColumn,
      column('Desired', 'integer', fieldDoc(daemonSetStatus, ['desiredNumberScheduled'])),
      column('Current', 'integer', fieldDoc(daemonSetStatus, ['currentNumberScheduled'])),
      column('Ready', 'integer', fieldDoc(daemonSetStatus, ['numberReady'])),
      column('Up-to-date', 'integer', fieldDoc(daemonSetStatus, ['updatedNumberScheduled'])),
      column('Available', 'integer', fieldDoc(daemonSetStatus, ['numberAvailable'])),
      column('Node Selector', 'string', fieldDoc(podSpec, ['nodeSelector'])),
      ageColumn,
      ...containerColumns,
      column('Selector', 'string', fieldDoc(daemonSetSpec, ['selector']), 1),
    ],
    cells: (d, now) => [
      d.metadata.name ?? '',
      d.status?.desiredNumberScheduled ?? 0,
      d.status?.currentNumberScheduled ?? 0,
      d.status?.numberReady ?? 0,
      d.status?.updatedNumberScheduled ?? 0,
      d.status?.numberAvailable ?? 0,
      formatLabels(d.spec?.template?.spec?.nodeSelector),
      age(d.metadata.creationTimestamp, now),
      ...containerCells(d.spec?.template),
      formatSelector(d.spec?.selector),
    ],
  },
};

export default daemonsets;
