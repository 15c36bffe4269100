/**
 * Milestones of a new pod's start on this node (seen, sandbox, containers, first probe, status),
 * for the benchmark's breakdown of the agent's part (bench/containerd.ts). Off unless a listener
 * is set: a mark then costs one check. Process-wide, as several agents may share a process: a
 * listener tells pods apart by uid.
 */
export type StartStep =
  /** the pod source handed the pod to a new worker */
  | 'seen'
  /** RunPodSandbox asked, and answered (the sandbox's network is set up by then) */
  | 'sandbox-asked'
  | 'sandbox-made'
  /** the pod's volumes written (service-account token, ConfigMaps) */
  | 'volumes'
  /** the sandbox and the volumes both ready: the containers may be made */
  | 'prepared'
  /** a container's CreateContainer asked and answered, its start answered */
  | 'create-asked'
  | 'created'
  | 'started'
  /** the node's service rules include the pod (a new sandbox's containers wait for them) */
  | 'rules'
  /** a readiness probe ran (ok or not) */
  | 'probe-failed'
  | 'probe-ok'
  /** a pods/status write asked and answered, with the pod then Ready or not */
  | 'status-asked'
  | 'status-ready';

export type StartListener = (uid: string, step: StartStep, atMs: number) => void;

let listener: StartListener | undefined;

/** Calls `fn` with each milestone (time as performance.timeOrigin + performance.now()) until the returned stop. */
export function traceStarts(fn: StartListener): () => void {
  listener = fn;
  return () => {
    if (listener === fn) listener = undefined;
  };
}

export function markStart(uid: string | undefined, step: StartStep): void {
  if (listener && uid) listener(uid, step, performance.timeOrigin + performance.now());
}
