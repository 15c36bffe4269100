/** Job conditions (1.32: the interim FailureTarget / SuccessCriteriaMet come first, the terminal Failed / Complete once every pod is gone). */
import type { Job, JobCondition, JobStatus } from '../../../lib/api/batch/job.ts';

export const conditionOf = (status: JobStatus | undefined, type: string): JobCondition | undefined => status?.conditions?.find((c) => c.type === type);
export const isTrue = (status: JobStatus | undefined, type: string) => conditionOf(status, type)?.status === 'True';

/** Complete or Failed: nothing more happens to the Job but the counting of its last pods. */
export const isFinished = (job: Job) => isTrue(job.status, 'Complete') || isTrue(job.status, 'Failed');

export const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Sets a condition; its transition time moves only when its status does. */
export function setCondition(status: JobStatus, type: string, value: 'True' | 'False', reason: string, message: string, now: Date): void {
  const conditions = (status.conditions ??= []);
  const c = conditions.find((x) => x.type === type);
  const t = rfc3339(now);
  if (!c) conditions.push({ type, status: value, lastProbeTime: t, lastTransitionTime: t, reason, message });
  else if (c.status !== value || c.reason !== reason || c.message !== message) Object.assign(c, { status: value, lastProbeTime: t, reason, message, ...(c.status !== value ? { lastTransitionTime: t } : {}) });
}

/** The terminal condition an interim one leads to. */
export const TERMINAL: Record<string, string> = { FailureTarget: 'Failed', SuccessCriteriaMet: 'Complete' };
