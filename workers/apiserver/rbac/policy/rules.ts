/**
 * A compact notation for the default policy's rules, so the data reads like Kubernetes' testdata
 * YAML in one line per rule. Lists are space-separated; `core` stands for the core group "".
 */
import type { PolicyRule } from '../../../../lib/api/rbac.ts';

const list = (s: string) => s.split(' ').filter(Boolean);
const groups = (s: string) => list(s).map((g) => (g === 'core' ? '' : g));

/** A resource rule: verbs, API groups, resources, and optionally resource names. */
export function r(verbs: string, apiGroups: string, resources: string, resourceNames?: string): PolicyRule {
  const rule: PolicyRule = { verbs: list(verbs), apiGroups: groups(apiGroups), resources: list(resources) };
  if (resourceNames) rule.resourceNames = list(resourceNames);
  return rule;
}

/** A non-resource rule: verbs and URLs. */
export const u = (verbs: string, urls: string): PolicyRule => ({ verbs: list(verbs), nonResourceURLs: list(urls) });

/** create/patch/update on events in both event groups, which nearly every controller has. */
export const EVENTS = r('create patch update', 'core events.k8s.io', 'events');
