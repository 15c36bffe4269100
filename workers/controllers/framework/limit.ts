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
 * served. The controllers' API calls pass through one per isolate (identity.ts), as client-go
 * bounds kube-controller-manager's requests: past the limit a request waits here rather than
 * being refused by the API server's max-in-flight with a 429 and retried seconds later.
 *
 * A gate outlives the requests that use it, and a request the runtime cancels (its CPU spent, or
 * found hung) never runs its continuations: a slot it held, or was handed while waiting, would
 * never be given back. So a slot held longer than `staleMs` counts as lost and is taken back
 * when a call finds the gate full.
 */
export function gate(limit: number, staleMs = Infinity): <T>(work: () => Promise<T>) => Promise<T> {
  const held = new Set<{ since: number }>();
  const waiting: ((slot: { since: number }) => void)[] = [];
  const take = () => {
    const slot = { since: Date.now() };
    held.add(slot);
    return slot;
  };
  const reclaim = () => {
    const now = Date.now();
    for (const slot of held) if (now - slot.since > staleMs) held.delete(slot);
    while (held.size < limit && waiting.length) waiting.shift()!(take());
  };
  return async (work) => {
    if (held.size >= limit) reclaim();
    const slot = held.size < limit && !waiting.length ? take() : await new Promise<{ since: number }>((go) => waiting.push(go));
    try {
      return await work();
    } finally {
      held.delete(slot);
      const next = waiting.shift();
      if (next) next(take()); // the slot passes on
    }
  };
}
