/**
 * One controller's keys within one batch, as client-go's workqueue holds them: a key waits once
 * however often it is added, is never worked on twice at once, and a key added while it is worked
 * on is worked on again once that ends (what it read may predate the change that added it).
 *
 * Each entry says whether its reconcile may use the batch's shared reads (a key the batch's
 * messages led to) or must read afresh (a key a change made during the batch led to: the batch's
 * reads may predate that change, and its queue message is not waited for), and which objects
 * written during the batch it may take as read (`Seeds`: the answers of the writes that led to it,
 * the latest revision of each).
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Resource } from '../../../lib/client/resources.ts';
import type { Work } from './work.ts';

/** Written objects by path, with their revision; a later revision replaces an earlier one. */
export type Seeds = Map<string, { rev: number; object: KubeObject; res: Resource }>;

export interface Entry {
  fresh: boolean;
  seeds?: Seeds;
}

function merge(into: Entry, more: Entry): void {
  into.fresh ||= more.fresh;
  if (!more.seeds) return;
  into.seeds ??= new Map();
  for (const [path, seed] of more.seeds) if ((into.seeds.get(path)?.rev ?? -1) < seed.rev) into.seeds.set(path, seed);
}

export class KeyQueue {
  private readonly waiting = new Map<string, Entry>();
  private readonly active = new Set<string>();
  /** keys added again while worked on, and how they are to be read then */
  private readonly again = new Map<string, Entry>();

  constructor(
    private readonly workers: number,
    private readonly work: Work,
    private readonly reconcile: (key: string, entry: Entry) => Promise<void>,
  ) {}

  add(key: string, entry: Entry): void {
    const into = this.active.has(key) ? this.again : this.waiting;
    const known = into.get(key);
    if (known) merge(known, entry);
    else into.set(key, { fresh: entry.fresh, seeds: entry.seeds && new Map(entry.seeds) });
    this.pump();
  }

  addAll(keys: Iterable<string>, entry: Entry): void {
    for (const key of keys) this.add(key, entry);
  }

  private pump(): void {
    for (const [key, entry] of this.waiting) {
      if (this.active.size >= this.workers) return;
      if (this.active.has(key)) continue;
      this.waiting.delete(key);
      this.active.add(key);
      // the next key starts within this one's tracked work, so the batch is never seen idle between them
      void this.work.track(async () => {
        try {
          await this.reconcile(key, entry);
        } catch {
          // the reconcile reports its own failures (runner.ts)
        } finally {
          this.active.delete(key);
          const next = this.again.get(key);
          if (next) {
            this.again.delete(key);
            this.waiting.set(key, next);
          }
          this.pump();
        }
      });
    }
  }
}
