/**
 * What the agent knows about each container of a pod at one moment: the runtime's newest
 * instance and the one before it, plus what only the agent knows (why it is waiting, what the
 * probes say). Planning and status are computed from these views, never from the runtime
 * directly, so both are pure and testable.
 */
import type { Container, PodSpec } from '../../lib/api/core/pod.ts';
import type { ContainerInfo } from '../runtime/types.ts';

/** ephemeral: added by `kubectl debug`, started once, never restarted, no probes */
export type ContainerKind = 'init' | 'sidecar' | 'app' | 'ephemeral';

/** A container of the pod spec; the API guarantees the name. */
export type PodContainer = Container & { name: string };

export interface ContainerView {
  spec: PodContainer;
  kind: ContainerKind;
  /** the newest instance */
  current?: ContainerInfo;
  /** the instance before it: lastState, and `logs --previous` */
  previous?: ContainerInfo;
  restartCount: number;
  /** why the agent holds it back (ErrImagePull, CreateContainerConfigError, CrashLoopBackOff...) */
  waiting?: { reason: string; message?: string };
  started: boolean;
  ready: boolean;
  unhealthy?: 'liveness' | 'startup';
}

/** Init containers (plain or sidecar), app containers, then ephemeral containers, in the pod's order. */
export function podContainers(spec: PodSpec): { spec: PodContainer; kind: ContainerKind }[] {
  return [
    ...(spec.initContainers ?? []).map((c) => ({ spec: c as PodContainer, kind: (c.restartPolicy === 'Always' ? 'sidecar' : 'init') as ContainerKind })),
    ...(spec.containers ?? []).map((c) => ({ spec: c as PodContainer, kind: 'app' as ContainerKind })),
    // an ephemeral container carries a Container's fields (and targetContainerName)
    ...(spec.ephemeralContainers ?? []).map((c) => ({ spec: c as PodContainer, kind: 'ephemeral' as ContainerKind })),
  ];
}

/** The container whose processes an ephemeral container sees (`kubectl debug --target`). */
export const targetOf = (v: ContainerView): string | undefined => (v.kind === 'ephemeral' ? (v.spec as { targetContainerName?: string }).targetContainerName || undefined : undefined);

/** Init containers proper and sidecars: what the pod's initialization waits for. */
export const isInitKind = (kind: ContainerKind) => kind === 'init' || kind === 'sidecar';

/** The newest two instances of each container name (by attempt, then creation time). */
export function instancesByName(infos: ContainerInfo[]): Map<string, { current?: ContainerInfo; previous?: ContainerInfo }> {
  const by = new Map<string, ContainerInfo[]>();
  for (const c of infos) by.set(c.name, [...(by.get(c.name) ?? []), c]);
  const out = new Map<string, { current?: ContainerInfo; previous?: ContainerInfo }>();
  for (const [name, list] of by) {
    list.sort((a, b) => b.attempt - a.attempt || b.createdAt.getTime() - a.createdAt.getTime());
    out.set(name, { current: list[0], previous: list[1] });
  }
  return out;
}

export const isRunning = (v: ContainerView) => v.current?.state === 'running';
export const isExited = (v: ContainerView) => v.current?.state === 'exited' || v.current?.state === 'unknown';
export const exitCode = (v: ContainerView) => v.current?.exitCode ?? (v.current?.state === 'unknown' ? 255 : undefined);
