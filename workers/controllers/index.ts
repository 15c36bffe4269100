/**
 * The controllers worker: every committed write reaches it as a change message on the queue;
 * each controller maps changes to keys and reconciles them through the API (framework/runner.ts).
 * Cron resyncs every key, so a lost message only delays convergence.
 */
import type { Env, QueueMessage } from './env.ts';
import type { Controller } from './framework/controller.ts';
import { contextFor, reconcileAll, runMessages } from './framework/runner.ts';
import { namespaceController } from './namespace/controller.ts';
import { rootCAPublisher, serviceAccountController } from './serviceaccount/controller.ts';
import { scheduler } from './scheduler/controller.ts';
import { nodeLifecycleControllers } from './nodelifecycle/index.ts';
import { deploymentController } from './deployment/controller.ts';
import { replicaSetController } from './replicaset/controller.ts';
import { garbageCollector } from './gc/controller.ts';
import { endpointControllers } from './endpointslice/controller.ts';
import { clusterRoleAggregationController } from './clusterroleaggregation/controller.ts';
import { resourceQuotaController } from './resourcequota/controller.ts';

export const controllers: Controller[] = [namespaceController, serviceAccountController, rootCAPublisher, scheduler, ...nodeLifecycleControllers, deploymentController, replicaSetController, garbageCollector, ...endpointControllers, resourceQuotaController, clusterRoleAggregationController];

export default {
  async queue(batch, env) {
    await runMessages(env, controllers, batch.messages.map((m) => m.body));
    batch.ackAll();
  },
  async scheduled(_event, env) {
    await Promise.all(
      controllers.map(async (c) => {
        if (!c.resync) return;
        const ctx = contextFor(env, c, 'default');
        await reconcileAll(c, ctx, await c.resync(ctx));
      }),
    );
  },
} satisfies ExportedHandler<Env, QueueMessage>;
