/**
 * Runs controllers on a batch of queue messages.
 *
 * Delivery guarantees of the queue (and so of this runner): at least once, in no particular
 * order, possibly batched with unrelated messages. The runner therefore
 * - dedupes: a key is reconciled once per batch however many messages name it;
 * - retries a reconcile that lost a write race (409) a few times with a fresh read;
 * - requeues, with a delay, a key whose reconcile failed otherwise (and the cron resync would
 *   catch it anyway).
 */
import type { ChangeMessage } from '../../apiserver/env.ts';
import { isConflict } from '../../../lib/client/client.ts';
import type { Env, QueueMessage } from '../env.ts';
import type { Controller, ControllerContext, Settings } from './controller.ts';
import { clientFor } from './identity.ts';
import { eventRecorder } from './events.ts';

const CONFLICT_RETRIES = 5;
const FAILURE_REQUEUE_SECONDS = 5;

export function settingsFrom(env: Env): Settings {
  return { nodeMonitorGraceSeconds: Number(env.NODE_MONITOR_GRACE_SECONDS ?? 50), clusterCA: env.CLUSTER_CA };
}

export function contextFor(env: Env, c: Controller, cluster: string): ControllerContext {
  const api = clientFor(env, c.name, c.fieldManager ?? 'kube-controller-manager');
  const now = () => new Date();
  return {
    api,
    events: eventRecorder(api, c.name, now),
    requeue: async (key, seconds) => {
      await env.CHANGES.send({ type: 'REQUEUE', cluster, controller: c.name, key }, { delaySeconds: Math.max(0, Math.ceil(seconds)) });
    },
    settings: settingsFrom(env),
    now,
  };
}

/** Reconciles every key the messages lead to; resolves when all are done. */
export async function runMessages(env: Env, controllers: Controller[], messages: QueueMessage[]): Promise<void> {
  const cluster = messages[0]?.cluster ?? 'default';
  await Promise.all(
    controllers.map(async (c) => {
      const ctx = contextFor(env, c, cluster);
      const keys = new Set<string>();
      for (const m of messages) {
        if (m.type === 'REQUEUE') {
          if (m.controller === c.name) keys.add(m.key);
        } else for (const k of await c.keysFor(m as ChangeMessage, ctx)) keys.add(k);
      }
      await reconcileAll(c, ctx, [...keys]);
    }),
  );
}

export async function reconcileAll(c: Controller, ctx: ControllerContext, keys: string[]): Promise<void> {
  for (const key of keys) await reconcileOne(c, ctx, key);
}

async function reconcileOne(c: Controller, ctx: ControllerContext, key: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await c.reconcile(key, ctx);
    } catch (e) {
      if (isConflict(e) && attempt < CONFLICT_RETRIES) continue; // someone wrote first: read again
      console.error(`${c.name}: reconcile ${key}: ${(e as Error).message}`);
      await ctx.requeue(key, FAILURE_REQUEUE_SECONDS).catch(() => undefined);
      return;
    }
  }
}
