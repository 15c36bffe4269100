/**
 * One full garbage collection, now. Starting the runtime leaves ~100 MB of garbage in this
 * process (the workers' bundles as text, miniflare's configuration, the migrations), which V8
 * would otherwise keep resident until it felt pressure: collected at once, the idle runtime's
 * RSS is that much lower from its first second.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (!gc) {
    gc = (globalThis as { gc?: () => void }).gc;
    if (!gc) {
      setFlagsFromString('--expose-gc'); // a fresh context then has `gc` as a global
      gc = runInNewContext('gc') as () => void;
    }
  }
  gc();
}
