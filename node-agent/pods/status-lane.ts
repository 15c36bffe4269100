/**
 * The agent's pod status writes, one at a time, as the kubelet's status manager sends them from a
 * single goroutine (`syncPod` and `syncBatch` share it). Ten pods starting on a node would
 * otherwise put ten status writes in flight at once, a hundred nodes a thousand, which the API
 * serves all together and so each more slowly; waiting here instead, a pod whose status changes
 * again before its turn writes only its newest (the worker's `writeStatus`).
 */
export class StatusLane {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `write` once every write given before it has settled. */
  run<T>(write: () => Promise<T>): Promise<T> {
    const result = this.tail.then(write);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
