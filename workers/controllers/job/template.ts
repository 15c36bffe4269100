/**
 * The pod a Job creates (GetPodFromTemplate plus the Job controller's additions): the tracking
 * finalizer, the controller reference, and for Indexed Jobs the completion index as annotation and
 * label, in the name (`<job>-<index>-<random>`) and hostname (`<job>-<index>`), and in every
 * container's environment as JOB_COMPLETION_INDEX, read by the kubelet from the annotation
 * through the downward API.
 */
import type { Job } from '../../../lib/api/batch/job.ts';
import { JOB_COMPLETION_INDEX, JOB_COMPLETION_INDEX_ENV, JOB_TRACKING_FINALIZER } from '../../../lib/api/batch/labels.ts';
import type { Container, Pod } from '../../../lib/api/core/pod.ts';
import { controllerRef } from '../replicaset/ownership.ts';

export function podFromJob(job: Job, index?: number): Pod {
  const t = job.spec?.template ?? {};
  const m = t.metadata ?? {};
  const name = job.metadata.name!;
  const labels: Record<string, string> = { ...(m.labels ?? {}) };
  const annotations: Record<string, string> = { ...(m.annotations ?? {}) };
  const spec = structuredClone(t.spec ?? {}) as NonNullable<Pod['spec']>;
  const metadata: Pod['metadata'] = {
    generateName: index === undefined ? `${name}-` : `${name}-${index}-`,
    namespace: job.metadata.namespace,
    ownerReferences: [controllerRef(job)],
    finalizers: [...new Set([...(m.finalizers ?? []), JOB_TRACKING_FINALIZER])],
  };
  if (index !== undefined) {
    annotations[JOB_COMPLETION_INDEX] = String(index);
    labels[JOB_COMPLETION_INDEX] = String(index);
    spec.hostname ||= `${name}-${index}`;
    for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) addIndexEnv(c);
  }
  if (Object.keys(labels).length) metadata.labels = labels;
  if (Object.keys(annotations).length) metadata.annotations = annotations;
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec };
}

function addIndexEnv(c: Container): void {
  if (c.env?.some((e) => e.name === JOB_COMPLETION_INDEX_ENV)) return;
  (c.env ??= []).push({ name: JOB_COMPLETION_INDEX_ENV, valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: `metadata.annotations['${JOB_COMPLETION_INDEX}']` } } });
}
