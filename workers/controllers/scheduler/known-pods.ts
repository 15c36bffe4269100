/**
 * The pending pods the scheduler knows without listing them: those whose change the batch brought,
 * as the write's answer or the batch's read (controller.ts), as kube-scheduler learns of a new pod
 * from its informer's event instead of listing. A cycle asked for by these alone places them
 * alone; anything else (a retry, the resync, a failed cycle or binding, pods waiting
 * unschedulable) sets `mustList`, and the next cycle lists every pending pod.
 *
 * A pod a cycle already looked at is not taken again (a pod known just after a listing cycle
 * took it from its list would otherwise be bound twice: the second binding a 409, and a reload
 * of the scheduler's cache).
 */
import type { Pod } from '../../../lib/api/core/pod.ts';

/** uids of pods already looked at, kept to refuse a late `add`; bounded */
const MAX_HANDLED = 10_000;
/**
 * Past this many known pods, the cycle lists anyway: in a burst, the queue lags behind the
 * creates, and one list (a batch's worth of reads) places the pods whose changes are still queued.
 */
export const LIST_FROM = 16;

export class KnownPods {
  private readonly pods = new Map<string, Pod>();
  private readonly seen = new Set<string>();
  /** the first cycle of an isolate lists: pods created before it are known to nobody */
  private listNeeded = true;

  /** `pod` is pending, as its create's answer says. */
  add(pod: Pod): void {
    const uid = pod.metadata.uid;
    if (!uid || this.seen.has(uid)) return;
    this.pods.set(uid, pod);
  }

  /** The next cycle must list the pending pods: something other than a known pod asked for it. */
  mustList(): void {
    this.listNeeded = true;
  }

  /**
   * What the next cycle places: the known pods alone, or undefined when it must list (`waiting`:
   * unschedulable pods wait, and what made it run may have made room for them). A cycle with no
   * known pod lists too: something else asked for it (a requeue sent by another isolate, say);
   * and so does one with LIST_FROM or more.
   */
  take(waiting: boolean): Pod[] | undefined {
    const pods = [...this.pods.values()];
    this.pods.clear();
    if (!this.listNeeded && !waiting && pods.length && pods.length < LIST_FROM) return pods;
    this.listNeeded = false;
    return undefined;
  }

  /** A cycle looked at these pods (placed them, or found them unschedulable). */
  handled(uids: string[]): void {
    for (const uid of uids) {
      this.pods.delete(uid);
      if (this.seen.size >= MAX_HANDLED) this.seen.delete(this.seen.values().next().value!);
      this.seen.add(uid);
    }
  }
}
