/**
 * The Node object the agent registers and the status it reports (pure): capacity and
 * allocatable (cpu, memory, ephemeral-storage, pods), addresses, nodeInfo, the kubelet's four
 * conditions, the well-known labels. Condition transition times survive recomputation, so the
 * status changes only when something changed, apart from heartbeat times.
 */
import type { Node, NodeCondition, NodeStatus } from '../../lib/api/core/node.ts';
import type { RuntimeCondition, RuntimeVersion } from '../runtime/types.ts';
import type { MachineFacts } from './machine.ts';

/** What `kubectl get nodes` shows as VERSION. */
export const KUBELET_VERSION = 'v1.32.0-timonier';

export interface NodeOptions {
  /** overrides of capacity (e.g. a simulated node's size) */
  capacity?: Partial<Record<'cpu' | 'memory' | 'pods' | 'ephemeral-storage', string>>;
  labels?: Record<string, string>;
}

export function nodeLabels(name: string, facts: MachineFacts, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'kubernetes.io/hostname': name,
    'kubernetes.io/os': facts.operatingSystem,
    'kubernetes.io/arch': facts.architecture,
    'beta.kubernetes.io/os': facts.operatingSystem,
    'beta.kubernetes.io/arch': facts.architecture,
    ...extra,
  };
}

export function newNode(name: string, facts: MachineFacts, opts: NodeOptions = {}): Node {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, labels: nodeLabels(name, facts, opts.labels) }, spec: {}, status: {} };
}

/** What keeps the node from being Ready, in the kubelet's words (none: Ready). */
export interface Health {
  problems: string[];
}

const shown = (c: RuntimeCondition | undefined) => (c ? `${c.type}=${c.status} reason:${c.reason} message:${c.message}` : '<nil>');

/**
 * The kubelet's reading of the runtime's conditions (updateRuntimeUp): the runtime must be ready,
 * and its network too; a containerd with no CNI configuration is not, and every sandbox on the
 * node would fail, so the node is NotReady and the scheduler places nothing there.
 */
export function runtimeProblems(conditions: RuntimeCondition[]): string[] {
  const runtime = conditions.find((c) => c.type === 'RuntimeReady');
  const network = conditions.find((c) => c.type === 'NetworkReady');
  return [...(runtime?.status ? [] : [`container runtime not ready: ${shown(runtime)}`]), ...(network?.status ? [] : [`container runtime network not ready: ${shown(network)}`])];
}

/** Several problems as Go's aggregated error prints them. */
const aggregated = (problems: string[]) => (problems.length === 1 ? problems[0] : `[${problems.join(', ')}]`);

const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

function condition(old: NodeCondition[] | undefined, type: string, ok: boolean, reason: string, message: string, now: Date): NodeCondition {
  const status = ok ? 'True' : 'False';
  const prev = old?.find((c) => c.type === type);
  return {
    type,
    status,
    lastHeartbeatTime: rfc3339(now),
    lastTransitionTime: prev?.status === status && prev.lastTransitionTime ? prev.lastTransitionTime : rfc3339(now),
    reason,
    message,
  };
}

export function nodeStatus(old: NodeStatus | undefined, name: string, facts: MachineFacts, version: RuntimeVersion | undefined, health: Health, now: Date, opts: NodeOptions = {}): NodeStatus {
  const capacity: Record<string, string> = {
    cpu: String(facts.cpus),
    memory: `${Math.floor(facts.memoryBytes / 1024)}Ki`,
    pods: '110',
    ...(facts.diskBytes ? { 'ephemeral-storage': `${Math.floor(facts.diskBytes / 1024)}Ki` } : {}),
    ...opts.capacity,
  };
  const conds = old?.conditions;
  const pressure = (type: string, reason: string, message: string) => condition(conds, type, false, reason, message, now);
  return {
    ...old,
    capacity,
    allocatable: { ...capacity },
    conditions: [
      pressure('MemoryPressure', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
      pressure('DiskPressure', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
      pressure('PIDPressure', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
      health.problems.length
        ? condition(conds, 'Ready', false, 'KubeletNotReady', aggregated(health.problems), now)
        : condition(conds, 'Ready', true, 'KubeletReady', 'kubelet is posting ready status', now),
    ],
    addresses: [...(facts.addresses[0] ? [{ type: 'InternalIP' as const, address: facts.addresses[0] }] : []), { type: 'Hostname' as const, address: name }],
    nodeInfo: {
      machineID: facts.machineID,
      systemUUID: facts.systemUUID,
      bootID: facts.bootID,
      kernelVersion: facts.kernelVersion,
      osImage: facts.osImage,
      containerRuntimeVersion: version ? `${version.runtimeName}://${version.runtimeVersion}` : '',
      kubeletVersion: KUBELET_VERSION,
      kubeProxyVersion: '',
      operatingSystem: facts.operatingSystem,
      architecture: facts.architecture,
    },
  };
}

/** Whether two statuses differ in more than heartbeat times. */
export function statusChanged(a: NodeStatus | undefined, b: NodeStatus): boolean {
  const strip = (s: NodeStatus | undefined) => JSON.stringify({ ...s, conditions: s?.conditions?.map((c) => ({ ...c, lastHeartbeatTime: undefined })) });
  return strip(a) !== strip(b);
}
