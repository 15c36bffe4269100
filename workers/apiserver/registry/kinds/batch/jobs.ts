/** batch/v1 jobs: defaults, the generated selector, validation and the Table; running pods to completion is the controller's. */
import { jobSchema, type Job } from '../../../../../lib/api/batch/job.ts';
import type { KindDescriptor } from '../../types.ts';
import { defaultJob } from './defaults.ts';
import { generateSelector } from './selector.ts';
import { jobCells, jobColumns } from './table.ts';
import { validateJob, validateJobUpdate } from './validate-job.ts';

const jobs: KindDescriptor<Job> = {
  group: 'batch',
  version: 'v1',
  kind: 'Job',
  resource: 'jobs',
  singular: 'job',
  namespaced: true,
  categories: ['all'],
  schema: jobSchema,
  openapiName: 'io.k8s.api.batch.v1.Job',
  subresources: { status: true },
  nameRule: 'subdomain',
  generation: 'spec',

  defaults: defaultJob,

  prepareForCreate(job) {
    job.status = {};
    generateSelector(job);
    // Kubernetes defaults the Job's labels from the template on every read, the generated ones included
    const labels = job.spec?.template?.metadata?.labels;
    if (labels && Object.keys(job.metadata.labels ?? {}).length === 0) job.metadata.labels = { ...labels };
  },

  prepareForUpdate(job, old) {
    job.status = old.status ?? {};
  },

  prepareForStatusUpdate(job, old) {
    job.spec = old.spec;
  },

  validate: validateJob,
  validateUpdate: validateJobUpdate,

  table: { columns: jobColumns, cells: jobCells },

  fieldSelectors: {
    'status.successful': (job) => String(job.status?.succeeded ?? 0),
  },
};

export default jobs;
