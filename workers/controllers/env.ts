/** Bindings of the controllers worker (workers/controllers/wrangler.toml; miniflare locally). */
import type { ChangeMessage, ResyncMessage } from '../apiserver/env.ts';

export interface Env {
  /** the apiserver, reached over HTTP like any client (service binding) */
  API: Fetcher;
  /** the same key the apiserver verifies component tokens with (lib/auth/tokens.ts) */
  TOKEN_SIGNING_KEY: string;
  /** the cluster CA, published in every namespace as ConfigMap kube-root-ca.crt */
  CLUSTER_CA?: string;
  /** the change queue, also used for delayed re-checks (timers finer than cron) */
  CHANGES: Queue<QueueMessage>;
  /** seconds without a lease renewal before a node is NotReady (default 50) */
  NODE_MONITOR_GRACE_SECONDS?: string;
  /** service ClusterIP range (default 10.96.0.0/12) */
  SERVICE_CLUSTER_IP_RANGE?: string;
}

/** A controller asking to look at a key again later (requeue with delay). */
export interface RequeueMessage {
  type: 'REQUEUE';
  cluster: string;
  controller: string;
  key: string;
}

export type QueueMessage = ChangeMessage | RequeueMessage | ResyncMessage;
