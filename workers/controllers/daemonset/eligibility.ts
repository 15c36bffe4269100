/**
 * Which nodes a DaemonSet runs on (NodeShouldRunDaemonPod): the template's nodeName if any, its
 * nodeSelector and required node affinity, and the node's NoSchedule and NoExecute taints against
 * the template's tolerations plus the daemon ones. A node whose new NoSchedule taint the pod does
 * not tolerate keeps its running pod (only an untolerated NoExecute taint evicts it).
 */
import type { DaemonSet } from '../../../lib/api/apps/daemonset.ts';
import type { Node } from '../../../lib/api/core/node.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { requiredAffinityMatches } from '../scheduler/node-affinity.ts';
import { firstUntolerated } from '../scheduler/taints.ts';
import { daemonTolerations } from './pods.ts';

export interface Eligibility {
  /** a pod should be created there */
  shouldRun: boolean;
  /** a pod already there may stay */
  shouldContinueRunning: boolean;
}

export function nodeShouldRunDaemonPod(node: Node, ds: DaemonSet): Eligibility {
  const template = ds.spec?.template ?? {};
  const name = node.metadata.name;
  const no = { shouldRun: false, shouldContinueRunning: false };
  if (template.spec?.nodeName && template.spec.nodeName !== name) return no;
  const pod: Pod = { metadata: { labels: template.metadata?.labels }, spec: { ...template.spec, nodeName: name, tolerations: daemonTolerations(template.spec ?? {}) } };
  if (!requiredAffinityMatches(pod, node)) return no;
  const taints = node.spec?.taints ?? [];
  if (firstUntolerated(taints, pod.spec?.tolerations, ['NoSchedule', 'NoExecute'])) return { shouldRun: false, shouldContinueRunning: !firstUntolerated(taints, pod.spec?.tolerations, ['NoExecute']) };
  return { shouldRun: true, shouldContinueRunning: true };
}
