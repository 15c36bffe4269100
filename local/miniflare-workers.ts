/**
 * Turns a wrangler.toml into miniflare worker options, binding for binding, so local runs use
 * production's names. What only exists locally (the Hrana URL, the admin token) comes as `vars`.
 */
import type { WorkerOptions } from 'miniflare';
import { dirname } from 'node:path';
import type { WranglerConfig } from './wrangler-config.ts';

export function workerOptions(cfg: WranglerConfig, scriptPath: string, vars: Record<string, string> = {}): WorkerOptions {
  const sqlite = new Set(cfg.migrations.flatMap((m) => m.new_sqlite_classes ?? []));
  return {
    name: cfg.name,
    modules: true,
    scriptPath,
    // module names are paths relative to this root; the default (the cwd) breaks for a data dir outside it
    modulesRoot: dirname(scriptPath),
    compatibilityDate: cfg.compatibility_date,
    compatibilityFlags: cfg.compatibility_flags,
    // neither is used by the workers, and each is an isolate of its own in workerd (~2 MB at rest):
    // the Cache API (its Durable Object; a no-op stands in) and the CF-Connecting-IP stripper
    cache: false,
    stripCfConnectingIp: false,
    bindings: { ...cfg.vars, ...vars },
    durableObjects: Object.fromEntries(
      cfg.durable_objects.bindings.map((b) => [b.name, { className: b.class_name, useSQLite: sqlite.has(b.class_name) }]),
    ),
    queueProducers: Object.fromEntries(
      cfg.queues.producers.map((p) => [p.binding, { queueName: p.queue, deliveryDelay: p.delivery_delay }]),
    ),
    queueConsumers: Object.fromEntries(
      cfg.queues.consumers.map((c) => [
        c.queue,
        {
          maxBatchSize: c.max_batch_size,
          maxBatchTimeout: c.max_batch_timeout,
          maxRetries: c.max_retries,
          deadLetterQueue: c.dead_letter_queue,
          retryDelay: c.retry_delay,
        },
      ]),
    ),
    serviceBindings: Object.fromEntries(
      cfg.services.map((s) => [s.binding, s.entrypoint ? { name: s.service, entrypoint: s.entrypoint } : s.service]),
    ),
  };
}
