/**
 * The nodes and bound pods, kept from one cycle to the next, as kube-scheduler keeps its cache:
 * listing every bound pod at each cycle would cost the API more than the scheduling does. The
 * pods a cycle binds are added to it at once (plan.ts assumes them), so the next cycle counts
 * them without a list.
 *
 * When it is listed again: at the next cycle after a pod was deleted, a binding failed or the cron
 * resync ran, and at the latest MAX_AGE_MS after the last list. After a node changed (a hundred
 * agents' status writes: as often as several times a second) only the nodes are listed again, and
 * the pods counted on each node stay counted there (kube-scheduler updates a node in its cache
 * the same way, without touching its pods). In between it
 * may miss capacity freed by a pod that finished (counted as still there: the scheduler is then
 * only more careful), and a pod bound by another scheduler (this one may then overcommit a node,
 * which its kubelet would refuse).
 */
import type { Node } from '../../../lib/api/core/node.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { ControllerContext } from '../framework/controller.ts';
import { addPod, podInfo, snapshot, withNodes, type Snapshot } from './snapshot.ts';

const MAX_AGE_MS = 10_000;
const BOUND = 'spec.nodeName!=,status.phase!=Succeeded,status.phase!=Failed';

export class SnapshotCache {
  private snap?: Snapshot;
  private listedAt = 0;
  private stale = true;
  private nodesStale = false;

  /** Capacity may have changed: list again at the next cycle. */
  invalidate(): void {
    this.stale = true;
  }

  /** A node changed (its capacity, taints, conditions): list the nodes again at the next cycle. */
  nodeChanged(): void {
    this.nodesStale = true;
  }

  /** `assumed`: the pods being bound (by uid, with their node), counted on their nodes until the lists show them bound. */
  async get(ctx: ControllerContext, assumed: ReadonlyMap<string, { pod: Pod; node: string }> = new Map()): Promise<Snapshot> {
    const now = ctx.now().getTime();
    // cleared before listing: a change seen during the lists counts for the next cycle
    if (this.snap && !this.stale && now - this.listedAt <= MAX_AGE_MS) {
      if (!this.nodesStale) return this.snap;
      this.nodesStale = false;
      return (this.snap = withNodes(this.snap, (await ctx.api.list<Node>(RESOURCES.nodes)).items));
    }
    this.stale = false;
    this.nodesStale = false;
    const [nodes, bound] = await Promise.all([ctx.api.list<Node>(RESOURCES.nodes), ctx.api.list<Pod>(RESOURCES.pods, { fieldSelector: BOUND })]);
    this.snap = snapshot(nodes.items, bound.items);
    const listed = new Set(bound.items.map((p) => p.metadata.uid));
    for (const [uid, { pod, node }] of assumed) {
      const n = this.snap.byName.get(node);
      if (n && !listed.has(uid)) addPod(n, podInfo(pod));
    }
    this.listedAt = now;
    return this.snap;
  }
}
