import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { workerOptions } from './miniflare-workers.ts';
import { readWranglerConfig } from './wrangler-config.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('the wrangler.toml files', () => {
  test('describe the apiserver as the runtime needs it', async () => {
    const api = await readWranglerConfig(join(ROOT, 'wrangler.toml'));
    assert.equal(api.entry, resolve(ROOT, 'workers/apiserver/index.ts'));
    const opts = workerOptions(api, '/bundle.js', { ADMIN_TOKEN: 'a' });
    assert.deepEqual(opts.durableObjects, {
      WATCH_HUB: { className: 'WatchHub', useSQLite: true },
      METRICS: { className: 'Metrics', useSQLite: true },
      NODE_TUNNEL: { className: 'NodeTunnel', useSQLite: true },
    });
    assert.deepEqual(opts.queueProducers, { CHANGES: { queueName: 'timonier-changes', deliveryDelay: undefined } });
    assert.deepEqual(opts.bindings, { COMPACTION_WINDOW_SECONDS: '300', ADMIN_TOKEN: 'a' });
    assert.deepEqual(api.triggers.crons, ['* * * * *']);
  });

  test('wire the controllers to the apiserver: its queue, its name, no batching delay', async () => {
    const api = await readWranglerConfig(join(ROOT, 'wrangler.toml'));
    const ctl = await readWranglerConfig(join(ROOT, 'workers/controllers/wrangler.toml'));
    assert.equal(ctl.entry, resolve(ROOT, 'workers/controllers/index.ts'));
    assert.equal(ctl.compatibility_date, api.compatibility_date);
    const opts = workerOptions(ctl, '/bundle.js');
    assert.deepEqual(opts.serviceBindings, { API: api.name });
    const queue = api.queues.producers[0].queue;
    assert.equal(opts.queueConsumers && (opts.queueConsumers as Record<string, { maxBatchTimeout?: number }>)[queue]?.maxBatchTimeout, 0);
  });
});

describe('readWranglerConfig', () => {
  test('refuses a binding the local runtime would not emulate', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'timonier-wrangler-'));
    try {
      const file = join(dir, 'wrangler.toml');
      const base = await readFile(join(ROOT, 'wrangler.toml'), 'utf8');
      await writeFile(file, `${base}\n[[kv_namespaces]]\nbinding = "KV"\nid = "x"\n`);
      await assert.rejects(readWranglerConfig(file), /kv_namespaces/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
