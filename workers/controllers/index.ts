/**
 * The controllers worker: every committed write reaches it as a change message on the queue;
 * each controller maps changes to keys and reconciles them through its cluster's API
 * (framework/runner.ts). Cron resyncs every key of the root cluster (each controller at its own
 * period, framework/resync.ts); tenant clusters are resynced
 * when the apiserver's cron asks (RESYNC messages, for those written since its last run), so a
 * lost message only delays convergence and an idle cluster costs nothing.
 */
import '../../lib/isolate/no-proto-accessor.ts'; // first: map keys named __proto__ are kept
import type { Env, QueueMessage } from './env.ts';
import type { Controller } from './framework/controller.ts';
import { contextFor, reconcileAll, runMessages } from './framework/runner.ts';
import { resyncDue } from './framework/resync.ts';
import { withApiGate } from './framework/api-gate.ts';
import { namespaceController } from './namespace/controller.ts';
import { rootCAPublisher, serviceAccountController } from './serviceaccount/controller.ts';
import { newScheduler } from './scheduler/controller.ts';
import { newNodeLifecycleController } from './nodelifecycle/controller.ts';
import { newTaintEvictionController } from './nodelifecycle/eviction.ts';
import { ROOT_CLUSTER } from '../../lib/auth/tokens.ts';
import { deploymentController } from './deployment/controller.ts';
import { replicaSetController } from './replicaset/controller.ts';
import { statefulSetController } from './statefulset/controller.ts';
import { daemonSetController } from './daemonset/controller.ts';
import { batchControllers } from './job/index.ts';
import { garbageCollector } from './gc/controller.ts';
import { endpointControllers } from './endpointslice/controller.ts';
import { clusterRoleAggregationController } from './clusterroleaggregation/controller.ts';
import { resourceQuotaController } from './resourcequota/controller.ts';
import { observeClusters } from './clusterstatus/controller.ts';
import { newHpaController } from './hpa/controller.ts';
import { volumeBinder } from './volume/controller.ts';
import { pvcProtectionController, pvProtectionController } from './volume/protection.ts';

/**
 * One cluster's controllers. Those that remember things between batches (the scheduler's cache
 * of nodes and bound pods, the node lifecycle's and taint eviction's pending re-checks) are made
 * per cluster, so no memory of one cluster ever serves another; the others are stateless values.
 */
export function newControllerSet(): Controller[] {
  return [namespaceController, serviceAccountController, rootCAPublisher, newScheduler(), newNodeLifecycleController(), newTaintEvictionController(), deploymentController, replicaSetController, statefulSetController, daemonSetController, ...batchControllers, garbageCollector, ...endpointControllers, resourceQuotaController, clusterRoleAggregationController, volumeBinder, pvcProtectionController, pvProtectionController, newHpaController()];
}

export const controllers: Controller[] = newControllerSet();

/** per isolate, the tenant clusters it has served; bounded (a set is small, and rebuilt when needed) */
const sets = new Map<string, Controller[]>();
const MAX_CLUSTERS = 1000;

export function controllersOf(cluster: string): Controller[] {
  if (cluster === ROOT_CLUSTER) return controllers;
  let set = sets.get(cluster);
  if (!set) {
    if (sets.size >= MAX_CLUSTERS) sets.delete(sets.keys().next().value!);
    sets.set(cluster, (set = newControllerSet()));
  }
  return set;
}

export default {
  /**
   * No Kubernetes API here. `GET /backlog`: the change queue's backlog (messages not yet
   * consumed), how far behind the controllers are; reading it also runs the queue's own isolates
   * in the local runtime, which its idle collector needs (local/idle-gc.ts). Any other request
   * just runs this isolate.
   */
  async fetch(request, env) {
    if (request.method === 'GET' && new URL(request.url).pathname === '/backlog') return Response.json(await env.CHANGES.metrics());
    return new Response('the controllers serve no HTTP API\n', { status: 404 });
  },
  async queue(batch, isolateEnv) {
    const env = withApiGate(isolateEnv);
    const messages = batch.messages.flatMap((m) => (Array.isArray(m.body) ? m.body : [m.body])); // the apiserver sends its changes as arrays (handlers/change-batches.ts)
    await Promise.all([runMessages(env, controllersOf, messages), observeClusters(env, messages)]);
    batch.ackAll();
  },
  async scheduled(event, isolateEnv) {
    const env = withApiGate(isolateEnv);
    await Promise.all(
      controllers.map(async (c) => {
        if (!c.resync || !resyncDue(c, new Date(event.scheduledTime ?? Date.now()))) return;
        const ctx = contextFor(env, c, ROOT_CLUSTER);
        await reconcileAll(c, ctx, await c.resync(ctx));
      }),
    );
  },
} satisfies ExportedHandler<Env, QueueMessage>;
