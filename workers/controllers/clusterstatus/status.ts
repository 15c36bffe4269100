/**
 * The cluster-status controller's decisions, apart from its API calls: which tenants a batch of
 * change messages makes it look at, and the status a tenant's nodes and pods give.
 *
 * Cost: nothing per idle tenant (no polling: only change messages bring a tenant up); a tenant
 * whose nodes or pods changed is looked at once per batch (two lists in it, a get in the root);
 * any other write only moves lastActivity, so it brings the tenant up at most once a minute per
 * isolate, and lastActivity is written at most once a minute per cluster.
 */
import type { ChangeMessage } from '../../apiserver/env.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { ClusterStatus } from '../../../lib/api/tenancy.ts';
import { ROOT_CLUSTER } from '../../../lib/auth/tokens.ts';
import type { QueueMessage } from '../env.ts';

export const CLUSTER_STATUS_CONTROLLER = 'cluster-status-controller';
/** lastActivity is kept to within this */
export const ACTIVITY_PERIOD_MS = 60_000;

/** Per isolate: when each tenant was last looked at for its activity alone; bounded. */
export class ActivityClock {
  private readonly looked = new Map<string, number>();
  constructor(private readonly max = 10_000) {}

  /** Whether a write with no node or pod in it is worth a look now (and, if so, notes the look). */
  due(tenant: string, now: number): boolean {
    const last = this.looked.get(tenant);
    if (last !== undefined && now - last < ACTIVITY_PERIOD_MS) return false;
    this.note(tenant, now);
    return true;
  }

  note(tenant: string, now: number): void {
    if (this.looked.size >= this.max && !this.looked.has(tenant)) this.looked.clear();
    this.looked.set(tenant, now);
  }
}

const countsChange = (m: ChangeMessage) => m.group === '' && (m.resource === 'nodes' || m.resource === 'pods');
const isChange = (m: QueueMessage): m is ChangeMessage => m.type === 'ADDED' || m.type === 'MODIFIED' || m.type === 'DELETED';

/**
 * The clusters (keys of the root's Cluster objects) a batch makes the controller look at: a
 * tenant whose nodes or pods changed; a tenant written to whose activity is due.
 */
export function clustersToLook(messages: QueueMessage[], clock: ActivityClock, now: number): string[] {
  const keys = new Set<string>();
  const written = new Set<string>();
  for (const m of messages) {
    if (m.type === 'REQUEUE' && m.controller === CLUSTER_STATUS_CONTROLLER) keys.add(m.key);
    if (!isChange(m)) continue;
    const cluster = m.cluster || ROOT_CLUSTER;
    if (cluster === ROOT_CLUSTER) continue; // a new Cluster is created with its status (clusters/lifecycle.ts)
    if (countsChange(m)) keys.add(cluster);
    else written.add(cluster);
  }
  for (const t of keys) clock.note(t, now);
  for (const t of written) if (!keys.has(t) && clock.due(t, now)) keys.add(t);
  return [...keys];
}

const isReady = (node: KubeObject) => ((node.status as { conditions?: { type: string; status: string }[] } | undefined)?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
const phaseOf = (pod: KubeObject) => (pod.status as { phase?: string } | undefined)?.phase;

/**
 * The status for what the tenant holds now. lastActivity moves to `now` when the tenant was
 * written to (`active`) and the one recorded is a period old or more.
 */
export function nextStatus(current: ClusterStatus | undefined, nodes: KubeObject[], pods: KubeObject[], active: boolean, now: Date): ClusterStatus {
  const next: ClusterStatus = {
    ...current,
    phase: 'Active',
    nodes: { ready: nodes.filter(isReady).length, total: nodes.length },
    pods: { running: pods.filter((p) => phaseOf(p) === 'Running').length, total: pods.length },
  };
  const last = current?.lastActivity ? Date.parse(current.lastActivity) : NaN;
  if (active && (Number.isNaN(last) || now.getTime() - last >= ACTIVITY_PERIOD_MS)) next.lastActivity = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return next;
}
