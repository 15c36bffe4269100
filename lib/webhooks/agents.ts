/**
 * Kept-alive HTTPS connections to admission webhooks, as kube-apiserver keeps them: its webhook
 * client manager caches one client per webhook configuration, whose Go transport reuses idle
 * connections (at most 25 idle per host, Kubernetes' SetTransportDefaults). Without this, every
 * call paid a TCP connect and a TLS handshake on both ends, which cost more than the rest of the
 * create.
 *
 * One agent per CA bundle: a connection is only ever reused by a call that trusts the same CA
 * (Node's agent already keys its pool by host, port and server name, so the name check made at
 * the handshake holds for every call that reuses it). The agents are kept in a small LRU so a
 * cluster with many CAs holds a bounded number of them; idle sockets close by themselves.
 */
import https from 'node:https';

export interface WebhookAgentsOptions {
  /** agents kept (one per CA bundle) */
  maxAgents?: number;
  /** an idle connection is closed after this long (below Node's default server keepAliveTimeout of 5 s, so the client closes first) */
  idleMs?: number;
  /** idle connections kept per host (Go's MaxIdleConnsPerHost as Kubernetes sets it) */
  maxIdlePerHost?: number;
}

export class WebhookAgents {
  readonly #agents = new Map<string, https.Agent>();
  readonly #max: number;
  readonly #idleMs: number;
  readonly #maxIdle: number;

  constructor(o: WebhookAgentsOptions = {}) {
    this.#max = o.maxAgents ?? 64;
    this.#idleMs = o.idleMs ?? 4_000;
    this.#maxIdle = o.maxIdlePerHost ?? 25;
  }

  /** The agent for calls trusting `caPem` (none: the system roots). */
  for(caPem: string | undefined): https.Agent {
    const key = caPem ?? '';
    let agent = this.#agents.get(key);
    if (agent) {
      // most recently used last
      this.#agents.delete(key);
    } else {
      // lifo: the fewest connections stay warm; idle ones then time out
      agent = new https.Agent({ keepAlive: true, maxFreeSockets: this.#maxIdle, timeout: this.#idleMs, scheduling: 'lifo' });
      if (this.#agents.size >= this.#max) this.#evictOldest();
    }
    this.#agents.set(key, agent);
    return agent;
  }

  /** Closes every connection, idle or not. */
  destroy(): void {
    for (const agent of this.#agents.values()) agent.destroy();
    this.#agents.clear();
  }

  #evictOldest(): void {
    const [key, agent] = this.#agents.entries().next().value as [string, https.Agent];
    this.#agents.delete(key);
    // calls in flight finish on their sockets; only the idle ones are closed now
    for (const sockets of Object.values(agent.freeSockets)) for (const s of sockets ?? []) s.destroy();
  }
}
