/**
 * The Job controller's decisions for one sync, apart from its API calls (controller.ts): which
 * pods ended since the last count, whether the Job has met its success or failure criteria, and
 * which pods to create or delete. Kubernetes 1.32's rules:
 *
 * - Counting goes through the tracking finalizer: a finished pod that still carries it is added to
 *   status.uncountedTerminatedPods, then its finalizer is removed, then it moves to the
 *   succeeded/failed counters (controller.ts does the last two steps): a pod is counted once even
 *   if it is deleted at any moment. A failed pod matching an Ignore rule of the podFailurePolicy is
 *   not counted.
 * - Failure: a FailJob rule (reason PodFailurePolicy), more failures than backoffLimit (or, with
 *   restartPolicy OnFailure, as many container restarts) (BackoffLimitExceeded), or
 *   activeDeadlineSeconds elapsed since startTime (DeadlineExceeded) add FailureTarget and delete
 *   the active pods; success (completions succeeded pods, each index of an Indexed Job, or with no
 *   completions one success and nothing running) adds SuccessCriteriaMet. The terminal Failed or
 *   Complete follows once no pod is running, terminating or uncounted.
 * - suspend deletes the active pods (condition Suspended, startTime cleared); resuming sets
 *   startTime again.
 * - Replacements of failed pods wait out the backoff (backoff.ts).
 */
import type { Job, JobStatus } from '../../../lib/api/batch/job.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { backoffUntil } from './backoff.ts';
import { conditionOf, isFinished, isTrue, rfc3339, setCondition } from './conditions.ts';
import { matchPodFailurePolicy } from './failure-policy.ts';
import { formatIndexes, parseIndexes, podIndex } from './indexes.ts';
import { hasTrackingFinalizer, isActive, isFailed, isReady, isSucceeded, isTerminating, onlyReplaceFailedPods, restarts } from './pods.ts';

export interface JobEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
}

export interface Decision {
  /** the status to write first (new ends recorded as uncounted) */
  status: JobStatus;
  /** pods whose tracking finalizer is to be removed */
  finalize: Pod[];
  /** pods to create: their completion index (Indexed) or undefined */
  create: (number | undefined)[];
  delete: Pod[];
  events: JobEvent[];
  /** look again at this time (ms): a deadline or the end of a backoff */
  requeueAt?: number;
}

const BACKOFF_MESSAGE = 'Job has reached the specified backoff limit';
const DEADLINE_MESSAGE = 'Job was active longer than specified deadline';
const COMPLETIONS_MESSAGE = 'Reached expected number of succeeded pods';

export function decide(job: Job, pods: Pod[], now: Date): Decision {
  const spec = job.spec ?? {};
  const status: JobStatus = structuredClone(job.status ?? {});
  const finished = isFinished(job);
  const uncounted = { succeeded: new Set(status.uncountedTerminatedPods?.succeeded ?? []), failed: new Set(status.uncountedTerminatedPods?.failed ?? []) };
  const d: Decision = { status, finalize: [], create: [], delete: [], events: [] };

  // 1. the ends not counted yet
  let failJob: string | undefined;
  for (const p of pods) {
    if (!hasTrackingFinalizer(p)) continue;
    const uid = p.metadata.uid!;
    if (isSucceeded(p)) {
      uncounted.succeeded.add(uid);
      d.finalize.push(p);
    } else if (isFailed(p, job)) {
      const match = matchPodFailurePolicy(job, p);
      d.finalize.push(p);
      if (match?.action === 'Ignore') continue;
      if (match?.action === 'FailJob') failJob ??= match.message;
      uncounted.failed.add(uid);
    } else if (finished || job.metadata.deletionTimestamp) d.finalize.push(p); // the Job no longer tracks anything
  }
  status.uncountedTerminatedPods = {};
  if (uncounted.succeeded.size) status.uncountedTerminatedPods.succeeded = [...uncounted.succeeded];
  if (uncounted.failed.size) status.uncountedTerminatedPods.failed = [...uncounted.failed];
  const succeeded = (status.succeeded ?? 0) + uncounted.succeeded.size;
  const failed = (status.failed ?? 0) + uncounted.failed.size;

  const completions = spec.completions;
  const indexed = spec.completionMode === 'Indexed';
  let completed = new Set<number>();
  if (indexed) {
    completed = parseIndexes(status.completedIndexes, completions ?? 0);
    for (const p of pods) {
      const i = podIndex(p);
      if (isSucceeded(p) && i !== undefined && i < (completions ?? 0)) completed.add(i);
    }
    status.completedIndexes = formatIndexes(completed);
  }

  const active = pods.filter(isActive);
  const terminating = pods.filter(isTerminating);

  if (!finished && !job.metadata.deletionTimestamp) {
    const interim = isTrue(status, 'FailureTarget') || isTrue(status, 'SuccessCriteriaMet');
    if (!interim) {
      const complete = indexed ? completed.size >= (completions ?? 0) : completions != null ? succeeded >= completions : succeeded > 0 && active.length === 0;
      const deadline = deadlineOf(job, status);
      if (failJob) setCondition(status, 'FailureTarget', 'True', 'PodFailurePolicy', failJob, now);
      else if (failed > (spec.backoffLimit ?? 6) || pastBackoffLimitOnFailure(job, active)) setCondition(status, 'FailureTarget', 'True', 'BackoffLimitExceeded', BACKOFF_MESSAGE, now);
      else if (deadline !== undefined && deadline <= now.getTime() && !spec.suspend) setCondition(status, 'FailureTarget', 'True', 'DeadlineExceeded', DEADLINE_MESSAGE, now);
      else if (complete) setCondition(status, 'SuccessCriteriaMet', 'True', 'CompletionsReached', COMPLETIONS_MESSAGE, now);
    }
    if (isTrue(status, 'FailureTarget') || isTrue(status, 'SuccessCriteriaMet')) d.delete = active;
    else if (spec.suspend) {
      d.delete = active;
      if (!isTrue(status, 'Suspended')) {
        setCondition(status, 'Suspended', 'True', 'JobSuspended', 'Job suspended', now);
        d.events.push({ type: 'Normal', reason: 'Suspended', message: 'Job suspended' });
      }
      delete status.startTime; // the deadline's clock starts again on resume
    } else {
      if (isTrue(status, 'Suspended')) {
        setCondition(status, 'Suspended', 'False', 'JobResumed', 'Job resumed', now);
        d.events.push({ type: 'Normal', reason: 'Resumed', message: 'Job resumed' });
        status.startTime = rfc3339(now);
      }
      status.startTime ??= rfc3339(now);
      const deadline = deadlineOf(job, status);
      if (deadline !== undefined) d.requeueAt = deadline;
      manage(job, pods, active, terminating, succeeded, completed, d, now);
    }
  }

  const deleted = new Set(d.delete.map((p) => p.metadata.uid));
  const stillActive = active.filter((p) => !deleted.has(p.metadata.uid));
  status.active = stillActive.length + d.create.length;
  status.ready = stillActive.filter(isReady).length;
  status.terminating = terminating.length + d.delete.length;
  omitZeros(status);
  return d;
}

/** active, succeeded and failed are omitted when zero (omitempty); ready and terminating are pointers, kept. */
function omitZeros(s: JobStatus): void {
  if (!s.active) delete s.active;
  if (!s.succeeded) delete s.succeeded;
  if (!s.failed) delete s.failed;
}

/** When activeDeadlineSeconds runs out (ms), counted from startTime. */
function deadlineOf(job: Job, status: JobStatus): number | undefined {
  const ads = job.spec?.activeDeadlineSeconds;
  if (ads == null || !status.startTime) return undefined;
  return Date.parse(status.startTime) + ads * 1000;
}

/** restartPolicy OnFailure: the running pods' restarts count as failures. */
function pastBackoffLimitOnFailure(job: Job, active: Pod[]): boolean {
  if (job.spec?.template?.spec?.restartPolicy !== 'OnFailure') return false;
  const limit = job.spec.backoffLimit ?? 6;
  const n = active.reduce((sum, p) => sum + restarts(p), 0);
  return limit === 0 ? n > 0 : n >= limit;
}

/** The pods to delete first when there are too many: unscheduled, then not ready, then the newest. */
const deletionRank = (a: Pod, b: Pod) =>
  Number(!!a.spec?.nodeName) - Number(!!b.spec?.nodeName) || Number(isReady(a)) - Number(isReady(b)) || (b.metadata.creationTimestamp ?? '').localeCompare(a.metadata.creationTimestamp ?? '');

function manage(job: Job, pods: Pod[], active: Pod[], terminating: Pod[], succeeded: number, completed: Set<number>, d: Decision, now: Date): void {
  const spec = job.spec ?? {};
  const parallelism = spec.parallelism ?? 1;
  const waitTerminating = onlyReplaceFailedPods(job) ? terminating.length : 0;
  let want: (number | undefined)[];
  if (spec.completionMode === 'Indexed') {
    const completions = spec.completions ?? 0;
    const kept = new Set<number>();
    for (const p of [...active].sort((a, b) => (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? ''))) {
      const i = podIndex(p);
      // no index, out of range, already done, or a duplicate: not needed
      if (i === undefined || i >= completions || completed.has(i) || kept.has(i)) d.delete.push(p);
      else kept.add(i);
    }
    const busy = new Set([...kept, ...(onlyReplaceFailedPods(job) ? terminating.map(podIndex).filter((i) => i !== undefined) : [])]);
    const room = Math.max(0, parallelism - kept.size - waitTerminating);
    want = [];
    for (let i = 0; i < completions && want.length < room; i++) if (!completed.has(i) && !busy.has(i)) want.push(i);
  } else {
    const completions = spec.completions;
    const wantActive = completions == null ? (succeeded > 0 ? active.length : parallelism) : Math.min(parallelism, Math.max(0, completions - succeeded));
    if (active.length > wantActive) {
      d.delete = [...active].sort(deletionRank).slice(0, active.length - wantActive);
      return;
    }
    want = Array.from({ length: Math.max(0, wantActive - active.length - waitTerminating) }, () => undefined);
  }
  if (want.length === 0) return;
  const until = backoffUntil(job, pods);
  if (until !== undefined && until > now.getTime()) {
    d.requeueAt = Math.min(d.requeueAt ?? Infinity, until);
    return;
  }
  d.create = want;
}

/** The status once the uncounted ends whose pods lost their finalizer (or are gone) are counted, and the terminal condition if due. */
export function countAndFinish(job: Job, status: JobStatus, counted: Set<string>, now: Date): { status: JobStatus; event?: JobEvent } {
  const s = structuredClone(status);
  const u = s.uncountedTerminatedPods ?? {};
  const moved = (uids: string[] | undefined) => (uids ?? []).filter((x) => counted.has(x));
  s.succeeded = (s.succeeded ?? 0) + moved(u.succeeded).length;
  s.failed = (s.failed ?? 0) + moved(u.failed).length;
  const left = { succeeded: (u.succeeded ?? []).filter((x) => !counted.has(x)), failed: (u.failed ?? []).filter((x) => !counted.has(x)) };
  s.uncountedTerminatedPods = {};
  if (left.succeeded.length) s.uncountedTerminatedPods.succeeded = left.succeeded;
  if (left.failed.length) s.uncountedTerminatedPods.failed = left.failed;
  omitZeros(s);

  let event: JobEvent | undefined;
  const settled = !s.active && !s.terminating && !left.succeeded.length && !left.failed.length;
  if (settled && !isFinished({ ...job, status: s })) {
    const target = conditionOf(s, 'FailureTarget');
    if (target?.status === 'True') {
      setCondition(s, 'Failed', 'True', target.reason ?? '', target.message ?? '', now);
      event = { type: 'Warning', reason: target.reason ?? 'Failed', message: target.message ?? '' };
    } else if (isTrue(s, 'SuccessCriteriaMet')) {
      const c = conditionOf(s, 'SuccessCriteriaMet')!;
      setCondition(s, 'Complete', 'True', c.reason ?? '', c.message ?? '', now);
      s.completionTime = rfc3339(now);
      event = { type: 'Normal', reason: 'Completed', message: 'Job completed' };
    }
  }
  return { status: s, event };
}
