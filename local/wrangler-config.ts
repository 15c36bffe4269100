/**
 * Reads a worker's wrangler.toml: the one description of its name, compatibility date and
 * bindings, used by `wrangler deploy` and by the local runtime alike so the two cannot drift.
 * Only the keys the runtime knows how to emulate are accepted: a binding added to wrangler.toml
 * that the runtime would silently drop is refused instead.
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import * as v from 'valibot';

const Binding = v.strictObject({ name: v.string(), class_name: v.string() });
const Producer = v.strictObject({ binding: v.string(), queue: v.string(), delivery_delay: v.optional(v.number()) });
const Consumer = v.strictObject({
  queue: v.string(),
  max_batch_size: v.optional(v.number()),
  max_batch_timeout: v.optional(v.number()),
  max_retries: v.optional(v.number()),
  dead_letter_queue: v.optional(v.string()),
  retry_delay: v.optional(v.number()),
});
const Service = v.strictObject({ binding: v.string(), service: v.string(), entrypoint: v.optional(v.string()) });
const Migration = v.strictObject({
  tag: v.string(),
  new_sqlite_classes: v.optional(v.array(v.string())),
  new_classes: v.optional(v.array(v.string())),
  deleted_classes: v.optional(v.array(v.string())),
});

const WranglerToml = v.strictObject({
  name: v.string(),
  main: v.string(),
  compatibility_date: v.pipe(v.string(), v.isoDate()),
  compatibility_flags: v.optional(v.array(v.string()), []),
  vars: v.optional(v.record(v.string(), v.string()), {}),
  durable_objects: v.optional(v.strictObject({ bindings: v.array(Binding) }), { bindings: [] }),
  migrations: v.optional(v.array(Migration), []),
  queues: v.optional(
    v.strictObject({ producers: v.optional(v.array(Producer), []), consumers: v.optional(v.array(Consumer), []) }),
    { producers: [], consumers: [] },
  ),
  services: v.optional(v.array(Service), []),
  triggers: v.optional(v.strictObject({ crons: v.array(v.string()) }), { crons: [] }),
});

export type WranglerConfig = v.InferOutput<typeof WranglerToml> & {
  /** `main`, resolved against the file's directory */
  entry: string;
};

/** Parses and checks `file`; errors name the file and every offending key. */
export async function readWranglerConfig(file: string): Promise<WranglerConfig> {
  const result = v.safeParse(WranglerToml, parseToml(await readFile(file, 'utf8')));
  if (!result.success) throw new Error(`${file}: not a configuration the local runtime can run:\n${v.summarize(result.issues)}`);
  return { ...result.output, entry: resolve(dirname(file), result.output.main) };
}
