/** autoscaling/v1 horizontalpodautoscalers: CPU utilization only, stored as v2 (convert.ts). */
import { hpaV1Schema, type HorizontalPodAutoscaler, type HorizontalPodAutoscalerV1 } from '../../../../../lib/api/hpa.ts';
import type { KindDescriptor } from '../../types.ts';
import { fromV1, toV1 } from './convert.ts';
import { defaultHpa } from './defaults.ts';
import hpaV2 from './hpa-v2.ts';
import { hpaCells, hpaColumns } from './printer.ts';
import { validateHpaSpec } from './validate.ts';

const asV2 = (hpa: HorizontalPodAutoscalerV1) => {
  const v2 = fromV1(hpa);
  defaultHpa(v2);
  return v2;
};

const hpaV1: KindDescriptor<HorizontalPodAutoscalerV1> = {
  group: 'autoscaling',
  version: 'v1',
  kind: 'HorizontalPodAutoscaler',
  resource: 'horizontalpodautoscalers',
  singular: 'horizontalpodautoscaler',
  namespaced: true,
  shortNames: ['hpa'],
  categories: ['all'],
  schema: hpaV1Schema,
  openapiName: 'io.k8s.api.autoscaling.v1.HorizontalPodAutoscaler',
  subresources: { status: true },
  nameRule: 'subdomain',
  generation: 'spec',
  storedAs: { kind: hpaV2 as unknown as KindDescriptor, toStorage: (o) => asV2(o as HorizontalPodAutoscalerV1), fromStorage: (o) => toV1(o as HorizontalPodAutoscaler) },

  defaults(hpa) {
    const spec = (hpa.spec ??= {});
    spec.minReplicas ??= 1;
  },
  prepareForCreate(hpa) {
    hpa.status = { currentReplicas: 0, desiredReplicas: 0 };
  },
  prepareForUpdate(hpa, old) {
    hpa.status = old.status ?? { currentReplicas: 0, desiredReplicas: 0 };
  },
  prepareForStatusUpdate(hpa, old) {
    hpa.spec = old.spec;
  },
  validate: (hpa) => validateHpaSpec(asV2(hpa).spec),

  table: { columns: hpaColumns, cells: (hpa, now) => hpaCells(asV2(hpa), now) },
};

export default hpaV1;
