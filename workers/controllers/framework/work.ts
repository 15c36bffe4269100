/**
 * The work of one batch still under way: reconciles, and the keys sought for changes made during
 * the batch. The batch is done when none is left; each piece may start more before it ends.
 */
export class Work {
  private running = 0;
  private waiters: (() => void)[] = [];

  /** Runs `task`, counted until it settles. */
  async track<T>(task: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await task();
    } finally {
      if (--this.running === 0) for (const w of this.waiters.splice(0)) w();
    }
  }

  /** Resolves once nothing is under way (at once if nothing is). */
  async idle(): Promise<void> {
    while (this.running > 0) await new Promise<void>((done) => this.waiters.push(done));
  }
}
