/**
 * Completion indexes of Indexed Jobs: a pod's index (its annotation, else its label), and the
 * compressed interval text of status.completedIndexes ("1,3-5,7": runs of three or more become a
 * range, as Kubernetes writes it).
 */
import type { Pod } from '../../../lib/api/core/pod.ts';
import { JOB_COMPLETION_INDEX } from '../../../lib/api/batch/labels.ts';

/** The pod's completion index, or undefined when it has none or an invalid one. */
export function podIndex(p: Pod): number | undefined {
  const s = p.metadata.annotations?.[JOB_COMPLETION_INDEX] ?? p.metadata.labels?.[JOB_COMPLETION_INDEX];
  if (s === undefined || !/^\d+$/.test(s)) return undefined;
  return Number(s);
}

export function parseIndexes(text: string | undefined, completions: number): Set<number> {
  const out = new Set<number>();
  for (const part of (text ?? '').split(',').filter(Boolean)) {
    const [a, b] = part.split('-').map(Number);
    for (let i = a; i <= (b ?? a); i++) if (Number.isInteger(i) && i >= 0 && i < completions) out.add(i);
  }
  return out;
}

export function formatIndexes(indexes: Iterable<number>): string {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    if (j - i >= 2) parts.push(`${sorted[i]}-${sorted[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return parts.join(',');
}
