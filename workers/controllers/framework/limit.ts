/** Runs `work` over `items`, at most `limit` at a time; rejects with the first error once all have settled. */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  let failed: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failed ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed) throw failed.error;
}

/**
 * At most `limit` calls of `run` in progress at once; the others wait their turn, first come first
 * served. A gate belongs to one request: one shared by several would hand a slot from one
 * request's I/O to another (framework/api-gate.ts says why that must not be).
 */
export function gate(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= limit || waiting.length) await new Promise<void>((go) => waiting.push(go));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next(); // the slot passes on
      else running--;
    }
  };
}
