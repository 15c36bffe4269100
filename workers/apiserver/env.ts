/** Bindings of the apiserver worker (wrangler.toml; miniflare locally). */
import type { WatchHub } from '../../durable/watch-hub.ts';
import type { Metrics } from '../../durable/metrics.ts';
import type { NodeTunnel } from '../../durable/node-tunnel.ts';

export interface Env {
  /** libSQL over HTTP (Hrana): Turso/sqld in production, the embedded file's server locally */
  LIBSQL_URL: string;
  LIBSQL_AUTH_TOKEN?: string;
  /** bearer token of the `admin` user (group system:masters) */
  ADMIN_TOKEN: string;
  /** HMAC key of the tokens the control plane issues to its components (lib/auth/tokens.ts) */
  TOKEN_SIGNING_KEY?: string;
  /** Kubernetes' AuthenticationConfiguration (JSON or YAML): the OIDC issuers whose tokens are accepted (identity/jwt/) */
  AUTHENTICATION_CONFIG?: string;
  /** seconds of log history kept by compaction (default 300) */
  COMPACTION_WINDOW_SECONDS?: string;
  /** watch fan-out hubs, one per cluster and resource */
  WATCH_HUB: DurableObjectNamespace<WatchHub>;
  /** request counters shared by every isolate */
  METRICS: DurableObjectNamespace<Metrics>;
  /** the tunnels node agents open (pods/log, pods/exec), one per cluster and node */
  NODE_TUNNEL: DurableObjectNamespace<NodeTunnel>;
  /** local runtime only: makes admission webhooks' `url` calls from Node, trusting their caBundle (local/webhook-caller.ts) */
  WEBHOOK_CALLER?: Fetcher;
  /** the cluster CA (PEM), which a new cluster's namespaces get in kube-root-ca.crt at once (else the controllers add it) */
  CLUSTER_CA?: string;
  /** service ClusterIP range, an IPv4 CIDR (default 10.96.0.0/12) */
  SERVICE_CLUSTER_IP_RANGE?: string;
  /** seconds an event lives after its last occurrence (default 3600) */
  EVENT_TTL_SECONDS?: string;
  /** fair share (request/fairshare.ts): requests per second each identity may sustain (default 50; 0 = no limit) */
  FAIR_SHARE_QPS?: string;
  /** fair share: requests an idle identity may send at once (default 100) */
  FAIR_SHARE_BURST?: string;
  /** per tenant cluster (clusters/limits.ts; the root has none): live objects (default 5000; 0 = no limit) */
  CLUSTER_MAX_OBJECTS?: string;
  /** per tenant cluster: bytes of stored objects (default 67108864, 64 MiB; 0 = no limit) */
  CLUSTER_MAX_BYTES?: string;
  /** per tenant cluster and isolate: sustained writes per second of its users, components exempt (default 20; 0 = no limit) */
  CLUSTER_WRITE_QPS?: string;
  /** per tenant cluster and isolate: writes an idle cluster may make at once (default 100) */
  CLUSTER_WRITE_BURST?: string;
  /** change messages for the controllers (one per committed write, sent as arrays: handlers/change-batches.ts), and the cron's resync requests */
  CHANGES?: Queue<ChangeMessage | ChangeMessage[] | ResyncMessage>;
}

/** What a committed write tells the controllers: which object to look at, never what to do. */
export interface ChangeMessage {
  cluster: string;
  rev: number;
  group: string;
  resource: string;
  namespace?: string;
  name: string;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  /**
   * Facts about the write that spare the garbage collector a read (absent: unknown, read it):
   * whether the object's ownerReferences differ from the revision it replaced (ADDED: whether it
   * has any), and whether it is being deleted. Kubernetes' graph builder looks at an update only
   * when its owner references changed or it is being deleted.
   */
  ownersChanged?: boolean;
  deleting?: boolean;
  /**
   * A pod's update: whether it may change what the pod is charged to quota (it stopped being
   * charged, finished or past its deletion grace, or its resources changed). Kubernetes' quota
   * monitor looks at a pod's update only when it stops being charged. Absent: unknown.
   */
  chargeMayChange?: boolean;
  /**
   * A pod's write, its deletion too: whether its volumes name a claim (they never change). The
   * PVC protection controller looks only at such pods, as Kubernetes' enqueuePVCs does. Absent:
   * unknown.
   */
  usesClaims?: boolean;
}

/** The cron's request to resync every controller in one cluster (a tenant that changed since its last visit). */
export interface ResyncMessage {
  type: 'RESYNC';
  cluster: string;
}
