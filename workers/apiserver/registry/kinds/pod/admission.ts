/**
 * Pure pod mutations Kubernetes applies at creation: the DefaultTolerationSeconds admission
 * plugin's two tolerations, and the strategy's PrepareForCreate additions (the SchedulingGated
 * condition, pod-affinity matchLabelKeys folded into label selectors).
 */
import type { Pod, PodSpec, Toleration } from '../../../../../lib/api/core/pod.ts';

const DEFAULT_TOLERATION_SECONDS = 300;
const NOT_READY = 'node.kubernetes.io/not-ready';
const UNREACHABLE = 'node.kubernetes.io/unreachable';

/** Appends the not-ready/unreachable NoExecute tolerations (300 s) unless one already covers the taint. */
export function addDefaultTolerations(pod: Pod): void {
  const spec = (pod.spec ??= {});
  const existing = spec.tolerations ?? [];
  const covered = (key: string) => existing.some((t) => (!t.key || t.key === key) && (!t.effect || t.effect === 'NoExecute'));
  const added: Toleration[] = [NOT_READY, UNREACHABLE]
    .filter((key) => !covered(key))
    .map((key) => ({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_TOLERATION_SECONDS }));
  if (added.length) spec.tolerations = [...existing, ...added];
}

/** A zero meta/v1 Time: Go renders it as null rather than omitting it. */
const ZERO_TIME = null as unknown as string;

/** A pod created with scheduling gates says so in its PodScheduled condition. */
export function applySchedulingGatedCondition(pod: Pod): void {
  if (!pod.spec?.schedulingGates?.length) return;
  const status = (pod.status ??= {});
  const conditions = (status.conditions ??= []);
  if (conditions.some((c) => c.type === 'PodScheduled')) return;
  conditions.push({
    type: 'PodScheduled',
    status: 'False',
    lastProbeTime: ZERO_TIME,
    lastTransitionTime: ZERO_TIME,
    reason: 'SchedulingGated',
    message: 'Scheduling is blocked due to non-empty scheduling gates',
  });
}

type Term = { labelSelector?: { matchExpressions?: { key?: string; operator?: string; values?: string[] }[] }; matchLabelKeys?: string[]; mismatchLabelKeys?: string[] };

/** MatchLabelKeysInPodAffinity: each key's value on the pod becomes an In (or NotIn) requirement. */
export function foldAffinityLabelKeys(pod: Pod): void {
  const labels = pod.metadata.labels ?? {};
  const affinity = (pod.spec as PodSpec | undefined)?.affinity;
  const terms: Term[] = [];
  for (const a of [affinity?.podAffinity, affinity?.podAntiAffinity]) {
    terms.push(...(a?.requiredDuringSchedulingIgnoredDuringExecution ?? []));
    for (const w of a?.preferredDuringSchedulingIgnoredDuringExecution ?? []) if (w.podAffinityTerm) terms.push(w.podAffinityTerm);
  }
  for (const term of terms) {
    if (!term.labelSelector) continue;
    for (const [keys, operator] of [[term.matchLabelKeys, 'In'], [term.mismatchLabelKeys, 'NotIn']] as const) {
      for (const key of keys ?? []) {
        if (!(key in labels)) continue;
        (term.labelSelector.matchExpressions ??= []).push({ key, operator, values: [labels[key]] });
      }
    }
  }
}
