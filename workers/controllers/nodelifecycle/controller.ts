/**
 * Node lifecycle controller (`node-controller`): watches each node's heartbeat. A node whose Lease
 * in kube-node-lease has not been renewed for the grace period (settings.nodeMonitorGraceSeconds,
 * NODE_MONITOR_GRACE_SECONDS, 50 s by default) gets Ready=Unknown ("Kubelet stopped posting node
 * status."), the event NodeNotReady, the taints node.kubernetes.io/unreachable NoSchedule and
 * NoExecute, and its pods are marked not ready (so endpoints drop them). When the lease is renewed
 * again, Ready comes back and the taints go. Evicting the pods is the taint eviction controller's
 * part (eviction.ts).
 *
 * Keys are node names; a node change or a change to its lease maps to it. A healthy node is
 * looked at again when its grace period would run out (one pending re-check per node, see
 * recheck.ts); the cron resync looks at every node.
 */
import type { Node } from '../../../lib/api/core/node.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { Lease } from '../../../lib/api/coordination.ts';
import { isNotFound } from '../../../lib/client/client.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { Controller, ControllerContext } from '../framework/controller.ts';
import { lastHeardFrom, lostConditions, readyStatus, recoveredConditions, rfc3339 } from './health.ts';
import { Rechecks } from './recheck.ts';
import { reconcileTaints } from './taints.ts';

export const NODE_LEASE_NAMESPACE = 'kube-node-lease';
/** Checked a little after the deadline, so that the node is then past it. */
const AFTER_DEADLINE_MS = 200;

/** MarkPodsNotReady: the pods of a lost node stop counting as ready. */
async function markPodsNotReady(ctx: ControllerContext, node: string, now: number): Promise<void> {
  const { items } = await ctx.api.list<Pod>(RESOURCES.pods, { fieldSelector: `spec.nodeName=${node}` });
  for (const pod of items) {
    const ready = pod.status?.conditions?.find((c) => c.type === 'Ready');
    if (!ready || ready.status === 'False') continue;
    try {
      await ctx.api.patch(RESOURCES.pods, pod.metadata.namespace, pod.metadata.name!, { status: { conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: rfc3339(now) }] } }, 'strategic', 'status');
    } catch (e) {
      if (isNotFound(e)) continue;
      throw e;
    }
    await ctx.events.warning({ ...pod, apiVersion: 'v1', kind: 'Pod' }, 'NodeNotReady', 'Node is not ready');
  }
}

/** The controller with its own memory of pending re-checks (tests make fresh ones). */
export const newNodeLifecycleController = (rechecks = new Rechecks()): Controller => {
  /** nodes found Ready and not lost at their last reconcile in this isolate */
  const healthy = new Set<string>();
  return {
    name: 'node-controller',
    resyncMinutes: 5,
    keysFor(change, ctx) {
      if (change.group === '' && change.resource === 'nodes') return [change.name];
      if (change.group === 'coordination.k8s.io' && change.resource === 'leases' && change.namespace === NODE_LEASE_NAMESPACE) {
        // a renewal of a healthy node's lease only moves its deadline later, and the re-check
        // pending for the old deadline reads the lease anyway: no need to look now (Kubernetes
        // checks its informer's copy every 5 s; here a look costs reads)
        if (change.type === 'MODIFIED' && healthy.has(change.name) && rechecks.pending(change.name, ctx.now().getTime())) return [];
        return [change.name];
      }
      return [];
    },
    async resync(ctx) {
      const { items } = await ctx.api.list<Node>(RESOURCES.nodes);
      return items.map((n) => n.metadata.name!);
    },
    async reconcile(name, ctx) {
      const now = ctx.now().getTime();
      rechecks.fired(name, now);
      // shared reads: the writes below are conditional on the node read (a conflict reads afresh)
      const [read, lease] = await Promise.all([ctx.shared.get<Node>(RESOURCES.nodes, undefined, name), ctx.shared.get<Lease>(RESOURCES.leases, NODE_LEASE_NAMESPACE, name)]);
      healthy.delete(name);
      if (!read) return rechecks.forget(name);
      let node = read;
      const heardAt = lastHeardFrom(node, lease);
      const deadline = heardAt + ctx.settings.nodeMonitorGraceSeconds * 1000;
      const lost = now > deadline;

      const wasReady = readyStatus(node);
      const conditions = lost ? lostConditions(node, now) : recoveredConditions(node, heardAt, now);
      if (conditions) {
        node = await ctx.api.update<Node>(RESOURCES.nodes, { ...node, status: { ...node.status, conditions } }, 'status');
        if (lost && wasReady === 'True') await ctx.events.normal({ ...node, apiVersion: 'v1', kind: 'Node' }, 'NodeNotReady', `Node ${name} status is now: NodeNotReady`);
      }
      const taints = reconcileTaints(node, now);
      if (taints) node = await ctx.api.update<Node>(RESOURCES.nodes, { ...node, spec: { ...node.spec, taints } });

      if (lost) await markPodsNotReady(ctx, name, now);
      else {
        await rechecks.at(ctx, name, deadline + AFTER_DEADLINE_MS, now);
        if (readyStatus(node) === 'True') healthy.add(name);
      }
    },
  };
};

export const nodeLifecycleController = newNodeLifecycleController();
