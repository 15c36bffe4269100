/**
 * The node's presence in the API: registration (create the Node, or adopt the existing one and
 * restore its labels), the Lease in kube-node-lease renewed every 10 s (the node lifecycle
 * controller's liveness signal), and the Node status recomputed every 10 s and written when it
 * changed or 5 minutes passed (its heartbeat times are then new): the kubelet's
 * nodeStatusUpdateFrequency and nodeStatusReportFrequency. The Lease is the heartbeat; an
 * unchanged status written every minute would cost every node a write and the controllers' reads.
 */
import type { Node } from '../../lib/api/core/node.ts';
import type { Lease } from '../../lib/api/coordination.ts';
import { isConflict, isNotFound, ApiError, type ApiClient } from '../../lib/client/client.ts';
import { RESOURCES } from '../../lib/client/resources.ts';
import { sleep } from '../pods/hooks.ts';
import type { Runtime, RuntimeVersion } from '../runtime/types.ts';
import { hostAddresses, type MachineFacts } from './machine.ts';
import { newNode, nodeStatus, runtimeProblems, statusChanged, type Health, type NodeOptions } from './object.ts';

export interface HeartbeatOptions {
  api: ApiClient;
  nodeName: string;
  facts: MachineFacts;
  runtime: Runtime;
  nodeOptions?: NodeOptions;
  leaseDurationSeconds?: number;
  leaseRenewMs?: number;
  statusCheckMs?: number;
  statusReportMs?: number;
  log?: (line: string) => void;
}

export const LEASE_NAMESPACE = 'kube-node-lease';
/** kubelet's nodeStatusReportFrequency: an unchanged status is written this often */
export const NODE_STATUS_REPORT_MS = 5 * 60_000;
/** Lease renewTime is a MicroTime: RFC 3339 with microseconds. */
export const microTime = (d: Date) => d.toISOString().replace('Z', '000Z');

export async function registerNode(o: HeartbeatOptions): Promise<Node> {
  const wanted = newNode(o.nodeName, o.facts, o.nodeOptions);
  try {
    return await o.api.create<Node>(RESOURCES.nodes, undefined, wanted);
  } catch (e) {
    if (!(e instanceof ApiError && e.code === 409)) throw e;
  }
  // registered before (a restart of the agent): keep the object, put back our labels
  const existing = (await o.api.get<Node>(RESOURCES.nodes, undefined, o.nodeName))!;
  const labels = wanted.metadata.labels ?? {};
  if (Object.entries(labels).some(([k, v]) => existing.metadata.labels?.[k] !== v)) return o.api.patch<Node>(RESOURCES.nodes, undefined, o.nodeName, { metadata: { labels } });
  return existing;
}

export class Heartbeats {
  private node: Node;
  private lease?: Lease;
  private version?: RuntimeVersion;
  private lastReport = 0;
  /** what kept the node from being Ready at the last check ('' : nothing) */
  private problems = '';
  private readonly abort = new AbortController();
  readonly done: Promise<unknown>;

  constructor(
    private readonly o: HeartbeatOptions,
    node: Node,
  ) {
    this.node = node;
    this.done = Promise.all([this.leaseLoop(), this.statusLoop()]);
  }

  stop(): Promise<unknown> {
    this.abort.abort();
    return this.done;
  }

  /** Node status now, then on its own schedule. */
  async reportNow(): Promise<void> {
    await this.reportStatus(true);
  }

  private log(line: string) {
    this.o.log?.(line);
  }

  private async leaseLoop() {
    const renewMs = this.o.leaseRenewMs ?? 10_000;
    let retryMs = 200;
    while (!this.abort.signal.aborted) {
      try {
        await this.renewLease();
        retryMs = 200;
        await sleep(renewMs, this.abort.signal);
      } catch (e) {
        // as the kubelet: retry soon, backing off to 7 s, well within the 40 s lease
        this.log(`lease: ${(e as Error).message}; retrying in ${retryMs} ms`);
        await sleep(retryMs, this.abort.signal);
        retryMs = Math.min(retryMs * 2, 7000);
      }
    }
  }

  async renewLease(): Promise<void> {
    const { api, nodeName } = this.o;
    const now = microTime(new Date());
    const spec = { holderIdentity: nodeName, leaseDurationSeconds: this.o.leaseDurationSeconds ?? 40, renewTime: now };
    if (!this.lease) this.lease = await api.get<Lease>(RESOURCES.leases, LEASE_NAMESPACE, nodeName);
    if (!this.lease) {
      const owner = { apiVersion: 'v1', kind: 'Node', name: nodeName, uid: this.node.metadata.uid! };
      this.lease = await api.create<Lease>(RESOURCES.leases, LEASE_NAMESPACE, {
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        metadata: { name: nodeName, namespace: LEASE_NAMESPACE, ownerReferences: [owner] },
        spec: { ...spec, acquireTime: now },
      });
      return;
    }
    try {
      this.lease = await api.update<Lease>(RESOURCES.leases, { ...this.lease, spec: { ...this.lease.spec, ...spec } });
    } catch (e) {
      // someone else wrote it, or it was deleted: read it again next time
      if (isConflict(e) || isNotFound(e)) this.lease = undefined;
      throw e;
    }
  }

  private async statusLoop() {
    const checkMs = this.o.statusCheckMs ?? 10_000;
    while (!this.abort.signal.aborted) {
      await sleep(checkMs, this.abort.signal);
      if (this.abort.signal.aborted) return;
      await this.reportStatus(false).catch((e) => this.log(`node status: ${(e as Error).message}`));
    }
  }

  private async health(): Promise<Health> {
    try {
      this.version = await this.o.runtime.version(AbortSignal.timeout(5000));
      const conditions = await this.o.runtime.conditions?.(AbortSignal.timeout(5000));
      return { problems: conditions ? runtimeProblems(conditions) : [] };
    } catch (e) {
      return { problems: [`container runtime is down: ${(e as Error).message}`] };
    }
  }

  private async reportStatus(force: boolean): Promise<void> {
    const health = await this.health();
    const problems = health.problems.join(', ');
    // told once when it changes, not at every check
    if (problems !== this.problems) this.log(problems ? `node not ready: ${problems}` : 'node ready again');
    this.problems = problems;
    // a laptop changes networks: the node's address follows
    this.o.facts.addresses = hostAddresses();
    const status = nodeStatus(this.node.status, this.o.nodeName, this.o.facts, this.version, health, new Date(), this.o.nodeOptions);
    const due = Date.now() - this.lastReport >= (this.o.statusReportMs ?? NODE_STATUS_REPORT_MS);
    if (!force && !due && !statusChanged(this.node.status, status)) return;
    // unconditional: the agent owns its Node's status
    const body = { ...this.node, metadata: { ...this.node.metadata, resourceVersion: undefined }, status };
    this.node = await this.o.api.update<Node>(RESOURCES.nodes, body, 'status');
    this.lastReport = Date.now();
  }
}
