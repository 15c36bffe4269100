/** Percentiles and number formatting for the figures. */

/** Nearest-rank percentile of unsorted samples (p in 0..100); NaN when there are none. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

export const mb = (bytes: number) => bytes / (1024 * 1024);
