/**
 * One full garbage collection, now, and a second one a moment later. Starting the runtime leaves
 * ~100 MB of garbage in this process (the workers' bundles as text, miniflare's configuration, the
 * migrations), which V8 would otherwise keep resident until it felt pressure. The first collection
 * frees the objects; the pages they emptied are only given back by the next one, once V8's
 * concurrent sweeping is done (measured: a second pass 100 ms later takes ~13 MB more of the heap's
 * RSS after a start, ~22 MB with a small young generation).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** after the sweeping of the first pass (a few ms to tens of ms on an idle machine) */
const SECOND_PASS_MS = 200;

let gc: (() => void) | undefined;
let secondPass: NodeJS.Timeout | undefined;

export function collectGarbage(): void {
  if (!gc) {
    gc = (globalThis as { gc?: () => void }).gc;
    if (!gc) {
      setFlagsFromString('--expose-gc'); // a fresh context then has `gc` as a global
      gc = runInNewContext('gc') as () => void;
    }
  }
  gc();
  clearTimeout(secondPass);
  secondPass = setTimeout(() => gc!(), SECOND_PASS_MS).unref();
}
