/** batch/v1 cronjobs: defaults, validation and the Table; making Jobs on schedule is the controller's. */
import { cronJobSchema, type CronJob } from '../../../../../lib/api/batch/cronjob.ts';
import type { KindDescriptor } from '../../types.ts';
import { defaultCronJob } from './defaults.ts';
import { cronJobCells, cronJobColumns } from './table.ts';
import { validateCronJobCreate, validateCronJobSpec } from './validate-cronjob.ts';

const cronjobs: KindDescriptor<CronJob> = {
  group: 'batch',
  version: 'v1',
  kind: 'CronJob',
  resource: 'cronjobs',
  singular: 'cronjob',
  namespaced: true,
  shortNames: ['cj'],
  categories: ['all'],
  schema: cronJobSchema,
  openapiName: 'io.k8s.api.batch.v1.CronJob',
  subresources: { status: true },
  nameRule: 'subdomain',
  generation: 'spec',

  defaults: defaultCronJob,

  prepareForCreate(cj) {
    cj.status = {};
  },

  prepareForUpdate(cj, old) {
    cj.status = old.status ?? {};
  },

  prepareForStatusUpdate(cj, old) {
    cj.spec = old.spec;
  },

  validateCreate: validateCronJobCreate,
  validateUpdate: (cj, old) => validateCronJobSpec(cj.spec, old.spec),

  table: { columns: cronJobColumns, cells: cronJobCells },
};

export default cronjobs;
