/**
 * Which nodes a pod asks for: `nodeSelector` (every label must match) and node affinity, whose
 * required terms are ORed and whose expressions inside a term are ANDed. A term that is empty or
 * does not parse matches no node, as Kubernetes' lazy-error node selector does.
 */
import type { Node } from '../../../lib/api/core/node.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { matches, type LabelOperator, type LabelSelectorReq } from '../../../lib/selectors/label.ts';

interface Requirement {
  key?: string;
  operator?: string;
  values?: string[];
}
interface Term {
  matchExpressions?: Requirement[];
  matchFields?: Requirement[];
}

const OPERATORS: Record<string, LabelOperator> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!', Gt: 'gt', Lt: 'lt' };

function toRequirements(reqs: Requirement[] | undefined): LabelSelectorReq[] | undefined {
  const out: LabelSelectorReq[] = [];
  for (const r of reqs ?? []) {
    const operator = OPERATORS[r.operator ?? ''];
    if (!operator || !r.key) return undefined;
    out.push({ key: r.key, operator, values: r.values ?? [] });
  }
  return out;
}

/** matchFields knows one field, metadata.name, with In and NotIn. */
function fieldsMatch(reqs: Requirement[] | undefined, node: Node): boolean {
  for (const r of reqs ?? []) {
    if (r.key !== 'metadata.name' || (r.operator !== 'In' && r.operator !== 'NotIn')) return false;
  }
  const parsed = toRequirements(reqs);
  return !!parsed && matches(parsed, { 'metadata.name': node.metadata.name ?? '' });
}

export function termMatches(term: Term | undefined, node: Node): boolean {
  if (!term?.matchExpressions?.length && !term?.matchFields?.length) return false;
  const exprs = toRequirements(term.matchExpressions);
  return !!exprs && matches(exprs, node.metadata.labels) && fieldsMatch(term.matchFields, node);
}

/** The NodeAffinity filter: nodeSelector and required node affinity. */
export function requiredAffinityMatches(pod: Pod, node: Node): boolean {
  const labels = node.metadata.labels ?? {};
  for (const [k, v] of Object.entries(pod.spec?.nodeSelector ?? {})) if (labels[k] !== v) return false;
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!required) return true;
  return (required.nodeSelectorTerms ?? []).some((t) => termMatches(t, node));
}

/** The NodeAffinity score before normalization: the weights of the preferred terms the node matches. */
export function preferredAffinityWeight(pod: Pod, node: Node): number {
  let sum = 0;
  for (const p of pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []) {
    if (p.weight && termMatches(p.preference, node)) sum += p.weight;
  }
  return sum;
}
