/**
 * cluster-status-controller: keeps each tenant Cluster's status (Ready/total nodes, Running/total
 * pods, lastActivity) from the tenant's own change messages. It is a root-cluster controller fed
 * by the messages of every cluster (index.ts hands it the whole batch), so it looks only at the
 * tenants a batch names (status.ts: no polling, lastActivity throttled). It reads a tenant as the
 * informers do (kube-controller-manager, through the tenant's path) and writes the Cluster's
 * status in the root as kube-system/cluster-status-controller (its role is made with the first
 * Cluster: apiserver clusters/tenant-admins.ts).
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { TENANCY_GROUP, TENANCY_VERSION, type Cluster } from '../../../lib/api/tenancy.ts';
import { ROOT_CLUSTER } from '../../../lib/auth/tokens.ts';
import { RESOURCES, type Resource } from '../../../lib/client/resources.ts';
import type { Env, QueueMessage } from '../env.ts';
import type { Controller } from '../framework/controller.ts';
import { informerReads } from '../framework/identity.ts';
import { contextFor, reconcileAll } from '../framework/runner.ts';
import type { Reads } from '../framework/shared-reads.ts';
import { ActivityClock, CLUSTER_STATUS_CONTROLLER, clustersToLook, nextStatus } from './status.ts';

export const CLUSTERS: Resource = { group: TENANCY_GROUP, version: TENANCY_VERSION, resource: 'clusters', namespaced: false };

/** `tenantReads(name)`: reads in the tenant; `active(name)`: whether it was written to since the last look. */
export function clusterStatusController(tenantReads: (cluster: string) => Reads, active: (cluster: string) => boolean): Controller {
  return {
    name: CLUSTER_STATUS_CONTROLLER,
    keysFor: () => [], // fed by observeClusters, not by the root's own runner
    async reconcile(name, ctx) {
      const cluster = await ctx.api.get<Cluster>(CLUSTERS, undefined, name);
      if (!cluster || cluster.metadata.deletionTimestamp) return;
      const reads = tenantReads(name);
      const [nodes, pods] = await Promise.all([reads.list<KubeObject>(RESOURCES.nodes), reads.list<KubeObject>(RESOURCES.pods)]);
      const status = nextStatus(cluster.status, nodes.items, pods.items, active(name), ctx.now());
      if (JSON.stringify(status) === JSON.stringify(cluster.status ?? {})) return;
      await ctx.api.update(CLUSTERS, { ...cluster, status }, 'status');
    },
  };
}

const clock = new ActivityClock();

/** The batch's work for the controller: the clusters it names, looked at from the root. */
export async function observeClusters(env: Env, messages: QueueMessage[]): Promise<void> {
  const keys = clustersToLook(messages, clock, Date.now());
  if (!keys.length) return;
  const written = new Set(messages.filter((m) => m.type !== 'REQUEUE' && m.type !== 'RESYNC').map((m) => m.cluster));
  const controller = clusterStatusController((cluster) => informerReads(env, cluster), (cluster) => written.has(cluster));
  await reconcileAll(controller, contextFor(env, controller, ROOT_CLUSTER), keys);
}
