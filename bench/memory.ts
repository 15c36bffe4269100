/** RSS figures of the local runtime (rss.ts says what is counted). */
import type { Figure } from './figures.ts';
import type { Rss } from './rss.ts';
import { fmt, mb } from './stats.ts';

export function rssFigure(name: string, r: Rss | undefined, targetMb?: number): Figure {
  if (!r) return { name, value: NaN, unit: 'MB', note: 'not sampled' };
  return {
    name,
    value: mb(r.total),
    unit: 'MB',
    note: `node ${fmt(mb(r.node), 0)} MB + ${r.pids.length} workerd ${fmt(mb(r.workerd), 0)} MB`,
    ...(targetMb ? { target: { atMost: targetMb } } : {}),
  };
}
