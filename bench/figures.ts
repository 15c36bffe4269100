/** A measured figure, its target, and the summary table printed at the end of a run. */
import { fmt } from './stats.ts';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** the issue's target; `atLeast` for throughput, `atMost` for latency and memory */
  target?: { atLeast?: number; atMost?: number };
  /** how it was measured (counts, sizes), shown beside the value */
  note?: string;
}

function verdict(f: Figure): { target: string; ratio: string; met: string } {
  const t = f.target;
  if (!t || !Number.isFinite(f.value)) return { target: t ? targetText(t, f.unit) : '—', ratio: '', met: t ? 'n/a' : '' };
  const ratio = f.value / (t.atLeast ?? t.atMost!);
  return { target: targetText(t, f.unit), ratio: `${fmt(ratio, 2)}×`, met: met(f) ? 'met' : 'NOT MET' };
}

/** true/false against the target; undefined without one */
export function met(f: Figure): boolean | undefined {
  const t = f.target;
  if (!t) return undefined;
  if (!Number.isFinite(f.value)) return false;
  return t.atLeast !== undefined ? f.value >= t.atLeast : f.value <= t.atMost!;
}

const targetText = (t: NonNullable<Figure['target']>, unit: string) => (t.atLeast !== undefined ? `≥ ${t.atLeast} ${unit}` : `≤ ${t.atMost} ${unit}`);

/** One line as soon as a figure is known, so a long run shows progress. */
export function announce(f: Figure): void {
  const v = verdict(f);
  const target = f.target ? `  (target ${v.target}: ${v.ratio} of it, ${v.met})` : '';
  console.log(`  ${f.name}: ${fmt(f.value)} ${f.unit}${f.note ? ` [${f.note}]` : ''}${target}`);
}

export function summaryTable(figures: Figure[]): string {
  const rows = figures.map((f) => {
    const v = verdict(f);
    return [f.name, `${fmt(f.value)} ${f.unit}`, v.target, v.ratio, v.met, f.note ?? ''];
  });
  const head = ['figure', 'value', 'target', 'ratio', 'met?', 'measured on'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
