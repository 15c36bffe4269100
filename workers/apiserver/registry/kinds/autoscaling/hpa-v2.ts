/** autoscaling/v2 horizontalpodautoscalers: the stored form (v1 is converted from it: hpa-v1.ts). */
import { hpaV2Schema, type HorizontalPodAutoscaler } from '../../../../../lib/api/hpa.ts';
import type { KindDescriptor } from '../../types.ts';
import { defaultHpa } from './defaults.ts';
import { hpaCells, hpaColumns } from './printer.ts';
import { validateHpaSpec } from './validate.ts';

const hpaV2: KindDescriptor<HorizontalPodAutoscaler> = {
  group: 'autoscaling',
  version: 'v2',
  kind: 'HorizontalPodAutoscaler',
  resource: 'horizontalpodautoscalers',
  singular: 'horizontalpodautoscaler',
  namespaced: true,
  shortNames: ['hpa'],
  categories: ['all'],
  schema: hpaV2Schema,
  openapiName: 'io.k8s.api.autoscaling.v2.HorizontalPodAutoscaler',
  subresources: { status: true },
  nameRule: 'subdomain',
  generation: 'spec',

  defaults: defaultHpa,
  // as Kubernetes' strategy: a new autoscaler has no status, an update keeps it, /status keeps the spec
  prepareForCreate(hpa) {
    hpa.status = { desiredReplicas: 0 };
  },
  prepareForUpdate(hpa, old) {
    hpa.status = old.status ?? { desiredReplicas: 0 };
  },
  prepareForStatusUpdate(hpa, old) {
    hpa.spec = old.spec;
  },
  validate: (hpa) => validateHpaSpec(hpa.spec),

  table: { columns: hpaColumns, cells: hpaCells },
};

export default hpaV2;
