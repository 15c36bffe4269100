/**
 * Taint eviction controller (`taint-eviction-controller`): deletes the pods of a node with
 * NoExecute taints once their tolerations run out (deadline.ts). Each eviction is reported by the
 * event TaintManagerEviction ("Marking for deletion Pod ns/name"), marked on the pod by the
 * condition DisruptionTarget, then done by an ordinary (graceful) delete: on a node that is gone
 * the pod stays Terminating, and its ReplicaSet, no longer counting it, replaces it.
 *
 * Keys are node names (every node change). A node with pods still tolerating its taints is looked
 * at again at the earliest deadline; the cron resync looks at every NoExecute-tainted node, which
 * is also when a pod bound to an already tainted node is first seen. An eviction that was pending
 * when the taints went away is reported cancelled ("Cancelling deletion of Pod ns/name"), as far
 * as this isolate remembers it.
 */
import type { Node, Taint } from '../../../lib/api/core/node.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { isNotFound } from '../../../lib/client/client.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { Controller, ControllerContext } from '../framework/controller.ts';
import { evictionTime } from './deadline.ts';
import { rfc3339 } from './health.ts';
import { Rechecks } from './recheck.ts';

const REASON = 'TaintManagerEviction';
/** Checked a little after the deadline, so that the pod is then past it. */
const AFTER_DEADLINE_MS = 200;
/** What one controller remembers (per isolate; tests make fresh ones). */
interface Memory {
  rechecks: Rechecks;
  /** node → pods (ns/name) with an eviction scheduled, for the cancellation event */
  scheduled: Map<string, Set<string>>;
  /** node/taint → when a NoExecute taint without timeAdded was first seen */
  firstSeen: Map<string, number>;
}

const podKey = (p: Pod) => `${p.metadata.namespace}/${p.metadata.name}`;
const asPod = (p: Pod): Pod => ({ ...p, apiVersion: 'v1', kind: 'Pod' });

function taintedSince(firstSeen: Memory['firstSeen'], node: string, taints: Taint[], now: number): number {
  return Math.min(
    ...taints.map((t) => {
      if (t.timeAdded) return Date.parse(t.timeAdded);
      const k = `${node}/${t.key}/${t.effect}`;
      if (!firstSeen.has(k)) firstSeen.set(k, now);
      return firstSeen.get(k)!;
    }),
  );
}

async function evict(ctx: ControllerContext, pod: Pod, now: number): Promise<void> {
  await ctx.events.normal(asPod(pod), REASON, `Marking for deletion Pod ${podKey(pod)}`);
  try {
    const condition = { type: 'DisruptionTarget', status: 'True', lastProbeTime: null, lastTransitionTime: rfc3339(now), reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' };
    await ctx.api.patch(RESOURCES.pods, pod.metadata.namespace, pod.metadata.name!, { status: { conditions: [condition] } }, 'strategic', 'status');
    await ctx.api.delete(RESOURCES.pods, pod.metadata.namespace, pod.metadata.name!, { preconditions: { uid: pod.metadata.uid } });
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
}

async function podsOn(ctx: ControllerContext, node: string): Promise<Pod[]> {
  const { items } = await ctx.api.list<Pod>(RESOURCES.pods, { fieldSelector: `spec.nodeName=${node}` });
  return items.filter((p) => !p.metadata.deletionTimestamp && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed');
}

const noExecuteTaints = (node: Node | undefined) => (node?.spec?.taints ?? []).filter((t) => t.effect === 'NoExecute');

/** Evicts what is due on node `name` and schedules a re-check for what will be. */
async function reconcileNode(m: Memory, name: string, ctx: ControllerContext): Promise<void> {
  const now = ctx.now().getTime();
  m.rechecks.fired(name, now);
  const node = await ctx.api.get<Node>(RESOURCES.nodes, undefined, name);
  const taints = noExecuteTaints(node);
  for (const k of m.firstSeen.keys()) if (k.startsWith(`${name}/`) && !taints.some((t) => k === `${name}/${t.key}/${t.effect}`)) m.firstSeen.delete(k);
  const before = m.scheduled.get(name) ?? new Set<string>();
  if (!taints.length && !before.size) return m.rechecks.forget(name);

  const pods = await podsOn(ctx, name);
  const since = taints.length ? taintedSince(m.firstSeen, name, taints, now) : now;
  const after = new Set<string>();
  let next = Infinity;
  for (const pod of pods) {
    const at = evictionTime(pod.spec?.tolerations, taints, since);
    if (at === undefined) {
      if (before.has(podKey(pod))) await ctx.events.normal(asPod(pod), REASON, `Cancelling deletion of Pod ${podKey(pod)}`);
    } else if (at <= now) {
      await evict(ctx, pod, now);
    } else {
      after.add(podKey(pod));
      next = Math.min(next, at);
    }
  }
  if (after.size) m.scheduled.set(name, after);
  else m.scheduled.delete(name);
  if (next < Infinity) await m.rechecks.at(ctx, name, next + AFTER_DEADLINE_MS, now);
  else m.rechecks.forget(name);
}

export function newTaintEvictionController(): Controller {
  const memory: Memory = { rechecks: new Rechecks(), scheduled: new Map(), firstSeen: new Map() };
  return {
    name: 'taint-eviction-controller',
    resyncMinutes: 5,
    // kube-controller-manager starts it with node-controller's client and role
    serviceAccount: 'node-controller',
    keysFor: (change) => (change.group === '' && change.resource === 'nodes' ? [change.name] : []),
    async resync(ctx) {
      const { items } = await ctx.api.list<Node>(RESOURCES.nodes);
      return items.filter((n) => noExecuteTaints(n).length).map((n) => n.metadata.name!);
    },
    reconcile: (name, ctx) => reconcileNode(memory, name, ctx),
  };
}

export const taintEvictionController = newTaintEvictionController();
