/**
 * Job controller: runs a Job's pods to completion (sync.ts decides, this file does the API calls).
 *
 * Keys are Jobs (`namespace/name`). A pod change maps to its controlling Job, or, for an orphan,
 * to the Jobs of its namespace whose selector matches it (adoption); a Job whose pods carry the
 * tracking finalizer but that is gone still gets its key, so the finalizers are removed and
 * the garbage collector can delete the pods.
 *
 * One sync: claim the pods (ReplicaSet's ControllerRefManager rules), decide, delete and create
 * pods, write the status with the new ends as uncounted, remove those pods' finalizers, then
 * write the status again with them counted (and the terminal condition once nothing runs). Time
 * (activeDeadlineSeconds, the backoff between failures) comes back as a delayed queue message.
 */
import type { Job } from '../../../lib/api/batch/job.ts';
import { JOB_TRACKING_FINALIZER } from '../../../lib/api/batch/labels.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { ApiError } from '../../../lib/client/client.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import { sameJson } from '../../../lib/json/canonical.ts';
import { fromLabelSelector, matches } from '../../../lib/selectors/label.ts';
import { keyOf, splitKey, type Controller, type ControllerContext } from '../framework/controller.ts';
import { claim, controllerOf } from '../replicaset/ownership.ts';
import { emit } from '../replicaset/manage.ts';
import { requeueAt } from '../replicaset/requeue.ts';
import { countAndFinish, decide, type JobEvent } from './sync.ts';
import { hasTrackingFinalizer } from './pods.ts';
import { JOBS } from './resources.ts';
import { podFromJob } from './template.ts';
import { createInBatches } from './create.ts';

export const JOB_CONTROLLER = 'job-controller';
/** Jobs with another managedBy are someone else's (JobManagedBy). */
const OURS = 'kubernetes.io/job-controller';

/** Not finished, or finished with pods still counted as running or terminating. */
const mayWaitForPods = (j: Job) => !!(j.status?.active || j.status?.terminating || j.status?.uncountedTerminatedPods?.failed?.length || j.status?.uncountedTerminatedPods?.succeeded?.length);

const isJobRef = (ref: { apiVersion: string; kind: string } | undefined) => ref?.kind === 'Job' && ref.apiVersion.startsWith('batch/');

export const jobController: Controller = {
  name: JOB_CONTROLLER,
  resyncMinutes: 5,

  async keysFor(change, ctx) {
    if (change.group === 'batch' && change.resource === 'jobs') return [`${change.namespace}/${change.name}`];
    if (change.group !== '' || change.resource !== 'pods' || !change.namespace) return [];
    // a pod gone can no longer be read: the Jobs that may have been waiting for it to terminate
    if (change.type === 'DELETED') return (await ctx.shared.list<Job>(JOBS, { namespace: change.namespace })).items.filter(mayWaitForPods).map(keyOf);
    const pod = await ctx.shared.get<Pod>(RESOURCES.pods, change.namespace, change.name);
    if (!pod) return [];
    const ref = controllerOf(pod);
    if (ref) return isJobRef(ref) ? [`${change.namespace}/${ref.name}`] : [];
    if (pod.metadata.deletionTimestamp || pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed') return [];
    const jobs = (await ctx.shared.list<Job>(JOBS, { namespace: change.namespace })).items;
    return jobs.filter((j) => matches(fromLabelSelector(j.spec?.selector), pod.metadata.labels)).map(keyOf);
  },

  async resync(ctx) {
    return (await ctx.api.list<Job>(JOBS)).items.map(keyOf);
  },

  async reconcile(key, ctx) {
    const [namespace, name] = splitKey(key);
    const job = await ctx.shared.get<Job>(JOBS, namespace, name);
    const all = (await ctx.shared.list<Pod>(RESOURCES.pods, { namespace })).items;
    if (!job) return releaseOrphans(ctx, all.filter((p) => isJobRef(controllerOf(p)) && controllerOf(p)!.name === name));
    if (job.spec?.managedBy && job.spec.managedBy !== OURS) return;
    const selector = fromLabelSelector(job.spec?.selector);
    const pods = await claim(ctx.api, RESOURCES.pods, job, all, (p) => matches(selector, p.metadata.labels));
    const now = ctx.now();
    const d = decide(job, pods, now);

    const events: JobEvent[] = [...d.events];
    await Promise.all(d.delete.map((p) => deletePod(ctx, job, p, events)));
    const created = await createInBatches(ctx, job, d.create.map((i) => podFromJob(job, i)), events);
    if (created < d.create.length) d.status.active = (d.status.active ?? 0) - (d.create.length - created) || undefined;

    let current = await writeStatus(ctx, job, d.status);
    const counted = new Set<string>();
    const uncounted = new Set([...(d.status.uncountedTerminatedPods?.succeeded ?? []), ...(d.status.uncountedTerminatedPods?.failed ?? [])]);
    const present = new Set(pods.map((p) => p.metadata.uid));
    for (const uid of uncounted) if (!present.has(uid)) counted.add(uid); // gone: its end was recorded
    await Promise.all(d.finalize.map(async (p) => (await removeFinalizer(ctx, p)) && counted.add(p.metadata.uid!)));
    for (const p of pods) if (uncounted.has(p.metadata.uid!) && !hasTrackingFinalizer(p)) counted.add(p.metadata.uid!);

    const final = countAndFinish(current, d.status, counted, ctx.now());
    current = await writeStatus(ctx, current, final.status);
    if (final.event) events.push(final.event);
    for (const e of events) await emit(e.type === 'Normal' ? ctx.events.normal(job as KubeObject, e.reason, e.message) : ctx.events.warning(job as KubeObject, e.reason, e.message));
    if (d.requeueAt !== undefined) await requeueAt(ctx, key, d.requeueAt + 500);
  },
};

/** Writes the status when it differs; returns the Job as stored. */
async function writeStatus(ctx: ControllerContext, job: Job, status: Job['status']): Promise<Job> {
  if (sameJson(job.status ?? {}, status ?? {})) return job;
  return ctx.api.update<Job>(JOBS, { ...job, status }, 'status');
}

/** Strategic merge with the pod's uid: a pod replaced under the same name is left alone. */
async function removeFinalizer(ctx: ControllerContext, p: Pod): Promise<boolean> {
  try {
    await ctx.api.patch(RESOURCES.pods, p.metadata.namespace, p.metadata.name!, { metadata: { uid: p.metadata.uid, '$deleteFromPrimitiveList/finalizers': [JOB_TRACKING_FINALIZER] } }, 'strategic');
    return true;
  } catch (e) {
    if (e instanceof ApiError && e.code === 404) return true; // gone: nothing holds it any more
    if (e instanceof ApiError && (e.code === 409 || e.code === 422)) return false;
    throw e;
  }
}

/** The pods of a Job that no longer exists: nothing will count them, let them go. */
async function releaseOrphans(ctx: ControllerContext, pods: Pod[]): Promise<void> {
  await Promise.all(pods.filter(hasTrackingFinalizer).map((p) => removeFinalizer(ctx, p)));
}

async function deletePod(ctx: ControllerContext, job: Job, p: Pod, events: JobEvent[]): Promise<void> {
  try {
    if (await ctx.api.delete(RESOURCES.pods, p.metadata.namespace, p.metadata.name!, { preconditions: { uid: p.metadata.uid } })) events.push({ type: 'Normal', reason: 'SuccessfulDelete', message: `Deleted pod: ${p.metadata.name}` });
  } catch (e) {
    events.push({ type: 'Warning', reason: 'FailedDelete', message: `Error deleting: ${e instanceof ApiError ? (e.status?.message ?? e.message) : String(e)}` });
  }
}
