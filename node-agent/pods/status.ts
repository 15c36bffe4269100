/**
 * The pod's status as the kubelet reports it, computed from the container views: phase,
 * conditions (PodReadyToStartContainers, Initialized, ContainersReady, Ready; PodScheduled and
 * any condition the agent does not own are kept), container and init container statuses, pod and
 * host IPs, start time. Pure; fields the agent does not own (qosClass, nominatedNodeName, ...)
 * are carried over from the current status. Times keep their old value when nothing changed, so
 * computing twice gives the same status and the agent writes only real changes.
 */
import type { ContainerState, ContainerStatus, Pod, PodCondition, PodStatus } from '../../lib/api/core/pod.ts';
import type { ContainerInfo } from '../runtime/types.ts';
import type { RestartPolicy } from './plan.ts';
import { exitCode, isExited, isInitKind, isRunning, type ContainerView } from './view.ts';

export interface StatusInput {
  pod: Pod;
  views: ContainerView[];
  initialized: boolean;
  initFailed: boolean;
  sandbox?: { ready: boolean; ips: string[] };
  hostIPs: string[];
  now: Date;
  /** prefix of container IDs, e.g. containerd */
  runtimeName: string;
  /** the pod is being deleted: nothing restarts any more */
  terminating?: boolean;
}

export const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

const OWNED = ['PodReadyToStartContainers', 'Initialized', 'ContainersReady', 'Ready'];

function terminated(c: ContainerInfo, runtimeName: string): ContainerState {
  const code = c.exitCode ?? 0;
  return {
    terminated: {
      exitCode: code,
      reason: c.reason ?? (code === 0 ? 'Completed' : 'Error'),
      ...(c.message ? { message: c.message } : {}),
      startedAt: c.startedAt ? rfc3339(c.startedAt) : undefined,
      finishedAt: c.finishedAt ? rfc3339(c.finishedAt) : undefined,
      containerID: `${runtimeName}://${c.id}`,
    },
  };
}

export function containerStatus(v: ContainerView, initialized: boolean, runtimeName: string): ContainerStatus {
  const c = v.current;
  let state: ContainerState;
  let last: ContainerInfo | undefined = v.previous;
  if (c && isRunning(v)) state = { running: { startedAt: rfc3339(c.startedAt ?? c.createdAt) } };
  else if (c && isExited(v) && v.waiting) {
    // exited and held back (CrashLoopBackOff): waiting now, the exit becomes the last state
    state = { waiting: v.waiting };
    last = c;
  } else if (c && isExited(v)) state = terminated(c, runtimeName);
  else if (v.waiting) state = { waiting: v.waiting };
  else if (c) state = { waiting: { reason: 'ContainerCreating' } };
  // not created yet: app containers wait for the init containers, which wait their turn
  else state = { waiting: { reason: (v.kind === 'app' || v.kind === 'ephemeral') && initialized ? 'ContainerCreating' : 'PodInitializing' } };
  return {
    name: v.spec.name,
    state,
    lastState: last && last.state === 'exited' ? terminated(last, runtimeName) : {},
    ready: isRunning(v) && v.ready,
    restartCount: v.restartCount,
    image: v.spec.image ?? '',
    imageID: c?.imageRef ?? '',
    ...(c ? { containerID: `${runtimeName}://${c.id}` } : {}),
    started: isRunning(v) && v.started,
  };
}

/** An ephemeral container's status: never ready, no `started` (no probe manager tracks it). */
function ephemeralStatus(v: ContainerView, runtimeName: string): ContainerStatus {
  const { started: _started, ...s } = containerStatus(v, true, runtimeName);
  return { ...s, ready: false };
}

/** The kubelet's getPhase. */
export function podPhase(views: ContainerView[], policy: RestartPolicy, s: { initialized: boolean; initFailed: boolean }): PodStatus['phase'] {
  if (s.initFailed) return 'Failed';
  if (!s.initialized) return 'Pending';
  let running = 0, waiting = 0, stopped = 0, succeeded = 0;
  for (const v of views) {
    if (v.kind !== 'app') continue;
    if (isRunning(v)) running++;
    else if (isExited(v)) {
      stopped++;
      if (exitCode(v) === 0) succeeded++;
    } else if (v.previous) stopped++;
    else waiting++;
  }
  if (waiting > 0) return 'Pending';
  if (running > 0) return 'Running';
  if (stopped > 0) {
    if (policy === 'Always') return 'Running';
    if (stopped === succeeded) return 'Succeeded';
    if (policy === 'Never') return 'Failed';
    return 'Running';
  }
  return 'Pending';
}

function condition(old: PodCondition[] | undefined, type: string, ok: boolean, now: Date, reason?: string, message?: string): PodCondition {
  const status = ok ? 'True' : 'False';
  const prev = old?.find((c) => c.type === type);
  const since = prev?.status === status && prev.lastTransitionTime ? prev.lastTransitionTime : rfc3339(now);
  return { type, status, lastProbeTime: null as unknown as undefined, lastTransitionTime: since, ...(ok ? {} : { reason, message }) };
}

export function podStatus(input: StatusInput): PodStatus {
  const { pod, views, now } = input;
  const old = pod.status ?? {};
  const policy = (pod.spec?.restartPolicy ?? 'Always') as RestartPolicy;
  const oldPhase = old.phase;
  let phase = podPhase(views, input.terminating ? 'Never' : policy, input);
  // a terminal phase never changes again
  if (oldPhase === 'Succeeded' || oldPhase === 'Failed') phase = oldPhase;
  const terminal = phase === 'Succeeded' || phase === 'Failed';

  // readiness is the app containers' and sidecars' (never an ephemeral container's)
  const apps = views.filter((v) => v.kind === 'app' || v.kind === 'sidecar');
  const unready = apps.filter((v) => !(isRunning(v) && v.ready)).map((v) => v.spec.name);
  const pendingInit = views.filter((v) => isInitKind(v.kind) && !(v.kind === 'init' ? isExited(v) && exitCode(v) === 0 : isRunning(v) && v.started)).map((v) => v.spec.name);
  const readyMsg = `containers with unready status: [${unready.join(' ')}]`;
  const conditions: PodCondition[] = [
    ...(old.conditions ?? []).filter((c) => !OWNED.includes(c.type ?? '')),
    condition(old.conditions, 'PodReadyToStartContainers', !!input.sandbox?.ready, now),
    condition(old.conditions, 'Initialized', input.initialized, now, 'ContainersNotInitialized', `containers with incomplete status: [${pendingInit.join(' ')}]`),
    condition(old.conditions, 'ContainersReady', !terminal && unready.length === 0, now, terminal ? 'PodCompleted' : 'ContainersNotReady', terminal ? '' : readyMsg),
    condition(old.conditions, 'Ready', !terminal && unready.length === 0, now, terminal ? 'PodCompleted' : 'ContainersNotReady', terminal ? '' : readyMsg),
  ];
  if (!conditions.some((c) => c.type === 'PodScheduled')) conditions.push(condition(undefined, 'PodScheduled', true, now));
  for (const c of conditions) if (c.message === '') delete c.message;

  const ips = input.sandbox?.ips.length ? input.sandbox.ips : (old.podIPs ?? []).map((p) => p.ip ?? '');
  const status: PodStatus = {
    ...old,
    phase,
    conditions,
    hostIP: input.hostIPs[0],
    hostIPs: input.hostIPs.map((ip) => ({ ip })),
    startTime: old.startTime ?? rfc3339(now),
    containerStatuses: views.filter((v) => v.kind === 'app').map((v) => containerStatus(v, input.initialized, input.runtimeName)),
  };
  const inits = views.filter((v) => isInitKind(v.kind));
  if (inits.length) status.initContainerStatuses = inits.map((v) => containerStatus(v, input.initialized, input.runtimeName));
  else delete status.initContainerStatuses;
  const ephemeral = views.filter((v) => v.kind === 'ephemeral');
  if (ephemeral.length) status.ephemeralContainerStatuses = ephemeral.map((v) => ephemeralStatus(v, input.runtimeName));
  else delete status.ephemeralContainerStatuses;
  if (ips.length) {
    status.podIP = ips[0];
    status.podIPs = ips.map((ip) => ({ ip }));
  }
  return status;
}
