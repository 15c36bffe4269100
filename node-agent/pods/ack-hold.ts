/**
 * The pod's first status (its acknowledgment: Pending, ContainerCreating, no startTime yet) waits
 * up to `ms` (2 s) before it is written; a newer status of the pod ends the wait at once, and the
 * worker's write queue then writes only the newer one, as the kubelet's status manager writes the
 * latest status of a pod. A pod that starts within the hold (its image present, its token
 * answered) so costs one status write instead of two; a status that says more (Running, Ready,
 * a failure, an init container running) is never delayed. One per pod worker.
 */
import type { Pod, PodStatus } from '../../lib/api/core/pod.ts';

export const ACK_HOLD_MS = 2000;
/** the waiting reasons of a container the kubelet has only begun to make */
const CREATING = new Set(['ContainerCreating', 'PodInitializing']);

export class AckHold {
  private release?: () => void;

  constructor(private readonly ms = ACK_HOLD_MS) {}

  /**
   * The pod's first status, not yet written, that says nothing more than "taken": Pending, each
   * container still being created. One that says more (a pull that failed, a config error, an
   * init container running) is written at once: `kubectl get pods -w` shows ErrImagePull before
   * ImagePullBackOff, as it does with the kubelet.
   */
  static isAck(pod: Pod, status: PodStatus): boolean {
    if (pod.status?.startTime || status.phase !== 'Pending') return false;
    const containers = [...(status.initContainerStatuses ?? []), ...(status.containerStatuses ?? [])];
    return containers.every((c) => !c.state?.running && !c.state?.terminated && (!c.state?.waiting || CREATING.has(c.state.waiting.reason ?? '')));
  }

  /**
   * Resolves when `status` may be written: after `ms` for an acknowledgment, at once otherwise.
   * Any later call ends a wait in progress.
   */
  wait(pod: Pod, status: PodStatus): Promise<void> {
    this.end();
    if (!AckHold.isAck(pod, status)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        if (self.release === done) self.release = undefined;
        resolve();
      }
      this.release = done;
    });
  }

  /** Ends a wait in progress (the worker stops, or a newer status comes). */
  end(): void {
    this.release?.();
    this.release = undefined;
  }
}
