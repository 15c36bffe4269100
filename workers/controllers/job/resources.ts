/** Where the batch kinds live in the API, for the Job and CronJob controllers. */
import type { Resource } from '../../../lib/client/resources.ts';

export const JOBS: Resource = { group: 'batch', version: 'v1', resource: 'jobs', namespaced: true };
export const CRONJOBS: Resource = { group: 'batch', version: 'v1', resource: 'cronjobs', namespaced: true };
