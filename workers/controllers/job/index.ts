/** The batch controllers: Job, TTL-after-finished, CronJob. */
import { cronJobController } from '../cronjob/controller.ts';
import { jobController } from './controller.ts';
import { ttlAfterFinishedController } from './ttl-after-finished.ts';

export const batchControllers = [jobController, ttlAfterFinishedController, cronJobController];
