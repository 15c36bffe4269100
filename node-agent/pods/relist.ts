/**
 * The runtime side of change detection (the kubelet's PLEG): every second the agent lists its
 * containers and wakes the pods whose containers changed (created, started, exited, removed).
 * CRI has no change stream in the subset we speak, and a list of a few dozen containers is
 * cheap. Sandboxes of this node whose pod the agent no longer has are removed (pods deleted
 * while the agent was down).
 */
import { LABELS, type Runtime } from '../runtime/types.ts';
import { sleep } from './hooks.ts';

export interface RelistTarget {
  /** wake the pod with this uid, if the agent has it */
  changed(uid: string): void;
  /** whether the agent manages this pod uid (false for leftovers) */
  has(uid: string): boolean;
  /** true once the pod list is in (before it, nothing is a leftover) */
  synced(): boolean;
}

export async function relistLoop(runtime: Runtime, nodeLabel: Record<string, string>, target: RelistTarget, periodMs: number, signal: AbortSignal, log: (line: string) => void): Promise<void> {
  let last = new Map<string, string>();
  while (!signal.aborted) {
    try {
      const containers = await runtime.listContainers(nodeLabel);
      const now = new Map<string, string>();
      for (const c of containers.sort((a, b) => (a.id < b.id ? -1 : 1))) {
        const uid = c.labels[LABELS.podUid] ?? '';
        now.set(uid, `${now.get(uid) ?? ''}${c.id}:${c.state};`);
      }
      for (const uid of new Set([...now.keys(), ...last.keys()])) if (now.get(uid) !== last.get(uid)) target.changed(uid);
      last = now;
      if (target.synced()) await removeLeftovers(runtime, nodeLabel, target, log);
    } catch (e) {
      log(`relist: ${(e as Error).message}`);
    }
    await sleep(periodMs, signal);
  }
}

async function removeLeftovers(runtime: Runtime, nodeLabel: Record<string, string>, target: RelistTarget, log: (line: string) => void) {
  for (const sb of await runtime.listSandboxes(nodeLabel)) {
    const uid = sb.labels[LABELS.podUid];
    if (!uid || target.has(uid)) continue;
    log(`removing sandbox ${sb.id} of pod ${sb.labels[LABELS.podNamespace]}/${sb.labels[LABELS.podName]}, which is no longer on this node`);
    for (const c of await runtime.listContainers({ [LABELS.podUid]: uid })) await runtime.stopContainer(c.id, 0);
    await runtime.stopSandbox(sb.id);
    await runtime.removeSandbox(sb.id);
  }
}
