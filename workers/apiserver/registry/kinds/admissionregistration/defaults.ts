/** Defaults of the match resources of policies and bindings (SetDefaults_MatchResources, SetDefaults_NamedRuleWithOperations). */
import type { MatchResources } from '../../../../../lib/api/admissionregistration/vap.ts';

export function defaultMatchResources(m: MatchResources | undefined): void {
  if (!m) return;
  m.matchPolicy ??= 'Equivalent';
  m.namespaceSelector ??= {};
  m.objectSelector ??= {};
  for (const r of [...(m.resourceRules ?? []), ...(m.excludeResourceRules ?? [])]) r.scope ??= '*';
}
