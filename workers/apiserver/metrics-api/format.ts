/** How metrics-server writes usage: CPU in nanocores as a canonical quantity, memory in bytes (BinarySI), the window as a Go duration. */
import { formatQuantity, fromInt } from '../../../lib/quantity/quantity.ts';
import type { Usage } from '../../../lib/api/metrics.ts';

export const cpuQuantity = (nanoCores: number): string => formatQuantity({ nano: BigInt(Math.max(0, Math.round(nanoCores))), format: 'DecimalSI' });
export const memoryQuantity = (bytes: number): string => formatQuantity(fromInt(Math.max(0, Math.round(bytes)), 'BinarySI'));
export const usage = (cpuNanoCores: number, memoryBytes: number): Usage => ({ cpu: cpuQuantity(cpuNanoCores), memory: memoryQuantity(memoryBytes) });

/** time.Duration.String() of a window in seconds (millisecond precision): 15s, 14.862s, 1m0.5s. */
export function goDuration(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  if (ms === 0) return '0s';
  const min = Math.floor(ms / 60_000);
  const rest = (ms % 60_000) / 1000;
  const sec = `${Number(rest.toFixed(3))}s`;
  if (min === 0) return sec;
  const h = Math.floor(min / 60);
  return h ? `${h}h${min % 60}m${sec}` : `${min}m${sec}`;
}
