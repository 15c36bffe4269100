/** The labels, annotations and finalizer Kubernetes' Job machinery writes (k8s.io/api/batch/v1 types.go). */
export const JOB_LABEL_PREFIX = 'batch.kubernetes.io/';
export const CONTROLLER_UID_LABEL = 'batch.kubernetes.io/controller-uid';
export const JOB_NAME_LABEL = 'batch.kubernetes.io/job-name';
export const LEGACY_CONTROLLER_UID_LABEL = 'controller-uid';
export const LEGACY_JOB_NAME_LABEL = 'job-name';
/** annotation and label of an Indexed Job's pods */
export const JOB_COMPLETION_INDEX = 'batch.kubernetes.io/job-completion-index';
export const JOB_COMPLETION_INDEX_ENV = 'JOB_COMPLETION_INDEX';
/** on every pod the Job controller creates, until it has counted the pod's end */
export const JOB_TRACKING_FINALIZER = 'batch.kubernetes.io/job-tracking';
/** on the Jobs a CronJob makes: the scheduled time, RFC 3339 in the CronJob's time zone */
export const CRONJOB_SCHEDULED_TIMESTAMP = 'batch.kubernetes.io/cronjob-scheduled-timestamp';
