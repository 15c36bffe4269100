#!/usr/bin/env node
/**
 * `node local/run-bundled.mjs <entry.ts> [args...]`: runs a TypeScript entry (`npm start`,
 * `npm run bench`) without a transpiler in the process. esbuild bundles the entry and everything
 * of ours it imports (~200 ms, at every run, so nothing is ever stale); packages stay external and
 * load from node_modules as usual. tsx in the process cost ~100 MB of RSS: its loader thread (a
 * second V8 isolate), the source maps it turns on for every module, and its module cache.
 *
 * The bundle is plain JavaScript, so this stays one process: Ctrl-C and SIGTERM reach the program.
 * Output goes to node_modules/.cache/timonier/<hash of the output>/, written once and renamed into
 * place, so concurrent runs never read each other's half-written files. Each source file keeps its
 * own `import.meta.url` (files next to it are found as before). Stack traces name bundle lines;
 * `NODE_OPTIONS=--enable-source-maps` maps them to the sources (linked maps are written).
 */
import { build, stop } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CACHE = join(ROOT, 'node_modules', '.cache', 'timonier');
/** builds older than this, of any entry, are removed (a run of the same sources reuses its own) */
const STALE_MS = 24 * 3600_000;

/** A source file's `import.meta.url` becomes its own URL, not the bundle's. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?ts$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)), loader: 'ts' };
    });
  },
};

/** Bundles `entry` (a path); returns the file to import. */
export async function bundleEntry(entry) {
  const name = relative(ROOT, resolve(entry)).replace(/\.[cm]?ts$/, '').replace(/[^\w.-]+/g, '_');
  const out = await build({
    entryPoints: { [name]: resolve(entry) },
    outdir: CACHE,
    bundle: true,
    // lazily imported modules (e.g. the node agent of `npm start -- --node`) stay lazily loaded
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // .mjs: nothing up from node_modules/.cache says what type a .js file is
    outExtension: { '.js': '.mjs' },
    sourcemap: 'linked',
    write: false,
    logLevel: 'silent',
    plugins: [ownImportMetaUrl],
  }).finally(() => stop()); // esbuild's service process has nothing more to do
  const hash = createHash('sha256');
  for (const f of out.outputFiles) hash.update(f.path).update(f.contents);
  const dir = join(CACHE, hash.digest('hex').slice(0, 16));
  if (!(await exists(dir))) {
    const tmp = `${dir}.${process.pid}.tmp`;
    for (const f of out.outputFiles) {
      const path = join(tmp, relative(CACHE, f.path));
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, f.contents);
    }
    // another run may have written the same build meanwhile: either copy will do
    await rename(tmp, dir).catch(() => rm(tmp, { recursive: true, force: true }));
  } else {
    const now = new Date();
    await utimes(dir, now, now).catch(() => {}); // in use: not stale
  }
  await removeStale(dir);
  return join(dir, `${name}.mjs`);
}

const exists = (path) => stat(path).then(() => true, () => false);

async function removeStale(keep) {
  for (const entry of await readdir(CACHE).catch(() => [])) {
    const path = join(CACHE, entry);
    if (path === keep) continue;
    const s = await stat(path).catch(() => undefined);
    if (s && Date.now() - s.mtimeMs > STALE_MS) await rm(path, { recursive: true, force: true }).catch(() => {});
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [entry, ...args] = process.argv.slice(2);
  if (!entry) {
    console.error('usage: node local/run-bundled.mjs <entry.ts> [args...]');
    process.exit(2);
  }
  const file = await bundleEntry(entry);
  // the program sees its own arguments, as if it had been started directly
  process.argv.splice(1, 2, resolve(entry));
  await import(pathToFileURL(file).href);
}
