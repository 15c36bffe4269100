import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const RUNNER = fileURLToPath(new URL('./run-bundled.mjs', import.meta.url));

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'timonier-run-bundled-'));
  await writeFile(join(dir, 'near.ts'), `export const nearUrl: string = import.meta.url;\n`);
  await writeFile(join(dir, 'lazy.ts'), `export const lazy = (n: number): number => n * 2;\n`);
  await writeFile(
    join(dir, 'main.ts'),
    `import { parse } from 'yaml';
import { nearUrl } from './near.ts';
const { lazy } = await import('./lazy.ts');
console.log(JSON.stringify({
  mainUrl: import.meta.url,
  nearUrl,
  argv1: process.argv[1],
  args: process.argv.slice(2),
  yaml: parse('a: 1'),
  lazy: lazy(21),
  sourceMaps: process.sourceMapsEnabled,
}));
`,
  );
});
after(() => rm(dir, { recursive: true, force: true }));

const run = (...args: string[]) =>
  new Promise<string>((ok, fail) =>
    execFile(process.execPath, [RUNNER, ...args], { timeout: 60_000, env: { ...process.env, NODE_OPTIONS: '' } }, (err, stdout, stderr) =>
      err ? fail(new Error(`${err.message}\n${stderr}`)) : ok(stdout),
    ),
  );

test('runs a TypeScript entry without a transpiler in the process: its arguments, its imports, lazy ones too', async () => {
  const out = JSON.parse(await run(join(dir, 'main.ts'), '--port', '0'));
  assert.equal(out.argv1, join(dir, 'main.ts'), 'the program sees itself as started directly');
  assert.deepEqual(out.args, ['--port', '0']);
  assert.deepEqual(out.yaml, { a: 1 }, 'a package from node_modules');
  assert.equal(out.lazy, 42);
  assert.equal(out.sourceMaps, false, 'tsx would have turned source maps on');
});

test("each file keeps its own import.meta.url, so files next to it are found as before", async () => {
  const out = JSON.parse(await run(join(dir, 'main.ts')));
  assert.equal(out.mainUrl, pathToFileURL(join(dir, 'main.ts')).href);
  assert.equal(out.nearUrl, pathToFileURL(join(dir, 'near.ts')).href);
});

test('packages stay external, and a lazy import stays a chunk of its own', async () => {
  const { bundleEntry } = (await import(pathToFileURL(RUNNER).href)) as { bundleEntry(entry: string): Promise<string> };
  const file = await bundleEntry(join(dir, 'main.ts'));
  const text = await readFile(file, 'utf8');
  assert.match(text, /from "yaml"/);
  assert.doesNotMatch(text, /n \* 2/, 'lazy.ts is not in the entry chunk');
  assert.equal(await bundleEntry(join(dir, 'main.ts')), file, 'the same sources reuse the same build');
});
