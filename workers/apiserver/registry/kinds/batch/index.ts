/** batch/v1: Job and CronJob. */
export { default as jobs } from './jobs.ts';
export { default as cronjobs } from './cronjobs.ts';
