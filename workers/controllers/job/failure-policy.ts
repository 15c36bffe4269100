/**
 * Matching a failed pod against a Job's podFailurePolicy (Kubernetes' matchPodFailurePolicy):
 * the first rule whose exit-code or pod-condition requirement holds decides. Only terminated
 * containers with a non-zero exit code are looked at, init containers first.
 */
import type { Job, PodFailurePolicyRule } from '../../../lib/api/batch/job.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';

export type FailureAction = 'FailJob' | 'FailIndex' | 'Ignore' | 'Count';

export interface FailureMatch {
  action: FailureAction;
  /** for FailJob: the Failed condition's message */
  message?: string;
}

export function matchPodFailurePolicy(job: Job, pod: Pod): FailureMatch | undefined {
  const rules = job.spec?.podFailurePolicy?.rules ?? [];
  for (const [i, rule] of rules.entries()) {
    const action = rule.action as FailureAction;
    if (!['FailJob', 'FailIndex', 'Ignore', 'Count'].includes(action)) continue;
    const exit = rule.onExitCodes ? matchExitCodes(rule, pod) : undefined;
    if (exit) return { action, message: `Container ${exit.name} for pod ${pod.metadata.namespace}/${pod.metadata.name} failed with exit code ${exit.code} matching ${action} rule at index ${i}` };
    if (rule.onPodConditions?.length && matchConditions(rule, pod)) {
      const type = rule.onPodConditions.find((c) => pod.status?.conditions?.some((pc) => pc.type === c.type && pc.status === (c.status || 'True')))?.type;
      return { action, message: `Pod ${pod.metadata.namespace}/${pod.metadata.name} has condition ${type} matching ${action} rule at index ${i}` };
    }
  }
  return undefined;
}

function matchExitCodes(rule: PodFailurePolicyRule, pod: Pod): { name: string; code: number } | undefined {
  const req = rule.onExitCodes!;
  const statuses = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])];
  for (const s of statuses) {
    if (req.containerName && s.name !== req.containerName) continue;
    const code = s.state?.terminated?.exitCode;
    if (code === undefined || code === 0) continue;
    const inSet = (req.values ?? []).includes(code);
    if ((req.operator === 'In' && inSet) || (req.operator === 'NotIn' && !inSet)) return { name: s.name ?? '', code };
  }
  return undefined;
}

const matchConditions = (rule: PodFailurePolicyRule, pod: Pod) =>
  (rule.onPodConditions ?? []).some((c) => pod.status?.conditions?.some((pc) => pc.type === c.type && pc.status === (c.status || 'True')));
