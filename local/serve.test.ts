import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { parseServeArgs, UsageError } from './serve.ts';

test('defaults: .timonier in the cwd, port 6443, quiet', () => {
  assert.deepEqual(parseServeArgs([]), {
    dataDir: resolve('.timonier'),
    port: 6443,
    host: undefined,
    compactionWindowSeconds: undefined,
    verbose: false,
  });
});

test('the flags scripts rely on', () => {
  const args = parseServeArgs(['--data-dir', '/tmp/d', '--port', '0', '--host', 'localhost', '--compaction-window', '30', '--verbose']);
  assert.deepEqual(args, { dataDir: '/tmp/d', port: 0, host: 'localhost', compactionWindowSeconds: 30, verbose: true });
});

test('--api-processes N: workerd processes serving the API', () => {
  assert.equal((parseServeArgs(['--api-processes', '3']) as { apiProcesses?: number }).apiProcesses, 3);
  assert.equal('apiProcesses' in (parseServeArgs([]) as object), false);
  assert.throws(() => parseServeArgs(['--api-processes', '0']), /--api-processes must be an integer from 1 to 64, not "0"/);
  assert.throws(() => parseServeArgs(['--api-processes', 'two']), UsageError);
});

test('refuses unknown flags and bad numbers', () => {
  assert.throws(() => parseServeArgs(['--datadir', 'x']), UsageError);
  assert.throws(() => parseServeArgs(['--port', '70000']), /--port must be an integer from 0 to 65535/);
  assert.throws(() => parseServeArgs(['--port', '1e3']), UsageError);
  assert.throws(() => parseServeArgs(['--compaction-window', '0']), UsageError);
});

test('--help', () => {
  assert.equal(parseServeArgs(['-h']), 'help');
});
