/**
 * Creating a Job's pods in slow-start batches (1, 2, 4, ...), as Kubernetes' Job controller does:
 * a failing template costs one request, not parallelism of them. Each outcome is an event.
 */
import type { Job } from '../../../lib/api/batch/job.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { ApiError } from '../../../lib/client/client.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { ControllerContext } from '../framework/controller.ts';
import type { JobEvent } from './sync.ts';

/** Returns how many were created. */
export async function createInBatches(ctx: ControllerContext, job: Job, pods: Pod[], events: JobEvent[]): Promise<number> {
  let done = 0;
  for (let batch = Math.min(pods.length, 1); batch > 0; batch = Math.min(2 * batch, pods.length - done)) {
    const results = await Promise.all(pods.slice(done, done + batch).map((p) => createOne(ctx, job, p, events)));
    done += results.filter(Boolean).length;
    if (results.some((ok) => !ok)) break;
  }
  return done;
}

async function createOne(ctx: ControllerContext, job: Job, pod: Pod, events: JobEvent[]): Promise<boolean> {
  try {
    const made = await ctx.api.create<Pod>(RESOURCES.pods, job.metadata.namespace, pod);
    events.push({ type: 'Normal', reason: 'SuccessfulCreate', message: `Created pod: ${made.metadata.name}` });
    return true;
  } catch (e) {
    const text = e instanceof ApiError ? (e.status?.message ?? e.message) : String(e);
    events.push({ type: 'Warning', reason: 'FailedCreate', message: `Error creating: ${text}` });
    return false;
  }
}
