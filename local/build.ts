/**
 * Bundles the workers for miniflare the way wrangler does for production: one ESM file per
 * worker, workerd's export conditions, `cloudflare:*` left to the runtime. esbuild takes ~100 ms,
 * so every start rebuilds and never runs stale code.
 */
import { build, stop } from 'esbuild';
import { join } from 'node:path';

/** Bundles each entry (name → source file) into `outdir`; returns name → bundle path. */
export async function bundleWorkers(entries: Record<string, string>, outdir: string): Promise<Record<string, string>> {
  try {
    await build({
      entryPoints: entries,
      outdir,
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      conditions: ['workerd', 'worker', 'browser'],
      mainFields: ['browser', 'module', 'main'],
      external: ['cloudflare:*'],
      sourcemap: 'linked',
      // failures are thrown with every error in the message
      logLevel: 'silent',
    });
  } finally {
    // esbuild keeps a service process for later builds; there are none until the next start
    await stop();
  }
  return Object.fromEntries(Object.keys(entries).map((name) => [name, join(outdir, `${name}.js`)]));
}
